"""The problem verifier against positions whose answer a plain search in the test finds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tablier
from tablier.core.state import State
from tablier.puzzles.verify import find

# budgets far above what these small endgames need: a busy machine must not fail them
NODES, SECONDS = 1_000_000, 120.0
POSITIONS: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parent / "positions.json").read_text(encoding="utf-8")
)


def _position(name: str) -> State:
    return tablier.replay(POSITIONS[name])


def _minimax(state: State, seat: int) -> float:
    """The exact result for `seat`, by plain minimax to the end (small endgames only)."""
    if state.is_terminal():
        return state.returns()[seat]
    mover = state.current_players()[0]
    values = []
    for move in state.legal_moves(mover):
        after = state.clone()
        after.apply(mover, move)
        values.append(_minimax(after, seat))
    return max(values) if mover == seat else min(values)


def _results(state: State) -> dict[str, float]:
    seat = state.current_players()[0]
    found = {}
    for move in state.legal_moves(seat):
        after = state.clone()
        after.apply(seat, move)
        found[str(move)] = _minimax(after, seat)
    return found


def _wins_at_once(state: State) -> list[str]:
    seat = state.current_players()[0]
    wins = []
    for move in state.legal_moves(seat):
        after = state.clone()
        after.apply(seat, move)
        if after.is_terminal() and after.returns()[seat] > 0:
            wins.append(str(move))
    return wins


def _replays_to_a_win(state: State, line: list[list[Any]], seat: int) -> bool:
    after = state.clone()
    for player, move in line:
        after.apply(player, move)
    return after.is_terminal() and after.returns()[seat] > 0


def test_a_kwinty_win_in_one_is_found_with_its_single_move() -> None:
    state = _position("kwinty-one")
    wins = _wins_at_once(state)
    assert len(wins) == 1
    problem = find(state, NODES, SECONDS)
    assert problem is not None
    assert problem.key == wins[0]
    assert problem.win_in == 1
    assert problem.legal == len(state.legal_moves(problem.seat))
    assert _replays_to_a_win(state, problem.line, problem.seat)
    # every other move has its answer, and none of them wins
    assert set(problem.refutations) == {str(m) for m in state.legal_moves(0)} - {wins[0]}
    assert all(value < 1 for value in problem.outcomes.values())


def _wins_in_two(state: State, move: str) -> bool:
    """Whether `move` wins at once, or every reply leaves the mover a win at once."""
    seat = state.current_players()[0]
    after = state.clone()
    after.apply(seat, move)
    if after.is_terminal():
        return after.returns()[seat] > 0
    other = after.current_players()[0]
    for reply in after.legal_moves(other):
        answered = after.clone()
        answered.apply(other, reply)
        if answered.is_terminal() or not _wins_at_once(answered):
            return False
    return True


def test_a_kwinty_win_in_two_is_found_and_no_other_move_wins_as_fast() -> None:
    state = _position("kwinty-in-two")
    assert not _wins_at_once(state)
    problem = find(state, NODES, SECONDS)
    assert problem is not None
    assert problem.win_in == 2
    assert _wins_in_two(state, problem.key)
    assert not any(_wins_in_two(state, str(m)) for m in state.legal_moves(0) if m != problem.key)
    assert _replays_to_a_win(state, problem.line, problem.seat)
    # the line gives the defender's move between the two winning ones
    assert [p for p, _ in problem.line] == [0, 1, 0]


def test_a_slower_kwinty_win_is_no_second_answer_to_a_win_in_one() -> None:
    state = _position("kwinty-two")
    # one move wins at once; another wins in two whatever the reply, which is not "in one"
    fast = _wins_at_once(state)
    slow = [m for m in map(str, state.legal_moves(0)) if _wins_in_two(state, m) and m not in fast]
    assert len(fast) == 1 and slow
    problem = find(state, NODES, SECONDS)
    assert problem is not None
    assert problem.key == fast[0] and problem.win_in == 1
    assert all(move in problem.refutations for move in slow)


@pytest.mark.parametrize("name", ["counterplays-one", "turris-one"])
def test_the_only_move_that_wins_the_game_is_found(name: str) -> None:
    state = _position(name)
    results = _results(state)
    winners = [m for m, v in results.items() if v > 0]
    assert len(winners) == 1 and len(results) > 1
    problem = find(state, NODES, SECONDS)
    assert problem is not None
    assert problem.key == winners[0]
    assert problem.outcomes == {m: int(v) for m, v in results.items() if m != winners[0]}
    assert _replays_to_a_win(state, problem.line, problem.seat)
    # each wrong move's refutation is a legal line after which the opponent is not losing
    for move, answer in problem.refutations.items():
        after = state.clone()
        after.apply(problem.seat, move)
        for player, reply in answer:
            after.apply(player, reply)
        assert _minimax(after, problem.seat) <= 0


@pytest.mark.parametrize("name", ["counterplays-two", "turris-two"])
def test_a_position_with_two_winning_moves_is_no_problem(name: str) -> None:
    state = _position(name)
    results = _results(state)
    assert sum(1 for v in results.values() if v > 0) >= 2
    assert find(state, NODES, SECONDS) is None


def test_a_position_where_nothing_wins_is_no_problem() -> None:
    # the loser's side of the Counterplays problem: after the winning move, every reply loses
    state = _position("counterplays-one")
    problem = find(state, NODES, SECONDS)
    assert problem is not None
    after = state.clone()
    after.apply(problem.seat, problem.key)
    assert max(_results(after).values()) < 0
    assert find(after, NODES, SECONDS) is None
