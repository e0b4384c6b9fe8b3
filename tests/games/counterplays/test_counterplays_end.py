"""The end after 24 tiles, the winner by levels, both goals and their tie-breaks."""

from __future__ import annotations

import random

import pytest
from cp_support import level_of, new, replay_heights

import tablier
from tablier import IllegalMove
from tablier.games.counterplays.scoring import decide, level_counts


def random_game(seed: int, goal: str = "highest") -> tablier.State:
    rng = random.Random(seed)
    state = new(goal)
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    return state


def counts_from_moves(moves: list[str]) -> list[list[int]]:
    counts: list[list[int]] = []
    played: list[str] = []
    for i, move in enumerate(moves):
        level = level_of(move, replay_heights(played)[0])
        while len(counts) < level:
            counts.append([0, 0])
        counts[level - 1][i % 2] += 1
        played.append(move)
    return counts


def test_the_game_ends_after_all_24_tiles() -> None:
    state = random_game(5)
    assert len(state.history) == 24
    assert [p for p, _ in state.history] == [0, 1] * 12
    assert state.is_terminal() and state.current_players() == []
    assert state.legal_moves(0) == state.legal_moves(1) == []
    assert state.observation()["tiles_left"] == [[], []]
    with pytest.raises(IllegalMove, match="game is over"):
        state.apply(0, "O:1,0;2,0;3,0;1,1;2,1;3,1")


def test_returns_are_zero_until_the_end() -> None:
    state = new()
    assert state.returns() == [0.0, 0.0] and state.outcome() is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_outcome_counts_tiles_per_level_and_the_top_level_decides(seed: int) -> None:
    state = random_game(seed)
    counts = counts_from_moves([m for _, m in state.history])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome["reason"] == "levels"
    assert outcome["counts"] == counts
    assert sum(map(sum, counts)) == 24
    expected = [0.0, 0.0]
    for white, black in reversed(counts):
        if white != black:
            expected = [1.0, -1.0] if white > black else [-1.0, 1.0]
            break
    assert outcome["returns"] == state.returns() == expected


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_goal_lowest_compares_from_level_one_up(seed: int) -> None:
    state = random_game(seed, goal="lowest")
    counts = counts_from_moves([m for _, m in state.history])
    expected = [0.0, 0.0]
    for white, black in counts:
        if white != black:
            expected = [1.0, -1.0] if white > black else [-1.0, 1.0]
            break
    assert state.returns() == expected
    assert state.outcome()["goal"] == "lowest"


def test_highest_goal_tie_break_goes_down_one_level_at_a_time() -> None:
    assert decide([[5, 7], [4, 3], [1, 1]], "highest") == ([1.0, -1.0], 2)
    assert decide([[7, 5], [3, 4], [1, 1]], "highest") == ([-1.0, 1.0], 2)
    assert decide([[7, 5], [3, 3], [1, 1]], "highest") == ([1.0, -1.0], 1)
    assert decide([[6, 7], [4, 4], [2, 1]], "highest") == ([1.0, -1.0], 3)
    assert decide([[6, 6], [4, 4], [2, 2]], "highest") == ([0.0, 0.0], None)


def test_lowest_goal_tie_break_goes_up_one_level_at_a_time() -> None:
    assert decide([[6, 7], [4, 4], [2, 1]], "lowest") == ([-1.0, 1.0], 1)
    assert decide([[6, 6], [5, 4], [1, 2]], "lowest") == ([1.0, -1.0], 2)
    assert decide([[6, 6], [4, 4], [2, 2]], "lowest") == ([0.0, 0.0], None)
    assert decide([[6, 6], [4, 4], [2, 3]], "lowest") == ([-1.0, 1.0], 3)


def test_level_counts_fill_in_empty_levels() -> None:
    assert level_counts([(0, 1), (1, 3)]) == [[1, 0], [0, 0], [0, 1]]


def test_goal_option_is_validated() -> None:
    assert tablier.load("counterplays").options == {"goal": "highest"}
    with pytest.raises(ValueError, match="'highest', 'lowest'"):
        tablier.load("counterplays", goal="middle")
