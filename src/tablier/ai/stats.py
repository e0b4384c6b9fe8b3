"""Confidence intervals for match results: Wilson score intervals and Elo differences."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0% and 100%,
    which is where a strong player's results against a weak one sit.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    # at 0% and 100% the matching bound is exact; rounding must not move it
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def elo_from_score(score: float) -> float:
    """The Elo difference that predicts `score` (wins + draws/2 per game)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    # + 0.0 turns the -0.0 of an even score into 0.0 (shown as +0, not -0)
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0


def elo_interval(wins: int, draws: int, losses: int) -> tuple[float, float, float]:
    """The Elo difference and its 95% interval, from the Wilson interval of the score.

    A draw counts half a win. Infinite bounds mean the games played cannot bound it
    (e.g. every game won).
    """
    games = wins + draws + losses
    score = (wins + draws / 2) / games if games else 0.5
    low, high = wilson(wins + draws / 2, games)
    return (elo_from_score(score), elo_from_score(low), elo_from_score(high))
