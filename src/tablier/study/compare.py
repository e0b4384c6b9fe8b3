"""Comparing two variants: the difference in the first seat's win rate, with Newcombe's
interval for a difference of two proportions, and the verdict in plain words."""

from __future__ import annotations

import math
from dataclasses import dataclass

from tablier.study.figures import Figures


@dataclass
class Difference:
    label_a: str
    label_b: str
    a: float
    b: float
    difference: float  # b - a, in points
    low: float
    high: float

    @property
    def significant(self) -> bool:
        return self.low > 0 or self.high < 0

    def verdict(self, lang: str = "fr") -> str:
        span = f"{self.difference:+.1f} points [{self.low:+.1f}, {self.high:+.1f}]"
        if not self.significant:
            if lang == "fr":
                return (
                    f"{self.label_b} et {self.label_a} : pas de différence nette pour le "
                    f"premier joueur ({span})"
                )
            return (
                f"{self.label_b} and {self.label_a}: no clear difference for the first "
                f"player ({span})"
            )
        more = self.difference > 0
        if lang == "fr":
            word = "davantage" if more else "moins"
            return f"{self.label_b} favorise {word} le premier joueur que {self.label_a} : {span}"
        word = "more" if more else "less"
        return f"{self.label_b} favours the first player {word} than {self.label_a}: {span}"


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


def compare_first_seat(a: Figures, b: Figures, label_a: str, label_b: str) -> Difference:
    wa, wb = a.wins[0], b.wins[0]
    d, low, high = newcombe(wa.count, wa.n, wb.count, wb.n)
    return Difference(
        label_a, label_b, wa.rate * 100, wb.rate * 100, d * 100, low * 100, high * 100
    )
