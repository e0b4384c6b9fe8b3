"""The figures of a study, each with its 95% interval and sample size."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from tablier.ai.stats import Z95, wilson
from tablier.study.play import GameFacts


@dataclass
class Share:
    """How often something happened: count out of n, with its Wilson interval."""

    count: int
    n: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.count / self.n if self.n else 0.0

    @classmethod
    def of(cls, count: int, n: int) -> Share:
        low, high = wilson(count, n)
        return cls(count, n, low, high)


@dataclass
class Mean:
    """A mean with its normal-approximation 95% interval."""

    mean: float
    low: float
    high: float
    n: int
    minimum: float
    maximum: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Mean:
        n = len(values)
        if n == 0:
            return cls(0.0, 0.0, 0.0, 0, 0.0, 0.0)
        mean = statistics.fmean(values)
        half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
        return cls(mean, mean - half, mean + half, n, min(values), max(values))


@dataclass
class Figures:
    game: str
    options: dict[str, Any]
    players: list[str]
    games: int
    wins: list[Share]  # per seat: won outright
    draws: Share
    length: Mean  # moves per game
    reasons: dict[str, Share]  # how games ended
    branching: list[float]  # mean legal moves, by tenth of the game
    facts: dict[str, Mean] = field(default_factory=dict)  # the game's own measures

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["wins"] = [{**asdict(w), "rate": w.rate} for w in self.wins]
        data["draws"] = {**asdict(self.draws), "rate": self.draws.rate}
        data["reasons"] = {k: {**asdict(v), "rate": v.rate} for k, v in self.reasons.items()}
        return data


def winner(returns: Sequence[float]) -> int | None:
    """The seat whose return beats every other, or None (a draw or a shared first place)."""
    best = max(returns)
    top = [seat for seat, r in enumerate(returns) if r == best]
    return top[0] if len(top) == 1 else None


def branching_profile(games: Sequence[GameFacts], parts: int = 10) -> list[float]:
    sums = [0.0] * parts
    counts = [0] * parts
    for game in games:
        length = len(game.branching)
        for ply, width in enumerate(game.branching):
            part = min(parts - 1, ply * parts // max(1, length))
            sums[part] += width
            counts[part] += 1
    return [s / c if c else 0.0 for s, c in zip(sums, counts, strict=True)]


def figures_of(
    game: str, options: dict[str, Any], players: Sequence[str], games: Sequence[GameFacts]
) -> Figures:
    n = len(games)
    seats = len(players)
    winners = [winner(g.returns) for g in games]
    reasons = Counter(g.reason for g in games)
    keys = sorted({k for g in games for k in g.facts})
    return Figures(
        game=game,
        options=dict(options),
        players=list(players),
        games=n,
        wins=[Share.of(sum(1 for w in winners if w == seat), n) for seat in range(seats)],
        draws=Share.of(sum(1 for w in winners if w is None), n),
        length=Mean.of([g.moves for g in games]),
        reasons={r: Share.of(c, n) for r, c in reasons.most_common()},
        branching=branching_profile(games),
        facts={k: Mean.of([g.facts[k] for g in games if k in g.facts]) for k in keys},
    )
