"""Kwinty knowledge: threat detection on bit-boards, immediate wins, forced blocks."""

from __future__ import annotations

import random

import pytest

import tablier
from tablier.ai.mcts import MCTSPlayer, SearchSettings
from tablier.core.state import State

kwinty = pytest.importorskip("tablier.games.kwinty.heuristics")
from kwinty_positions import random_positions  # noqa: E402

from tablier.games.kwinty.geometry import has_five  # noqa: E402
from tablier.games.kwinty.state import KwintyState  # noqa: E402


@pytest.mark.parametrize("variant", ["kwinty", "kwintie"])
def test_threat_masks_agree_with_the_engine_on_every_placement(variant: str) -> None:
    checked = wins = 0
    for state in random_positions(variant, 25):
        for player in (0, 1):
            masks = kwinty.threat_masks(state.geo, state.occ[player], state.occ[0] | state.occ[1])
            for placement in state._placements(player):
                cells = kwinty.cells_of(state.geo, *placement)
                expected = has_five(state.occ[player] | cells, state.geo)
                assert kwinty.completes(state.geo, masks, *placement) == expected
                checked += 1
                wins += expected
    assert wins > 0 and checked > wins


def positions_where(predicate: object, limit: int = 6) -> list[KwintyState]:
    found = []
    for state in random_positions("kwinty", 200):
        if predicate(state):  # type: ignore[operator]
            found.append(state)
            if len(found) == limit:
                break
    assert found
    return found


def player_to_move(state: State) -> int:
    return state.current_players()[0]


def test_the_search_takes_an_immediate_win() -> None:
    game = tablier.load("kwinty")
    for state in positions_where(lambda s: kwinty.winning_placements(s, player_to_move(s))):
        seat = player_to_move(state)
        move = MCTSPlayer(game, 0, SearchSettings(iterations=20)).choose(
            state.observation(seat), seat
        )
        after = state.clone()
        after.apply(seat, move)
        assert after.is_terminal() and after.returns()[seat] == 1.0


def test_the_search_blocks_a_threat_it_can_block() -> None:
    game = tablier.load("kwinty")
    knowledge = kwinty.KwintyHeuristics(game)

    def must_block(state: KwintyState) -> bool:
        seat = player_to_move(state)
        if kwinty.winning_placements(state, seat):
            return False
        if not kwinty.winning_placements(state, 1 - seat) or state.left[1 - seat] == 0:
            return False
        moves = state.legal_moves(seat)
        return len(knowledge.candidate_moves(state, seat, moves)) < len(moves)

    for state in positions_where(must_block):
        seat = player_to_move(state)
        move = MCTSPlayer(game, 1, SearchSettings(iterations=30)).choose(
            state.observation(seat), seat
        )
        after = state.clone()
        after.apply(seat, move)
        assert after.is_terminal() or not kwinty.winning_placements(after, 1 - seat)


def test_evaluation_prefers_the_player_with_more_live_windows() -> None:
    game = tablier.load("kwinty")
    knowledge = kwinty.KwintyHeuristics(game)
    state = game.new_state(seed=0)
    for player, move in [(0, "i1h"), (1, "k1v"), (0, "i2h"), (1, "h1v")]:
        state.apply(player, move)
    values = knowledge.evaluate(state)
    assert values[0] == -values[1]
    assert -1.0 < values[0] < 1.0
    white_more = kwinty.window_score(state, 0) > kwinty.window_score(state, 1)
    assert (values[0] > 0) == white_more


def test_a_playout_with_a_depth_stops_there_and_scores_with_the_evaluation() -> None:
    game = tablier.load("kwinty")
    knowledge = kwinty.KwintyHeuristics(game)
    knowledge.playout_depth = 3
    rng = random.Random(5)
    cut = 0
    for state in random_positions("kwinty", 3):
        played = state.clone()
        values = knowledge.playout(played, rng)
        moves = len(played.history) - len(state.history)
        if played.is_terminal():
            assert moves <= 3
            assert values == [float(v) for v in played.returns()]
        else:
            cut += 1
            assert moves == 3
            assert values == knowledge.evaluate(played)
    assert cut > 10


@pytest.mark.parametrize("variant", ["kwinty", "kwintie"])
@pytest.mark.parametrize("short_faces", ["strict", "ends"])
def test_placements_from_the_bit_boards_are_the_engines_placements(
    variant: str, short_faces: str
) -> None:
    game = tablier.load("kwinty", variant=variant, short_faces=short_faces)
    checked = 0
    for seed in range(15):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            assert isinstance(state, KwintyState)
            for player in (0, 1):
                assert sorted(kwinty.placements(state, player)) == sorted(state._placements(player))
                checked += 1
            mover = state.current_players()[0]
            state.apply(mover, rng.choice(state.legal_moves(mover)))
    assert checked > 300


def reference_playout(state: KwintyState, rng: random.Random) -> list[float]:
    """The playout rule written plainly: the first winning placement of the list if
    there is one, else a uniformly random placement, else a pass."""
    while state.to_move is not None:
        player = state.to_move
        mine = kwinty.placements(state, player)
        if not mine:
            state.apply(player, "pass")
            continue
        masks = kwinty.threat_masks(state.geo, state.occ[player], state.occ[0] | state.occ[1])
        wins = [p for p in mine if kwinty.completes(state.geo, masks, *p)]
        state.play_fast(player, *(wins[0] if wins else mine[rng.randrange(len(mine))]))
    return [float(v) for v in state.returns()]


@pytest.mark.parametrize("variant", ["kwinty", "kwintie"])
def test_playouts_from_the_bit_boards_play_the_plain_rule_move_for_move(variant: str) -> None:
    knowledge = kwinty.KwintyHeuristics(tablier.load("kwinty", variant=variant))
    assert knowledge.threat_playouts and not knowledge.block_in_playouts
    knowledge.compiled_playouts = False  # the Python playout (fastplay.c has its own test)
    ended_by_line = 0
    for n, state in enumerate(random_positions(variant, 8)):
        fast, plain = state.clone(), state.clone()
        values = knowledge.playout(fast, random.Random(n))
        assert values == reference_playout(plain, random.Random(n))
        assert fast.history == plain.history and fast.history[len(state.history) :]
        ended_by_line += fast.reason == "line"
    assert ended_by_line > 10


def test_the_kth_bit_is_counted_from_the_lowest() -> None:
    board = 0b1011_0100
    assert [kwinty._kth_bit(board, k) for k in range(4)] == [2, 4, 5, 7]
