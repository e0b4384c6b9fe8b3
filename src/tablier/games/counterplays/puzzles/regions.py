"""Regions of the triangular grid, as sets of cells `(x, y)` in the engine's coordinates.

A row `y` of a parallelogram leaning right starts one cell further right than the row
below it (cells of equal `x` line up vertically, so a half-unit shift is one `x`).
"""

from __future__ import annotations

from tablier.games.counterplays.geometry import Cell, neighbours

Region = frozenset[Cell]


def parallelogram(width: int, height: int) -> Region:
    """`height` rows of `width` unit rhombi, leaning right: 2 * width * height cells."""
    if width < 1 or height < 1:
        raise ValueError("a parallelogram needs a width and a height of at least 1")
    return frozenset((x, y) for y in range(height) for x in range(y, y + 2 * width))


def rhombus(side: int) -> Region:
    """The rhombus with 60° and 120° angles: 2 * side² cells."""
    return parallelogram(side, side)


def triangle(side: int) -> Region:
    """The equilateral triangle pointing up, its base on row 0: side² cells."""
    if side < 1:
        raise ValueError("a triangle needs a side of at least 1")
    return frozenset((x, y) for y in range(side) for x in range(y, 2 * side - 1 - y))


def hexagon(a: int, b: int, c: int) -> Region:
    """The hexagon with all angles 120° and sides a, b, c, a, b, c: 2(ab + bc + ca) cells.

    It is the triangle of side a + b + c with corner triangles of sides b, a and c cut
    off (bottom left, bottom right, top).
    """
    if min(a, b, c) < 1:
        raise ValueError("a hexagon needs three sides of at least 1")
    n = a + b + c
    whole = triangle(n)
    left = triangle(b)
    right = frozenset((x + 2 * (n - a), y) for x, y in triangle(a))
    top = frozenset((x + (n - c), y + n - c) for x, y in triangle(c))
    return whole - left - right - top


def is_connected(region: Region) -> bool:
    if not region:
        return True
    start = next(iter(region))
    seen = {start}
    todo = [start]
    while todo:
        for n in neighbours(*todo.pop()):
            if n in region and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(region)


SHAPES = ("triangle", "rhombus", "parallelogram", "hexagon")
