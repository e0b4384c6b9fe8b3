"""The 3×3 footprint of the tower: cell names, neighbours and piece shapes.

A cell is an index 0..8 ordered by file then rank (a1, a2, a3, b1, …, c3), so the
ascending order of the notation is the order of the indices.
"""

from __future__ import annotations

FILES = "abc"
RANKS = "123"
CELLS: tuple[str, ...] = tuple(f + r for f in FILES for r in RANKS)
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELLS)}
CENTRE = CELL_INDEX["b2"]

# With 80 cubes on 9 cells the lowest incomplete level is at most 9, so rule e)
# keeps every cube at level 11 or below; two spare levels keep index arithmetic simple.
MAX_LEVEL = 13


def file_of(cell: int) -> int:
    return cell // 3


def rank_of(cell: int) -> int:
    return cell % 3


def cell_at(file: int, rank: int) -> int:
    return file * 3 + rank


def _neighbours(cell: int) -> tuple[int, ...]:
    f, r = file_of(cell), rank_of(cell)
    found = []
    for df, dr in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        nf, nr = f + df, r + dr
        if 0 <= nf < 3 and 0 <= nr < 3:
            found.append(cell_at(nf, nr))
    return tuple(sorted(found))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(c) for c in range(9))

# the twelve places of a horizontal piece, each as (lower cell, higher cell)
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(9) for b in NEIGHBOURS[a] if a < b)


def vertical_notation(cell: int) -> str:
    return "V" + CELLS[cell]


def horizontal_notation(a: int, b: int) -> str:
    lo, hi = min(a, b), max(a, b)
    return "H" + CELLS[lo] + CELLS[hi]


def removal_notation(cell: int, level: int) -> str:
    return f"x{CELLS[cell]}@{level}"


# rows of the (cell, level) grid a state keeps: levels 0..GRID_LEVELS-1
GRID_LEVELS = MAX_LEVEL + 2

# A piece: (owner, is_vertical, cells, level). A vertical holds (cell,) and covers
# `level` and `level + 1`; a horizontal holds its two cells (ascending) at `level`.
Piece = tuple[int, bool, tuple[int, ...], int]


def cubes(piece: Piece) -> list[tuple[int, int]]:
    """The (cell, level) positions a piece fills."""
    _owner, vertical, cells, z = piece
    if vertical:
        return [(cells[0], z), (cells[0], z + 1)]
    return [(c, z) for c in cells]
