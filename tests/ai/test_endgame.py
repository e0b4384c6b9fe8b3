"""The exact endgame search: its results against plain minimax, its key, its players."""

from __future__ import annotations

import random

import pytest

import tablier
from tablier.ai.endgame import EndgameMCTSPlayer, position_key, shortest_win, solve
from tablier.ai.players import make_player
from tablier.core.state import State


def near_the_end(game_id: str, seed: int, back: int) -> State:
    """A position `back` moves before the end of a seeded random game."""
    state = tablier.load(game_id).new_state(seed=seed)
    rng = random.Random(seed)
    trail = []
    while not state.is_terminal():
        trail.append(state.clone())
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    return trail[-back]


def minimax(state: State, seat: int) -> int:
    """The exact result for `seat`, every move searched, nothing remembered."""
    if state.is_terminal():
        return int(state.returns()[seat])
    mover = state.current_players()[0]
    results = []
    for move in state.legal_moves(mover):
        after = state.clone()
        after.apply(mover, move)
        results.append(minimax(after, seat))
    return max(results) if mover == seat else min(results)


@pytest.mark.parametrize(("game", "back"), [("turris", 3), ("turris", 4), ("counterplays", 2)])
def test_the_solver_agrees_with_plain_minimax(game: str, back: int) -> None:
    for seed in range(4):
        state = near_the_end(game, seed, back)
        found = solve(state)
        assert found is not None
        mover = state.current_players()[0]
        assert found.value == minimax(state, mover), (game, seed)
        # its move keeps that result
        after = state.clone()
        after.apply(mover, found.best)
        assert minimax(after, mover) == found.value


def test_a_position_beyond_the_budget_is_not_guessed() -> None:
    state = near_the_end("counterplays", 0, 16)
    assert solve(state, nodes=50) is None


def test_the_key_ignores_the_order_of_the_moves() -> None:
    game = tablier.load("kwinty")
    start = game.new_state(seed=0)
    start.apply(0, "i1h")
    # Black's two pieces in either order, White's between them: one position
    first, second = "i2h", "h1v"
    one, two = start.clone(), start.clone()
    for player, move in ((1, first), (0, "k1v"), (1, second)):
        one.apply(player, move)
    for player, move in ((1, second), (0, "k1v"), (1, first)):
        two.apply(player, move)
    assert one.history != two.history
    assert position_key(one) == position_key(two)
    other = start.clone()
    for player, move in ((1, first), (0, "k1v"), (1, "l1h")):
        other.apply(player, move)
    assert position_key(other) != position_key(one)


def test_the_shortest_win_is_the_shortest() -> None:
    for seed in range(6):
        state = near_the_end("turris", seed, 3)
        mover = state.current_players()[0]
        found = solve(state)
        short = shortest_win(state, mover, 3)
        assert found is not None
        assert (short is not None) == (found.value == 1) or short is None
        if short is not None:
            move, moves = short
            assert found.value == 1 and 1 <= moves <= 3
            after = state.clone()
            after.apply(mover, move)
            assert minimax(after, mover) == 1


def test_hard_plays_a_solved_end_exactly() -> None:
    game = tablier.load("turris")
    player = make_player("hard", game, seed=1)
    assert isinstance(player, EndgameMCTSPlayer)
    checked = 0
    for seed in range(8):
        state = near_the_end("turris", seed, 3)
        mover = state.current_players()[0]
        if minimax(state, mover) != 1:
            continue
        move = player.choose(state.observation(mover), mover)
        after = state.clone()
        after.apply(mover, move)
        assert minimax(after, mover) == 1  # the win is kept
        assert player.last_solution is not None and player.last_solution.value == 1
        checked += 1
    assert checked >= 2
