"""Every outline's places, worked out at once (numpy) and read by a number.

Every level below the lowest column top is full, so an outline's places depend only
on each column's height less the lowest one, and on whether that lowest one is the
ground (no horizontal piece lies there). The rules keep those differences within 0-3
(rule e) stops a piece reaching more than two levels above the lowest incomplete
one, and a removal is allowed only where this still holds), so an outline is a
number of 19 bits: two bits per cell (cell c at bits 2c and 2c + 1), and bit 18 for
the ground. The 2**19 answers fit in 2 MiB, built in a few tens of milliseconds the
first time they are needed: a random game or a search then never meets an outline
it must work out, where a table filled as outlines are met missed one move in five.
Towers beyond the table (the tests build any tower by hand) return None: the caller
works those out itself.
"""

from __future__ import annotations

from array import array

import numpy as np

from tablier.games.turris.geometry import CENTRE, NEIGHBOURS, PAIRS

GROUND = 1 << 18
# one in each cell's two bits: the number of a tower one level lower everywhere
_ONES = sum(1 << (2 * c) for c in range(9))


def places(heights: list[int]) -> int | None:
    """The places the heights allow (bits 0-8 the vertical pieces by cell, then the
    twelve horizontal places in PAIRS' order), before rule d) and freed cells are
    checked; None for a tower beyond the table. Not for the empty tower's first
    piece, which needs no neighbour."""
    low = min(heights)
    if max(heights) - low > 3:
        return None
    # plain arithmetic on small ints: quicker here than bytes or one wide int
    a, b, c, d, e, f, g, h, i = heights
    x = (
        a + (b << 2) + (c << 4) + (d << 6) + (e << 8) + (f << 10) + (g << 12) + (h << 14)
        + (i << 16) - low * _ONES
    )  # fmt: skip
    return (_TABLE or _build())[x if low else x | GROUND]


_TABLE: array[int] | None = None


def _build() -> array[int]:
    global _TABLE
    codes = np.arange(1 << 19, dtype=np.uint32)
    rel = [((codes >> (2 * c)) & 3).astype(np.uint8) for c in range(9)]
    ground = (codes & GROUND) != 0
    top = np.maximum.reduce(rel)
    found = np.zeros(1 << 19, dtype=np.uint32)
    for c in range(9):
        # rule e): at most one above the lowest; a), c): a neighbour higher than the foot
        allowed = rel[c] <= 1
        higher = rel[NEIGHBOURS[c][0]] > rel[c]
        for n in NEIGHBOURS[c][1:]:
            higher |= rel[n] > rel[c]
        allowed &= higher
        if c == CENTRE:  # f): the levels of both cubes already hold one
            allowed &= top >= rel[c] + 2
        found |= allowed.astype(np.uint32) << c
    for i, (a, b) in enumerate(PAIRS):
        # b): on two equal columns, d) not on the ground, e) at most two above the lowest
        allowed = (rel[a] == rel[b]) & (rel[a] <= 2) & ~(ground & (rel[a] == 0))
        if CENTRE in (a, b):  # f)
            allowed &= top >= rel[a] + 1
        found |= allowed.astype(np.uint32) << (9 + i)
    _TABLE = array("I", found.tobytes())
    return _TABLE
