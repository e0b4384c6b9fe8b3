"""The figures of a study, each with its 95% interval and sample size."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from tablier.ai.stats import Z95, wilson
from tablier.study import metrics
from tablier.study.play import GameFacts

# the metrics averaged over games, in the order the report shows them
METRICS = (
    "forced_share",
    "decision_moves",
    "branching",
    "tree_log10",
    "lead_changes",
    "drama",
    "decisive_point",
    "stability",
    "clarity_narrowness",
    "clarity_variance",
    "coverage",
)


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
    median: float = 0.0
    sd: float = 0.0  # the spread of the values themselves (not of the mean)

    @classmethod
    def of(cls, values: Sequence[float]) -> Mean:
        n = len(values)
        if n == 0:
            return cls(0.0, 0.0, 0.0, 0, 0.0, 0.0)
        mean = statistics.fmean(values)
        sd = statistics.stdev(values) if n > 1 else 0.0
        half = Z95 * sd / math.sqrt(n)
        return cls(
            mean,
            mean - half,
            mean + half,
            n,
            min(values),
            max(values),
            statistics.median(values),
            sd,
        )


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
    seed: int = 0
    # games stopped at the move cap (neither won nor drawn), and the cap
    truncated: Share = field(default_factory=lambda: Share.of(0, 0))
    max_moves: int = 0
    # finished games with a winner (Ludii: Completion)
    completion: Share = field(default_factory=lambda: Share.of(0, 0))
    # per game, in index order: 1.0 when the first seat won (the paired comparisons)
    first_seat: list[float] = field(default_factory=list)
    # Ludii-style metrics, each averaged over the games where it means something
    metrics: dict[str, Mean] = field(default_factory=dict)
    # the outcome of one game per way of ending (the report names each way from it)
    reason_examples: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["wins"] = [{**asdict(w), "rate": w.rate} for w in self.wins]
        data["draws"] = {**asdict(self.draws), "rate": self.draws.rate}
        data["truncated"] = {**asdict(self.truncated), "rate": self.truncated.rate}
        data["completion"] = {**asdict(self.completion), "rate": self.completion.rate}
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


def _non_negative(mean: Mean) -> Mean:
    # every metric is a count, share or variance: a normal interval must not dip below 0
    mean.low = max(0.0, mean.low)
    return mean


def _mean_or_none(values: Sequence[float | None]) -> float | None:
    kept = [v for v in values if v is not None]
    return statistics.fmean(kept) if kept else None


def game_metrics(game: GameFacts) -> dict[str, float | None]:
    """One game's metrics (None where it means nothing for that game)."""
    won = None if game.truncated else winner(game.returns)
    return {
        "forced_share": metrics.forced_share(game.branching),
        "decision_moves": float(metrics.decision_moves(game.branching)),
        "branching": metrics.mean_branching(game.branching),
        "tree_log10": metrics.tree_log10(game.branching),
        "lead_changes": metrics.lead_changes(game.values),
        "drama": metrics.drama(game.values, won),
        "decisive_point": metrics.decisive_point(game.values, won),
        "stability": metrics.stability(game.values),
        "clarity_narrowness": _mean_or_none(
            [metrics.clarity_narrowness(m) for m in game.move_values]
        ),
        "clarity_variance": _mean_or_none([metrics.clarity_variance(m) for m in game.move_values]),
        "coverage": metrics.coverage(game.cells[1], game.cells[0]) if game.cells else None,
    }


def figures_of(
    game: str,
    options: dict[str, Any],
    players: Sequence[str],
    games: Sequence[GameFacts],
    seed: int = 0,
    max_moves: int = 0,
) -> Figures:
    n = len(games)
    seats = len(players)
    winners = [None if g.truncated else winner(g.returns) for g in games]
    truncated = sum(1 for g in games if g.truncated)
    reasons = Counter(g.reason for g in games)
    keys = sorted({k for g in games for k in g.facts})
    per_game = [game_metrics(g) for g in games]
    examples: dict[str, dict[str, Any]] = {}
    for g in games:
        outcome = g.record.get("outcome")
        if g.reason not in examples and isinstance(outcome, dict):
            examples[g.reason] = {k: v for k, v in outcome.items() if k != "returns"}
    found = {key: [v for v in (m[key] for m in per_game) if v is not None] for key in METRICS}
    return Figures(
        game=game,
        options=dict(options),
        players=list(players),
        games=n,
        wins=[Share.of(sum(1 for w in winners if w == seat), n) for seat in range(seats)],
        draws=Share.of(n - truncated - sum(1 for w in winners if w is not None), n),
        length=Mean.of([g.moves for g in games]),
        reasons={r: Share.of(c, n) for r, c in reasons.most_common()},
        branching=branching_profile(games),
        facts={k: Mean.of([g.facts[k] for g in games if k in g.facts]) for k in keys},
        seed=seed,
        truncated=Share.of(truncated, n),
        max_moves=max_moves,
        completion=Share.of(sum(1 for w in winners if w is not None), n),
        first_seat=[1.0 if w == 0 else 0.0 for w in winners],
        metrics={key: _non_negative(Mean.of(values)) for key, values in found.items() if values},
        reason_examples=examples,
    )
