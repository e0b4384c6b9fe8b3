"""Comparing a variant with the base when both were played on the same seeds.

Game `i` of the base and game `i` of a variant start from the same seed (the same deal,
the same players' dice), so their results are pairs, not two independent samples. The
difference is then estimated from the per-game differences d_i = b_i - a_i: mean d̄, a
Student t interval d̄ ± t(0.975, n-1)·s_d/√n and the paired t test (scipy). When the
pairs agree (positive correlation) that interval is much narrower than an interval for
two independent proportions; when they disagree (negative correlation) it is wider,
and the independent one would be too narrow. See docs/study.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats


@dataclass(frozen=True)
class Paired:
    """A paired difference b - a (in the units of the values), its 95% interval, the
    paired t test's p-value, the pairs' correlation (None when one side is constant)
    and how many pairs had the same value."""

    n: int
    mean: float
    low: float
    high: float
    p_value: float
    correlation: float | None
    sd: float
    same: int

    def games_for_half_width(self, half_width: float) -> int | None:
        """Pairs needed for an interval of ±`half_width` with this spread of d (normal
        approximation: n = (1.96·s_d / h)²); None when the spread is unknown."""
        if self.n < 2 or half_width <= 0:
            return None
        if self.sd == 0:
            return self.n
        return math.ceil((stats.norm.ppf(0.975) * self.sd / half_width) ** 2)


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Paired:
    """b - a over pairs (a[i], b[i]) played on the same seed."""
    if len(a) != len(b):
        raise ValueError(f"paired samples must have the same length: {len(a)} and {len(b)}")
    n = len(a)
    if n == 0:
        raise ValueError("no pairs to compare")
    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    d = y - x
    mean = float(d.mean())
    sd = float(d.std(ddof=1)) if n > 1 else 0.0
    if n > 1 and sd > 0:
        half = float(stats.t.ppf(0.975, n - 1)) * sd / math.sqrt(n)
        p_value = float(stats.ttest_rel(y, x).pvalue)
    else:
        # every pair differs by the same amount: no spread to measure
        half = 0.0
        p_value = 1.0 if mean == 0 else 0.0
    correlation: float | None = None
    if n > 1 and x.std() > 0 and y.std() > 0:
        correlation = float(np.corrcoef(x, y)[0, 1])
    return Paired(
        n=n,
        mean=mean,
        low=mean - half,
        high=mean + half,
        p_value=p_value,
        correlation=correlation,
        sd=sd,
        same=int(np.count_nonzero(d == 0)),
    )


def welch_difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """mean(b) - mean(a) and its 95% Welch interval, for independent samples of a
    measure (a length, a score); proportions use Newcombe's interval instead."""
    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    diff = float(y.mean() - x.mean())
    va, vb = x.var(ddof=1) / len(x), y.var(ddof=1) / len(y)
    se = math.sqrt(va + vb)
    if se == 0:
        return diff, diff, diff
    df = (va + vb) ** 2 / (va**2 / (len(x) - 1) + vb**2 / (len(y) - 1))
    half = float(stats.t.ppf(0.975, df)) * se
    return diff, diff - half, diff + half
