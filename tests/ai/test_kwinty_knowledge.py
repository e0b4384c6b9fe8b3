"""Kwinty knowledge: threat detection on bit-boards, immediate wins, forced blocks."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import tablier
from tablier.ai.mcts import MCTSPlayer, SearchSettings
from tablier.core.state import State

kwinty = pytest.importorskip("tablier.games.kwinty.heuristics")
from tablier.games.kwinty.geometry import has_five  # noqa: E402
from tablier.games.kwinty.state import KwintyState  # noqa: E402


def random_positions(variant: str, games: int) -> Iterator[KwintyState]:
    game = tablier.load("kwinty", variant=variant)
    for seed in range(games):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            assert isinstance(state, KwintyState)
            yield state
            player = state.current_players()[0]
            state = state.clone()
            state.apply(player, rng.choice(state.legal_moves(player)))


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


def test_the_search_proves_a_won_kwinty_position() -> None:
    # two open threats at once: whatever the opponent blocks, the other one wins
    game = tablier.load("kwinty")
    for state in random_positions("kwinty", 40):
        player = state.current_players()[0]
        if kwinty.winning_placements(state, player):
            continue
        wins_next = [
            move
            for move in state.legal_moves(player)
            if move != "pass" and _wins_whatever_is_answered(state, player, str(move))
        ]
        if not wins_next:
            continue
        search = MCTSPlayer(game, 1, SearchSettings(iterations=4000))
        move = search.choose(state.observation(player), player)
        assert search.last_report.proven is not None
        assert search.last_report.proven[player] == 1.0
        assert _wins_whatever_is_answered(state, player, move) or _wins_later(state, player, move)
        return
    pytest.fail("no position with a two-threat win in these games")


def _wins_whatever_is_answered(state: State, player: int, move: str) -> bool:
    after = state.clone()
    after.apply(player, move)
    if after.is_terminal():
        return after.returns()[player] == 1.0
    other = after.current_players()[0]
    if other == player:
        return False
    assert isinstance(after, KwintyState)
    if kwinty.winning_placements(after, other) or not kwinty.winning_placements(after, player):
        return False
    for reply in after.legal_moves(other):
        answered = after.clone()
        answered.apply(other, reply)
        if not answered.is_terminal():
            assert isinstance(answered, KwintyState)
            if not kwinty.winning_placements(answered, player):
                return False
    return True


def _wins_later(state: State, player: int, move: str) -> bool:
    """A proved win may take a longer road than the two-threat one: check it by search."""
    after = state.clone()
    after.apply(player, move)
    if after.is_terminal():
        return after.returns()[player] == 1.0
    other = after.current_players()[0]
    search = MCTSPlayer(state.game, 2, SearchSettings(iterations=4000))
    search.choose(after.observation(other), other)
    proven = search.last_report.proven
    return proven is not None and proven[player] == 1.0
