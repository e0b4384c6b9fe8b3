"""Aligning the words said with the words expected, one by one.

The cheapest alignment wins: a word matched costs its letters off (a misspelling
costs nothing), another word, a missing word or a word too many costs `WRONG`. Two
words may be written as one or one as two. Each step of the result says what happened
to which word, so the judge can tell the reader why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rapidfuzz.distance import OSA

from tablier.games.quiadiquoi.judge_words import (
    Word,
    WordCheck,
    compare,
    compare_joined,
)

WRONG = 100


@dataclass(frozen=True)
class Step:
    """One step of an alignment: words said, words expected, and how they compare."""

    said: tuple[Word, ...]
    expected: tuple[Word, ...]
    check: WordCheck | None  # None: a missing word (no said) or a word too many

    @property
    def kind(self) -> str:
        if self.check is not None:
            return self.check.kind
        return "extra" if self.said else "missing"

    def said_text(self) -> str:
        return " ".join(w.shown or w.said for w in self.said)

    def expected_text(self) -> str:
        return " ".join(w.shown or w.said for w in self.expected)


def _cost(check: WordCheck, said: list[Word], expected: list[Word]) -> int:
    if check.ok:
        return check.edits
    # of two wrong words, the closer one is the one meant ("mourir" for "courir")
    a, b = "".join(w.key for w in said), "".join(w.key for w in expected)
    return WRONG + min(int(OSA.distance(a, b)), WRONG // 2 - 1)


def align(
    said: list[Word],
    expected: list[Word],
    real_words_count: bool = True,
    optional: Callable[[Word], bool] = lambda w: False,
) -> tuple[int, list[Step]]:
    """The cheapest alignment of `said` with `expected`: (cost, steps).

    `optional` words may be left out on either side for nothing (a title, an article).
    """
    n, m = len(said), len(expected)
    inf = WRONG * (n + m + 1)
    best = [[inf] * (m + 1) for _ in range(n + 1)]
    back: list[list[tuple[int, int, Step] | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    best[0][0] = 0
    for i in range(n + 1):
        for j in range(m + 1):
            here = best[i][j]
            if here >= inf:
                continue
            moves: list[tuple[int, int, Step, int]] = []
            if i < n:
                step = Step((said[i],), (), None)
                moves.append((1, 0, step, 0 if optional(said[i]) else WRONG))
            if j < m:
                step = Step((), (expected[j],), None)
                moves.append((0, 1, step, 0 if optional(expected[j]) else WRONG))
            if i < n and j < m:
                check = compare(said[i], expected[j], real_words_count)
                step = Step((said[i],), (expected[j],), check)
                moves.append((1, 1, step, _cost(check, said[i : i + 1], expected[j : j + 1])))
            for di, dj in ((1, 2), (2, 1)):
                if i + di <= n and j + dj <= m:
                    s, e = said[i : i + di], expected[j : j + dj]
                    check = compare_joined(s, e, real_words_count)
                    if check.ok:
                        moves.append((di, dj, Step(tuple(s), tuple(e), check), _cost(check, s, e)))
            for di, dj, step, cost in moves:
                if here + cost < best[i + di][j + dj]:
                    best[i + di][j + dj] = here + cost
                    back[i + di][j + dj] = (i, j, step)
    steps: list[Step] = []
    i, j = n, m
    while (i, j) != (0, 0):
        previous = back[i][j]
        assert previous is not None
        i, j, step = previous
        steps.append(step)
    steps.reverse()
    return best[n][m], steps
