"""The exact-cover solver on small problems whose answers are known or brute-forced."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablier.games.counterplays.puzzles.exact_cover import ExactCover


def knuth_example() -> ExactCover[str, int]:
    # the example of Knuth's "Dancing Links" paper: its only solution is A, D, E
    rows = {
        "A": [2, 4, 5],
        "B": [0, 3, 6],
        "C": [1, 2, 5],
        "D": [0, 3],
        "E": [1, 6],
        "F": [3, 4, 6],
    }
    return ExactCover(rows, primary=range(7))


def test_knuth_example_has_its_single_solution() -> None:
    problem = knuth_example()
    assert [sorted(s) for s in problem.solutions()] == [["A", "D", "E"]]


def dominoes(width: int) -> ExactCover[tuple[int, int, str], tuple[int, int]]:
    cells = [(x, y) for x in range(width) for y in range(2)]
    rows: dict[tuple[int, int, str], list[tuple[int, int]]] = {}
    for x in range(width):
        rows[(x, 0, "|")] = [(x, 0), (x, 1)]
        if x + 1 < width:
            for y in range(2):
                rows[(x, y, "-")] = [(x, y), (x + 1, y)]
    return ExactCover(rows, primary=cells)


@pytest.mark.parametrize(("width", "count"), [(1, 1), (2, 2), (3, 3), (4, 5), (5, 8), (8, 34)])
def test_domino_tilings_of_a_2_by_n_strip_are_counted_by_fibonacci(width: int, count: int) -> None:
    assert len(list(dominoes(width).solutions())) == count


def test_no_solution_when_a_column_cannot_be_covered_exactly() -> None:
    rows = {"a": [1, 2], "b": [2, 3], "c": [1, 3]}  # every pair overlaps, none covers all
    problem = ExactCover(rows, primary=[1, 2, 3])
    assert list(problem.solutions()) == []
    assert not problem.exhausted


def test_a_column_no_row_names_means_no_solution() -> None:
    assert ExactCover({"a": [1]}, primary=[1, 2]).first() is None


def test_secondary_columns_are_covered_at_most_once() -> None:
    # rows x and y both cover primary 1 and 2 between them, but share secondary "s"
    rows: dict[str, list[object]] = {"x": [1, "s"], "y": [2, "s"], "z": [2]}
    problem: ExactCover[str, object] = ExactCover(rows, primary=[1, 2], secondary=["s"])
    assert [sorted(s) for s in problem.solutions()] == [["x", "z"]]


def test_max_rows_keeps_only_small_solutions() -> None:
    rows = {"all": [1, 2, 3, 4], "a": [1], "b": [2], "c": [3], "d": [4], "ab": [1, 2]}
    problem = ExactCover(rows, primary=[1, 2, 3, 4])
    every = list(problem.solutions())
    small = list(problem.solutions(max_rows=3))
    assert len(every) == 3
    assert sorted(map(sorted, small)) == [["ab", "c", "d"], ["all"]]
    assert list(problem.solutions(max_rows=0)) == []


def test_a_budget_stops_the_search_and_says_so() -> None:
    problem = dominoes(8)
    assert len(list(problem.solutions(budget=10))) < 34
    assert problem.exhausted
    # the problem is whole again afterwards: a full search still finds them all
    assert len(list(problem.solutions())) == 34
    assert not problem.exhausted


def test_stopping_at_the_first_solution_leaves_the_problem_whole() -> None:
    problem = dominoes(6)
    first = problem.first()
    assert first is not None
    assert len(list(problem.solutions())) == 13


def test_malformed_problems_are_refused() -> None:
    with pytest.raises(ValueError, match="undeclared"):
        ExactCover({"a": [1, 9]}, primary=[1])
    with pytest.raises(ValueError, match="twice"):
        ExactCover({"a": [1, 1]}, primary=[1])
    with pytest.raises(ValueError, match="both primary and secondary"):
        ExactCover({"a": [1]}, primary=[1], secondary=[1])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.frozensets(st.integers(0, 5), min_size=1, max_size=4), min_size=1, max_size=8),
    st.integers(0, 2),
)
def test_agrees_with_brute_force(rows: list[frozenset[int]], n_secondary: int) -> None:
    columns = sorted(set().union(*rows))
    primary, secondary = columns[n_secondary:], columns[:n_secondary]
    named = {i: sorted(r) for i, r in enumerate(rows)}
    problem = ExactCover(named, primary=primary, secondary=secondary)
    found = {frozenset(s) for s in problem.solutions()}

    # a row covering no primary column is never chosen (Knuth's convention)
    useful = [i for i, r in enumerate(rows) if r & set(primary)]
    expected = set()
    for k in range(len(useful) + 1):
        for pick in combinations(useful, k):
            covered = [c for i in pick for c in rows[i]]
            if len(covered) == len(set(covered)) and set(primary) <= set(covered):
                expected.add(frozenset(pick))
    assert found == expected
