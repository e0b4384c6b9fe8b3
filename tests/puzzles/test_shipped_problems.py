"""A sample of the shipped problems proved again from scratch: the key move wins against
every defence, no other move does, and the solution line is a won game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablier.ai import endgame
from tablier.ai.knowledge import heuristics_for
from tablier.puzzles import store
from tablier.puzzles.verify import METHODS, Forced, fast_key

SAMPLE = 20
NODES, SECONDS = 2_000_000, 300.0


def _sample(game: str) -> list[dict[str, Any]]:
    pool = list(store.problems(game))
    return random.Random(f"sample-{game}").sample(pool, min(SAMPLE, len(pool)))


@pytest.mark.parametrize("game", sorted(METHODS))
def test_problems_ship_for_every_game(game: str) -> None:
    # a floor under what ships now (docs/problems.md); the goal is 300 per game
    pool = store.problems(game)
    assert len(pool) >= 300
    assert len({p["id"] for p in pool}) == len(pool)


@pytest.mark.parametrize("game", sorted(METHODS))
def test_a_sample_of_shipped_problems_is_proved_again(game: str) -> None:
    for problem in _sample(game):
        state = store.position(problem)
        seat, key = problem["seat"], problem["key"]
        legal = [str(m) for m in state.legal_moves(seat)]
        assert key in legal and len(legal) == problem["legal"] >= 2
        if METHODS[game] == "forced":
            search = Forced(heuristics_for(state.game), seat, NODES, SECONDS)
            n = problem["win_in"]
            assert search.after_wins(state, key, n), problem["id"]
            assert n == 1 or search.winning(state, n - 1) is None, problem["id"]
            assert not [m for m in legal if m != key and search.after_wins(state, m, n)]
        else:
            solver = endgame.Solver(state.game, NODES, SECONDS, key=fast_key)
            for move in legal:
                after = state.clone()
                after.apply(seat, move)
                if after.is_terminal():
                    value = int(after.returns()[seat])
                else:
                    found = solver.solve(after)
                    value = found.value if found.mover == seat else -found.value
                assert (value == 1) == (move == key), (problem["id"], move, value)
        after = state.clone()
        for player, move in problem["line"]:
            after.apply(player, move)
        assert after.is_terminal() and after.returns()[seat] > 0, problem["id"]
