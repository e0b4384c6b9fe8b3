"""The analysis against positions whose value is known exactly.

The fixtures (`fixtures/labelled-<game>.json`) were written by `tablier.ai.labelled`:
positions from random games that the project's exhaustive search settled, with the
exact result of every move. Here the analysis must call the move that throws away a
forced win a blunder (never `good`), a losing move where one move alone holds a
mistake or worse, value the position within a tolerance, and agree with the exact
solver wherever that one reaches.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablier.ai.analysis import analyse_position, chances, judge

FIXTURES = Path(__file__).parent / "fixtures"
GAMES = ("kwinty", "turris", "counterplays")
# positions per game in this test (the benchmark takes them all)
PER_GAME = 16
# the largest error allowed on the mover's winning chances where the search estimates
TOLERANCE = 0.25


def labelled(game: str) -> list[dict[str, Any]]:
    return json.loads((FIXTURES / f"labelled-{game}.json").read_text(encoding="utf-8"))


def sample(game: str) -> list[dict[str, Any]]:
    """Both kinds, spread over the file: the first PER_GAME of each kind, alternately."""
    entries = labelled(game)
    wins = [e for e in entries if e["kind"] == "win"]
    only = [e for e in entries if e["kind"] == "only_move"]
    mixed = [e for pair in zip(wins, only, strict=False) for e in pair]
    rest = [e for e in entries if e not in mixed]
    return (mixed + rest)[:PER_GAME]


def throw(entry: dict[str, Any]) -> str:
    """A move that gives away the position's exact result (the first in sorted order)."""
    return min(m for m, v in entry["moves"].items() if v < entry["value"])


def judged(entry: dict[str, Any], move: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The analysis of the labelled position and its verdict on `move`."""
    record = dict(entry["record"])
    upto = len(record["moves"])
    record["moves"] = [*record["moves"], [entry["mover"], move]]
    before = analyse_position(record, upto)
    after = analyse_position(record, upto + 1)
    verdict = judge(record["moves"][upto:], [before, after])[0]
    return before, verdict


@pytest.mark.parametrize("game", GAMES)
def test_the_fixtures_hold_both_kinds_for_every_game(game: str) -> None:
    entries = labelled(game)
    assert len(entries) >= 20
    assert any(e["kind"] == "win" for e in entries)
    for entry in entries:
        assert max(entry["moves"].values()) == entry["value"]
        assert any(v < entry["value"] for v in entry["moves"].values())
        if entry["kind"] == "win":
            assert entry["value"] == 1 and 1 <= entry["win_in"] <= 3
        else:
            assert sum(1 for v in entry["moves"].values() if v > -1) == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_move_that_throws_away_the_result_is_never_good(game: str) -> None:
    for entry in sample(game):
        move = throw(entry)
        before, verdict = judged(entry, move)
        mover = entry["mover"]
        exact_chances = (entry["value"] + 1) / 2
        seen = chances(before["value"], mover)
        context = (game, entry["record"]["moves"][-3:], move, before, verdict)
        if before.get("exact"):
            # the solver reached it: the analysis says exactly what the labels say
            assert seen == exact_chances, context
            assert entry["moves"][before["best"]] == entry["value"], context
        else:
            assert abs(seen - exact_chances) <= TOLERANCE, context
        assert verdict["verdict"] not in ("best", "good"), context
        if entry["kind"] == "win" or entry["moves"][move] <= entry["value"] - 2:
            # a win thrown away, or a draw turned into a loss
            assert verdict["verdict"] == "blunder", context
