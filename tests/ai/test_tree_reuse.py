"""The search keeps the part of its tree the moves played since lead to (`reuse`).

A kept node must be the very position asked about: the same game, options and moves.
Anything else starts a fresh tree, and hidden information never reuses one.
"""

from __future__ import annotations

import pytest
from ai_toys import NimGame

import tablier
from tablier.ai.mcts import MCTSPlayer, SearchSettings
from tablier.core.game import Game
from tablier.core.state import State


def keeper(game: Game, iterations: int = 400, seed: int = 3) -> MCTSPlayer:
    return MCTSPlayer(game, seed, SearchSettings(iterations=iterations, reuse=True, solve=False))


def reply(state: State, player: MCTSPlayer, seat: int) -> str:
    move = player.choose(state.observation(seat), seat)
    state.apply(seat, move)
    return move


@pytest.mark.parametrize(
    ("game_id", "iterations"), [("kwinty", 400), ("turris", 400), ("counterplays", 600)]
)
def test_the_next_search_starts_from_the_subtree_of_the_moves_played(
    game_id: str, iterations: int
) -> None:
    game = tablier.load(game_id)
    state = game.new_state(seed=5)
    me = keeper(game, iterations)
    seat = state.current_players()[0]
    reply(state, me, seat)
    kept = me._kept
    assert kept is not None and me.last_report.reused == 0
    # the opponent answers with the move the search explored most for him
    mine = kept.root.children[((seat, state.history[-1][1]),)]
    other = state.current_players()[0]
    answers = {j: c for j, c in mine.children.items() if j[0][0] == other}
    (answer, node) = max(answers.items(), key=lambda item: item[1].visits)
    state.apply(other, answer[0][1])
    expected = node.visits
    reply(state, me, seat)
    assert me._kept is not None and me._kept.root is node
    assert me.last_report.reused == expected
    # the statistics the new search adds sit on top of the inherited ones
    kept = me._kept
    assert kept is not None
    added = me.last_report.iterations
    assert sum(e.visits for e in kept.root.edges[seat].values()) == expected + added


def test_an_answer_the_search_never_tried_starts_a_fresh_tree() -> None:
    game = tablier.load("kwinty")
    state = game.new_state(seed=0)
    me = keeper(game, iterations=8)
    seat = state.current_players()[0]
    reply(state, me, seat)
    kept = me._kept
    assert kept is not None
    other = state.current_players()[0]
    tried = {j[0][1] for j in kept.root.children[((seat, state.history[-1][1]),)].children}
    untried = [m for m in state.legal_moves(other) if m not in tried]
    assert untried, "8 iterations should leave an answer untried"
    state.apply(other, untried[0])
    reply(state, me, seat)
    assert me.last_report.reused == 0


def test_another_game_or_other_options_never_reuse_the_tree() -> None:
    me = keeper(tablier.load("kwinty"), iterations=100)
    first = tablier.load("kwinty").new_state(seed=1)
    seat = first.current_players()[0]
    opening = first.legal_moves(seat)[0]
    first.apply(seat, opening)
    reply(first, me, first.current_players()[0])
    kept = me._kept
    assert kept is not None and kept.played == ((seat, opening),)
    # a game that opened otherwise
    fresh = tablier.load("kwinty").new_state(seed=1)
    fresh.apply(seat, fresh.legal_moves(seat)[1])
    asked = fresh.current_players()[0]
    assert me._reused(fresh.observation(asked), asked) is None
    # the same opening under other options is another position
    strict = tablier.load("kwinty", short_faces="strict").new_state(seed=1)
    strict.apply(seat, opening)
    assert me._reused(strict.observation(asked), asked) is None
    # while the very same game is found again
    same = tablier.load("kwinty").new_state(seed=1)
    same.apply(seat, opening)
    assert me._reused(same.observation(asked), asked) is kept.root


def test_a_position_that_differs_from_the_kept_one_is_never_taken_for_it() -> None:
    """Toy games keep their size outside the options: only the position check sees it."""
    me = MCTSPlayer(NimGame(13), 1, SearchSettings(iterations=200, reuse=True))
    me.choose(NimGame(13).new_state(seed=0).observation(0), 0)
    other = NimGame(9).new_state(seed=0)
    assert me._reused(other.observation(0), 0) is None


def test_proofs_carry_over_and_the_reused_search_still_plays_the_win() -> None:
    game = NimGame(13)
    me = MCTSPlayer(game, 1, SearchSettings(iterations=3000, reuse=True))
    state = game.new_state(seed=0)
    reply(state, me, 0)
    # 13 stones: taking 1 leaves 12, a multiple of four, lost for the opponent
    assert state.history[-1][1] == "1"
    state.apply(1, "2")  # 10 left for us
    move = reply(state, me, 0)
    assert me.last_report.reused > 0
    assert me.last_report.proven is not None and me.last_report.proven[0] == 1.0
    assert move == "2"


def test_without_the_setting_every_search_is_fresh() -> None:
    game = tablier.load("kwinty")
    state = game.new_state(seed=2)
    me = MCTSPlayer(game, 3, SearchSettings(iterations=200))
    seat = state.current_players()[0]
    reply(state, me, seat)
    other = state.current_players()[0]
    state.apply(other, state.legal_moves(other)[0])
    reply(state, me, seat)
    assert me._kept is None and me.last_report.reused == 0


def test_hard_and_expert_keep_their_tree_and_easy_and_medium_do_not() -> None:
    from tablier.ai.levels import LEVELS

    reuse = {level.names[0]: level.settings.reuse for level in LEVELS}
    assert reuse == {"easy": False, "medium": False, "hard": True, "expert": True}
