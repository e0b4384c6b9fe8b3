"""Puzzle 1: a legal game where a tile reaches level 6, checked by replaying it."""

from __future__ import annotations

from pathlib import Path

import tablier
from tablier.games.counterplays.state import CounterplaysState
from tablier.puzzles.level6 import search, top_level

# Found by `tablier puzzle level6 --save ...` (width 150, seed 0) and kept as data:
# the unit tests replay it rather than repeat a search of several seconds.
STORED = Path(__file__).parent / "data" / "level6.tablier.json"


def replayed(record: dict[str, object]) -> CounterplaysState:
    state = tablier.replay(record)
    assert isinstance(state, CounterplaysState)
    return state


def assert_alternating_whole_game(state: CounterplaysState) -> None:
    players = [p for p, _ in state.history]
    assert players == [i % 2 for i in range(24)]
    assert state.is_terminal()
    assert all(not left for left in state.left)


def test_the_stored_line_reaches_level_6_through_the_engine() -> None:
    state = replayed(tablier.load_record(STORED))
    assert_alternating_whole_game(state)
    assert top_level(state) >= 6
    # the level-6 tile rests on cells of height 5 that other tiles raised
    (level6_tile,) = [t for t in state.tiles if t[3] == 6]
    assert all(state.height[k] >= 6 for k in level6_tile[2])


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
    assert result.nodes >= 300
    state = replayed(result.record)
    assert top_level(state) == result.reached < 6
    assert_alternating_whole_game(state)


def test_same_seed_same_line() -> None:
    a = search(target=3, width=3, seed=5)
    b = search(target=3, width=3, seed=5)
    assert a.moves == b.moves
