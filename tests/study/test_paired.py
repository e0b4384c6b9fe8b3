"""Paired against unpaired intervals on synthetic pairs whose answer is known."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tablier.study.compare import compare_first_seat, newcombe
from tablier.study.figures import Figures, Mean, Share
from tablier.study.paired import paired_difference, welch_difference


def test_a_paired_interval_by_hand() -> None:
    # 100 pairs: 10 move from 0 to 1, 5 from 1 to 0, 85 the same
    a = [0.0] * 10 + [1.0] * 5 + [1.0] * 40 + [0.0] * 45
    b = [1.0] * 10 + [0.0] * 5 + [1.0] * 40 + [0.0] * 45
    paired = paired_difference(a, b)
    # d: ten +1, five -1, 85 zeros; mean 0.05, s² = (15 - 100·0.05²)/99
    sd = math.sqrt((15 - 100 * 0.05**2) / 99)
    t = 1.9842169515086827  # Student t, 0.975, 99 degrees of freedom
    assert paired.mean == pytest.approx(0.05)
    assert paired.sd == pytest.approx(sd)
    assert paired.low == pytest.approx(0.05 - t * sd / 10)
    assert paired.high == pytest.approx(0.05 + t * sd / 10)
    assert paired.same == 85 and paired.n == 100
    assert paired.correlation is not None and paired.correlation > 0.6
    # McNemar-like evidence: 10 against 5 is not enough at 100 pairs
    assert paired.p_value > 0.05


def _correlated(n: int, agree: float, seed: int) -> tuple[list[float], list[float]]:
    """Pairs of 0/1 results at 50 %: b copies a with probability `agree`, else is its
    opposite (agree near 1: strongly positive correlation; near 0: negative)."""
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 2, n).astype(float)
    copy = rng.random(n) < agree
    b = np.where(copy, a, 1 - a)
    return a.tolist(), b.tolist()


def _half(low: float, high: float) -> float:
    return (high - low) / 2


def test_positively_correlated_pairs_give_a_much_narrower_interval() -> None:
    a, b = _correlated(400, agree=0.92, seed=1)
    paired = paired_difference(a, b)
    assert paired.correlation is not None and paired.correlation > 0.7
    _, low, high = newcombe(int(sum(a)), len(a), int(sum(b)), len(b))
    # the naive interval ignores that most pairs agree: it is far too wide
    assert _half(paired.low, paired.high) < 0.45 * _half(low, high)
    assert paired.low <= paired.mean <= paired.high


def test_negatively_correlated_pairs_give_a_wider_interval_than_the_naive_one() -> None:
    # as Counterplays' lowest goal does (-0.33): the pairs tend to disagree
    a, b = _correlated(400, agree=0.33, seed=2)
    paired = paired_difference(a, b)
    assert paired.correlation is not None and paired.correlation < -0.2
    _, low, high = newcombe(int(sum(a)), len(a), int(sum(b)), len(b))
    assert _half(paired.low, paired.high) > 1.1 * _half(low, high)


def test_paired_samples_must_line_up() -> None:
    with pytest.raises(ValueError):
        paired_difference([1.0, 0.0], [1.0])
    # every pair the same: no spread, no difference, no correlation to speak of
    same = paired_difference([1.0, 0.0, 1.0], [1.0, 0.0, 1.0])
    assert same.mean == 0 and same.low == same.high == 0 and same.same == 3


def test_the_sample_size_for_three_points_follows_the_spread() -> None:
    a, b = _correlated(400, agree=0.9, seed=3)
    tight = paired_difference(a, b).games_for_half_width(0.03)
    a, b = _correlated(400, agree=0.5, seed=3)
    loose = paired_difference(a, b).games_for_half_width(0.03)
    assert tight is not None and loose is not None
    # no correlation at 50 %: var(d) = 0.25 + 0.25, so (1.96 · 0.707 / 0.03)² ≈ 2134 pairs
    assert 1800 < loose < 2500
    assert tight < loose / 3


def test_welch_interval_of_two_independent_means() -> None:
    a = [10.0, 12.0, 11.0, 13.0, 9.0]
    b = [14.0, 15.0, 13.0, 16.0, 17.0]
    diff, low, high = welch_difference(a, b)
    assert diff == pytest.approx(4.0)
    # scipy's own Welch test agrees on which side 0 falls
    assert low > 0 and high < 8


def _figures(first_seat: list[float], seed: int) -> Figures:
    n = len(first_seat)
    won = int(sum(first_seat))
    return Figures(
        game="kwinty",
        options={},
        players=["random", "random"],
        games=n,
        wins=[Share.of(won, n), Share.of(n - won, n)],
        draws=Share.of(0, n),
        length=Mean.of([20.0] * n),
        reasons={},
        branching=[],
        seed=seed,
        first_seat=first_seat,
    )


def test_the_verdict_pairs_games_on_the_same_seeds_and_says_so() -> None:
    a, b = _correlated(300, agree=0.9, seed=4)
    paired = compare_first_seat(_figures(a, 7), _figures(b, 7), "base", "variant=kwintie")
    assert paired.method == "paired" and paired.correlation is not None
    assert "appariée" in paired.verdict("fr") and "paired" in paired.verdict("en")
    assert paired.n == 300 and paired.same is not None
    unpaired = compare_first_seat(_figures(a, 7), _figures(b, 8), "base", "variant=kwintie")
    assert unpaired.method == "unpaired" and "non appariée" in unpaired.verdict("fr")
    d, low, high = newcombe(int(sum(a)), 300, int(sum(b)), 300)
    assert (unpaired.low, unpaired.high) == pytest.approx((low * 100, high * 100))
    assert paired.difference == pytest.approx(d * 100)
    assert _half(paired.low, paired.high) < _half(unpaired.low, unpaired.high)
