"""The skill trace: how often a stronger level beats the next weaker one (Ludii's Skill
Trace). A game where more search wins more often rewards skill; a game where the
stronger level scores about half is closer to a game of chance at those levels.

Each pair plays half its games with the stronger level first and half with it second,
on the study's seeds, so a seat advantage does not pass for skill.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from tablier.ai.stats import wilson
from tablier.study.figures import winner
from tablier.study.play import StudySpec, run_study


@dataclass
class SkillStep:
    weaker: str
    stronger: str
    games: int
    wins: int  # the stronger level's
    draws: int
    score: float  # (wins + draws / 2) / games
    low: float
    high: float


def score_step(
    weaker: str, stronger: str, results: Sequence[tuple[int, Sequence[float]]]
) -> SkillStep:
    """`results`: (the stronger level's seat, the game's returns) per game."""
    wins = sum(1 for seat, returns in results if winner(returns) == seat)
    draws = sum(1 for _, returns in results if winner(returns) is None)
    n = len(results)
    points = wins + draws / 2
    low, high = wilson(points, n)
    return SkillStep(weaker, stronger, n, wins, draws, points / n if n else 0.0, low, high)


def skill_trace(
    game: str,
    options: dict[str, Any],
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    max_moves: int | None = None,
) -> list[SkillStep]:
    """Each consecutive pair of `levels` (weakest first), `games` games per pair (two
    seats only)."""
    steps = []
    first_half = (games + 1) // 2
    for weaker, stronger in pairwise(levels):
        results: list[tuple[int, Sequence[float]]] = []
        for seat, count, players in (
            (0, first_half, (stronger, weaker)),
            (1, games - first_half, (weaker, stronger)),
        ):
            if count == 0:
                continue
            spec = StudySpec(game, players, count, options, seed, max_moves, values=False)
            results += [
                (seat, [0.0] * len(players) if g.truncated else g.returns)
                for g in run_study(spec, jobs=jobs)
            ]
        steps.append(score_step(weaker, stronger, results))
    return steps
