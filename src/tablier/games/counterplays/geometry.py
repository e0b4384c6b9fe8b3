"""The triangular grid: cells `(x, y)`, their integer keys, neighbours and symmetries.

A cell `(x, y)` points up when `x + y` is even. Its horizontal centre is `x / 2`
whatever the row, so cells with the same `x` line up vertically in a text picture.

Engines work on integer *keys* rather than pairs: `key = (y + OFFSET) * WIDTH + x + OFFSET`.
`WIDTH` is odd, so a key is even exactly when its cell points up, a translation is a
plain addition, and sorting keys sorts cells by `(y, x)` (the notation's order).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Cell = tuple[int, int]

# 24 tiles of 6 triangles never reach 200 cells away from the first tile, so this
# frame is never left; it only has to keep rows apart in the key space.
OFFSET = 512
WIDTH = 2 * OFFSET + 1


def is_up(x: int, y: int) -> bool:
    return (x + y) % 2 == 0


def key_of(x: int, y: int) -> int:
    return (y + OFFSET) * WIDTH + x + OFFSET


def cell_of(key: int) -> Cell:
    row, col = divmod(key, WIDTH)
    return col - OFFSET, row - OFFSET


def key_is_up(key: int) -> bool:
    return key % 2 == 0


def key_neighbours(key: int) -> tuple[int, int, int]:
    """The three edge-neighbours of a cell (the third is below an up cell, above a down one)."""
    if key % 2 == 0:
        return key - 1, key + 1, key - WIDTH
    return key - 1, key + 1, key + WIDTH


def neighbours(x: int, y: int) -> tuple[Cell, Cell, Cell]:
    if is_up(x, y):
        return (x - 1, y), (x + 1, y), (x, y - 1)
    return (x - 1, y), (x + 1, y), (x, y + 1)


def normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Translate a shape so its lowest-then-leftmost cell is (0,0) if up, (1,0) if down.

    The translation keeps every cell's direction (it moves by an even `dx + dy`), so
    two placements equal up to translation normalise to the same tuple.
    """
    shape = sorted(set(cells), key=lambda c: (c[1], c[0]))
    mx, my = shape[0]
    dx = -mx if is_up(mx, my) else 1 - mx
    return tuple(sorted(((x + dx, y - my) for x, y in shape), key=lambda c: (c[1], c[0])))


_H = math.sqrt(3) / 2


def _centre(x: int, y: int) -> tuple[float, float]:
    return x / 2, y * _H + (_H / 3 if is_up(x, y) else 2 * _H / 3)


def _from_centre(px: float, py: float) -> Cell:
    x = round(2 * px)
    y = math.floor(py / _H)
    # the centroid's height within its row tells the direction; it must agree with parity
    frac = py / _H - y
    if abs(frac - (1 / 3 if is_up(x, y) else 2 / 3)) > 1e-6:
        raise ValueError("a symmetry moved a cell off the grid")
    return x, y


def rotate60(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The shape turned a sixth of a turn about the grid vertex (1/2, 0)."""
    c, s = 0.5, _H
    out = []
    for x, y in cells:
        px, py = _centre(x, y)
        px -= 0.5
        out.append(_from_centre(c * px - s * py + 0.5, s * px + c * py))
    return tuple(out)


def reflect(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The shape mirrored left to right (x -> -x keeps each cell's direction)."""
    return tuple((-x, y) for x, y in cells)


def fixed_orientations(cells: Iterable[Cell]) -> list[tuple[Cell, ...]]:
    """Every distinct normalised image of a shape under the 12 symmetries of the grid."""
    seen: list[tuple[Cell, ...]] = []
    for start in (tuple(cells), reflect(cells)):
        shape = start
        for _ in range(6):
            norm = normalise(shape)
            if norm not in seen:
                seen.append(norm)
            shape = rotate60(shape)
    return seen
