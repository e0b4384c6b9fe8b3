"""Puzzle 1: a legal game where a tile reaches level 6, checked by replaying it."""

from __future__ import annotations

from pathlib import Path

import pytest

import tablier
from tablier.games.counterplays.puzzles.level6 import search, top_level
from tablier.games.counterplays.puzzles.reports import level6_report
from tablier.games.counterplays.state import CounterplaysState

# Found by `tablier puzzle level6 --save ...` (level 6: the defaults; level 7:
# `--target 7 --width 300 --seed 2`) and kept as data: the unit tests replay them
# rather than repeat searches of a minute.
DATA = Path(__file__).parent / "data"


def replayed(record: dict[str, object]) -> CounterplaysState:
    state = tablier.replay(record)
    assert isinstance(state, CounterplaysState)
    return state


def assert_alternating_whole_game(state: CounterplaysState) -> None:
    players = [p for p, _ in state.history]
    assert players == [i % 2 for i in range(24)]
    assert state.is_terminal()
    assert all(not left for left in state.left)


@pytest.mark.parametrize(("name", "level"), [("level6", 6), ("level7", 7)])
def test_the_stored_line_reaches_its_level_through_the_engine(name: str, level: int) -> None:
    state = replayed(tablier.load_record(DATA / f"{name}.tablier.json"))
    assert_alternating_whole_game(state)
    assert top_level(state) == level
    # a tile at that level stands on cells that the tiles below raised to level - 1
    top_tiles = [t for t in state.tiles if t[3] == level]
    assert top_tiles
    assert all(state.height[k] == level for k in top_tiles[0][2])


def test_a_small_search_reaches_its_target_and_replays() -> None:
    result = search(target=3, width=4, seed=1)
    assert result.found
    assert result.reached >= 3
    state = replayed(result.record)
    assert_alternating_whole_game(state)
    assert top_level(state) == result.reached
    assert [list(m) for m in result.record["moves"]] == [list(m) for m in result.moves]


def test_out_of_budget_reports_the_highest_level_honestly() -> None:
    result = search(target=6, width=2, budget=300)
    assert not result.found
    assert result.out_of_budget
    assert result.nodes >= 300
    assert "node budget ran out" in level6_report(result)
    state = replayed(result.record)
    assert top_level(state) == result.reached < 6
    assert_alternating_whole_game(state)


def test_a_beam_that_runs_out_of_tiles_says_so() -> None:
    result = search(target=12, width=1)
    assert not result.found and not result.out_of_budget
    text = level6_report(result)
    assert "ran out of tiles" in text and "not a proof" in text
    assert f"highest level reached is {result.reached}" in text


def test_same_seed_same_line() -> None:
    a = search(target=3, width=3, seed=5)
    b = search(target=3, width=3, seed=5)
    assert a.moves == b.moves
