"""Comparing two variants: the difference in the first seat's win rate and the verdict in
plain words. Played on the same seeds (the CLI's base and variants), the games are
pairs: a paired interval and test (`paired.py`). Otherwise the samples are independent:
Newcombe's interval for a difference of two proportions. The verdict says which."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from tablier.study.figures import Figures
from tablier.study.paired import Paired, paired_difference


@dataclass
class Difference:
    label_a: str
    label_b: str
    a: float
    b: float
    difference: float  # b - a, in points
    low: float
    high: float
    # "paired" (same seeds: per-game differences) or "unpaired" (Newcombe)
    method: str = "unpaired"
    correlation: float | None = None
    p_value: float | None = None
    same: int | None = None  # pairs with the same result
    n: int = 0
    # games per variant for an interval of ±3 points on this difference
    games_for_3_points: int | None = None
    # the two sides in words, per language: {"fr": ["Règles de base", "But : …"]}
    label_words: dict[str, list[str]] = field(default_factory=dict)

    def names(self, lang: str) -> tuple[str, str]:
        said = self.label_words.get(lang) or [self.label_a, self.label_b]
        if lang == "fr":
            return f"« {said[0]} »", f"« {said[1]} »"
        return f"“{said[0]}”", f"“{said[1]}”"

    def how(self, lang: str = "fr") -> str:
        """Which comparison was made, in words."""
        if self.method == "paired":
            r = "—" if self.correlation is None else f"{self.correlation:+.2f}"
            if lang == "fr":
                return (
                    f"comparaison appariée : mêmes tirages, {self.n} paires, corrélation {r}, "
                    f"{self.same} paires au même résultat"
                )
            return (
                f"paired comparison: the same seeds, {self.n} pairs, correlation {r}, "
                f"{self.same} pairs with the same result"
            )
        if lang == "fr":
            return "comparaison non appariée (tirages différents) : intervalle de Newcombe"
        return "unpaired comparison (different seeds): Newcombe's interval"

    @property
    def significant(self) -> bool:
        return self.low > 0 or self.high < 0

    def short_how(self, lang: str = "fr") -> str:
        if self.method == "paired":
            r = "—" if self.correlation is None else f"{self.correlation:+.2f}"
            word = "appariée, corrélation" if lang == "fr" else "paired, correlation"
            return f"{word} {r}"
        return "non appariée" if lang == "fr" else "unpaired"

    def verdict(self, lang: str = "fr") -> str:
        span = (
            f"{self.difference:+.1f} points [{self.low:+.1f}, {self.high:+.1f}], "
            f"{self.short_how(lang)}"
        )
        label_a, label_b = self.names(lang)
        if not self.significant:
            if lang == "fr":
                return (
                    f"{label_b} et {label_a} : pas de différence nette pour le "
                    f"premier joueur ({span})"
                )
            return f"{label_b} and {label_a}: no clear difference for the first player ({span})"
        more = self.difference > 0
        if lang == "fr":
            word = "davantage" if more else "moins"
            return f"{label_b} favorise {word} le premier joueur que {label_a} : {span}"
        word = "more" if more else "less"
        return f"{label_b} favours the first player {word} than {label_a}: {span}"


def newcombe(x1: int, n1: int, x2: int, n2: int) -> tuple[float, float, float]:
    """p2 - p1 and its 95% interval (Newcombe's hybrid score method, from Wilson bounds)."""
    from tablier.ai.stats import wilson

    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson(x1, n1)
    l2, u2 = wilson(x2, n2)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return d, low, high


def paired_games(a: Figures, b: Figures) -> bool:
    """Whether game i of `a` and game i of `b` started from the same seed."""
    return (
        a.seed == b.seed
        and a.games == b.games
        and len(a.first_seat) == len(b.first_seat) == a.games
    )


def compare_first_seat(a: Figures, b: Figures, label_a: str, label_b: str) -> Difference:
    wa, wb = a.wins[0], b.wins[0]
    if paired_games(a, b):
        paired: Paired = paired_difference(a.first_seat, b.first_seat)
        return Difference(
            label_a,
            label_b,
            wa.rate * 100,
            wb.rate * 100,
            paired.mean * 100,
            paired.low * 100,
            paired.high * 100,
            method="paired",
            correlation=paired.correlation,
            p_value=paired.p_value,
            same=paired.same,
            n=paired.n,
            games_for_3_points=paired.games_for_half_width(0.03),
        )
    d, low, high = newcombe(wa.count, wa.n, wb.count, wb.n)
    # independent samples: n per side for ±3 points at the observed rates
    var = wa.rate * (1 - wa.rate) + wb.rate * (1 - wb.rate)
    needed = math.ceil(var * (1.959964 / 0.03) ** 2) if var > 0 else None
    return Difference(
        label_a,
        label_b,
        wa.rate * 100,
        wb.rate * 100,
        d * 100,
        low * 100,
        high * 100,
        method="unpaired",
        n=min(wa.n, wb.n),
        games_for_3_points=needed,
    )
