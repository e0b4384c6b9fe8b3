"""The placements the tower's outline allows, and the moves they make.

A column never has a hole (a piece rests on the tops it covers, and only a piece with
nothing on it is removed), so the nine column heights decide the cubes at each level,
hence the lowest incomplete level and rules a), c), e) and f). Only two things are
left to each position: rule d) (a horizontal piece over two *different* pieces) and
the cells a removal has just freed. The allowed places are the bits of one int (bits
0-8 the vertical pieces by cell, then the twelve horizontal places in PAIRS' order),
read from the table of every outline (outlines.py); the moves of each set of places
are made once.
"""

from __future__ import annotations

from functools import cache

from tablier.core.move import Move
from tablier.games.turris import outlines
from tablier.games.turris.geometry import CENTRE, NEIGHBOURS, PAIRS
from tablier.games.turris.notation import H_MOVES, V_MOVES

_CELLS = range(9)


def outline(heights: list[int], counts: list[int], first: bool) -> int:
    """The places the outline allows, before rule d) and freed cells are checked.

    `counts` holds the cubes at each level (which the heights decide). The places
    come from the table of every outline (outlines.py); a tower beyond it (built
    by hand) is worked out here.
    """
    if first:  # no piece yet: an empty tower
        return _first(bytes(heights))
    found = outlines.places(heights)
    if found is None:
        found = _work_out(heights, counts, first=False)
    return found


def _work_out(heights: list[int], counts: list[int], *, first: bool) -> int:
    lowest = 1
    while counts[lowest] == 9:
        lowest += 1
    limit = lowest + 2
    places = 0
    for c in _CELLS:
        z = heights[c] + 1
        if z + 1 > limit:  # rule e)
            continue
        if not first:  # rules a), c): a neighbour at least as high as the piece's foot
            for n in NEIGHBOURS[c]:
                if heights[n] >= z:
                    break
            else:
                continue
        if c == CENTRE and (counts[z] == 0 or counts[z + 1] == 0):  # rule f)
            continue
        places |= 1 << c
    for i, (a, b) in enumerate(PAIRS):
        h = heights[a]
        if h == 0 or heights[b] != h or h + 1 > limit:  # rules b), d), e)
            continue
        if (a == CENTRE or b == CENTRE) and counts[h + 1] == 0:  # rule f)
            continue
        places |= 1 << (9 + i)
    return places


@cache
def _first(heights: bytes) -> int:
    """The first piece's outline (the tests also build other towers by hand)."""
    levels = list(heights)
    counts = [sum(h >= z for h in levels) for z in range(max(levels) + 3)]
    return _work_out(levels, counts, first=True)


@cache
def verticals(bits: int) -> tuple[Move, ...]:
    """The vertical moves of these bits (the low nine of an outline)."""
    return tuple(V_MOVES[c] for c in _CELLS if bits >> c & 1)


@cache
def horizontals(bits: int) -> tuple[tuple[Move, int, int], ...]:
    """The horizontal places of these bits (an outline shifted by nine): (move, a, b)."""
    return tuple((H_MOVES[i], a, b) for i, (a, b) in enumerate(PAIRS) if bits >> i & 1)


@cache
def horizontal_places(bits: int) -> tuple[tuple[Move, ...], tuple[tuple[int, int, int], ...]]:
    """The horizontal places of these bits as two tuples: the moves, and for each its
    two cells and its bit."""
    moves = tuple(H_MOVES[i] for i in range(len(PAIRS)) if bits >> i & 1)
    return moves, tuple((a, b, 1 << i) for i, (a, b) in enumerate(PAIRS) if bits >> i & 1)
