"""Ludii-style game-analysis metrics, computed per game from what a study recorded.

Each function takes one game's sequences (legal-move counts, position values, move
values) and returns a number, or None where the metric means nothing for that game
(no winner, no values). `figures.py` averages them over the study's games with an
interval. docs/study.md gives each formula and the Ludii metric it follows.

Position values are one list per sampled position, one value per seat in [-1, 1]
(the game's own evaluator; +1/-1/0 at the end of a finished game).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from itertools import pairwise

Values = Sequence[Sequence[float]]


def leader(values: Sequence[float]) -> int | None:
    """The seat with the strictly highest value, or None when the top is shared."""
    best = max(values)
    top = [seat for seat, v in enumerate(values) if v == best]
    return top[0] if len(top) == 1 else None


def forced_share(branching: Sequence[int]) -> float | None:
    """Share of decisions with exactly one legal move (Ludii: 1 - DecisionMoves)."""
    if not branching:
        return None
    return sum(1 for b in branching if b == 1) / len(branching)


def decision_moves(branching: Sequence[int]) -> int:
    """Decisions with a real choice (more than one legal move), in one game."""
    return sum(1 for b in branching if b > 1)


def mean_branching(branching: Sequence[int]) -> float | None:
    """Mean legal moves per decision (Ludii: BranchingFactor)."""
    return statistics.fmean(branching) if branching else None


def tree_log10(branching: Sequence[int]) -> float | None:
    """log10 of the product of the legal-move counts met in one game: the number of
    move sequences of that game's shape (Ludii: GameTreeComplexity, per trial)."""
    if not branching:
        return None
    return sum(math.log10(b) for b in branching if b > 0)


def lead_changes(values: Values) -> float | None:
    """Share of steps between consecutive sampled positions where the leader changes,
    positions with a shared lead skipped (Ludii: LeadChange)."""
    leaders = [s for s in (leader(v) for v in values) if s is not None]
    if len(leaders) < 2:
        return None
    changes = sum(1 for a, b in pairwise(leaders) if a != b)
    return changes / (len(leaders) - 1)


def drama(values: Values, winner: int | None) -> float | None:
    """Mean gap between the leader's value and the eventual winner's over the positions
    where the winner trails (0 when he never trails; Ludii: Drama, average)."""
    if winner is None or not values:
        return None
    gaps = [max(v) - v[winner] for v in values if max(v) > v[winner]]
    return statistics.fmean(gaps) if gaps else 0.0


def decisive_point(values: Values, winner: int | None) -> float | None:
    """How far into the game (0 = at the start, 1 = at the end) the eventual winner
    leads for good: the first sampled position from which he leads at every position
    (Ludii: DecisivenessMoves, as a share of the game)."""
    if winner is None or not values:
        return None
    start = len(values)
    for index in range(len(values) - 1, -1, -1):
        if leader(values[index]) != winner:
            break
        start = index
    if len(values) == 1:
        return 0.0 if start == 0 else 1.0
    return start / (len(values) - 1) if start < len(values) else 1.0


def stability(values: Values) -> float | None:
    """Mean over seats of the variance of the seat's value through the game (Ludii:
    Stability; lower is steadier)."""
    if len(values) < 2:
        return None
    seats = len(values[0])
    return statistics.fmean(
        statistics.pvariance([v[seat] for v in values]) for seat in range(seats)
    )


def clarity_narrowness(move_values: Sequence[float]) -> float | None:
    """Share of the legal moves whose value reaches mean + 0.75·(best - mean): few
    moves close to the best means a clear best move (Ludii: ClarityNarrowness). When
    every move is worth the same, every move counts (nothing stands out)."""
    if len(move_values) < 2:
        return None
    mean = statistics.fmean(move_values)
    bar = mean + 0.75 * (max(move_values) - mean)
    return sum(1 for v in move_values if v >= bar - 1e-12) / len(move_values)


def clarity_variance(move_values: Sequence[float]) -> float | None:
    """Variance of the legal moves' values in a position (Ludii: ClarityVariance)."""
    if len(move_values) < 2:
        return None
    return statistics.pvariance(move_values)


def coverage(used: int, cells: int) -> float | None:
    """Share of the board's cells a piece stood on at some point (Ludii:
    BoardCoverageDefault)."""
    return used / cells if cells > 0 else None
