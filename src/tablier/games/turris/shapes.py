"""The placements the tower's outline allows, worked out once per outline.

A column never has a hole (a piece rests on the tops it covers, and only a piece with
nothing on it is removed), so the nine column heights decide the cubes at each level,
hence the lowest incomplete level and rules a), c), e) and f). Only two things are
left to each position: rule d) (a horizontal piece over two *different* pieces) and
the cells a removal has just freed. Random games and searches meet the same outlines
again and again, so the outline's share is kept in a table rather than recomputed for
every move: the heights as bytes, the allowed places as the bits of one int (bits
0-8 the vertical pieces by cell, then the twelve horizontal places in PAIRS' order).
Neither holds references, so a table of many outlines costs the garbage collector
nothing.
"""

from __future__ import annotations

from functools import cache

from tablier.core.move import Move
from tablier.games.turris.geometry import CENTRE, NEIGHBOURS, PAIRS
from tablier.games.turris.notation import H_MOVES, V_MOVES

# past this many outlines the table starts again (a long-lived server)
LIMIT = 500_000
_TABLE: dict[bytes, int] = {}
_CELLS = range(9)


def outline(heights: list[int], counts: list[int], first: bool) -> int:
    """The places the heights allow, before rule d) and freed cells are checked.

    `counts` holds the cubes at each level (which the heights decide).
    """
    if first:
        return _work_out(heights, counts, first=True)
    key = bytes(heights)
    found = _TABLE.get(key)
    if found is None:
        if len(_TABLE) >= LIMIT:
            _TABLE.clear()
        found = _TABLE[key] = _work_out(heights, counts, first=False)
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
def verticals(bits: int) -> tuple[Move, ...]:
    """The vertical moves of these bits (the low nine of an outline)."""
    return tuple(V_MOVES[c] for c in _CELLS if bits >> c & 1)


@cache
def horizontals(bits: int) -> tuple[tuple[Move, int, int], ...]:
    """The horizontal places of these bits (an outline shifted by nine): (move, a, b)."""
    return tuple((H_MOVES[i], a, b) for i, (a, b) in enumerate(PAIRS) if bits >> i & 1)
