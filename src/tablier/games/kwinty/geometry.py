"""Bit-board geometry of the wall.

A wall `width` columns wide and 9 rows high is stored in Python ints, one bit per
cell at index `row * stride + col` with `stride = width + 1`. Row 0 and the column
at index `width` are guards that stay empty, so that shifting a board by one step in
any of the four line directions never wraps onto a real cell and no index is
negative.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

HEIGHT = 9
LETTERS = "abcdefghijklmnopq"


@dataclass(frozen=True)
class Geometry:
    width: int

    @property
    def stride(self) -> int:
        return self.width + 1

    def bit(self, col: int, row: int) -> int:
        return row * self.stride + col

    def cell_name(self, col: int, row: int) -> str:
        return f"{LETTERS[col]}{row}"

    @property
    def directions(self) -> tuple[int, int, int, int]:
        """Index steps: along a row, up a column, and the two diagonals."""
        s = self.stride
        return (1, s, s + 1, s - 1)

    def cells_of(self, board: int) -> list[tuple[int, int]]:
        out = []
        while board:
            low = board & -board
            index = low.bit_length() - 1
            out.append((index % self.stride, index // self.stride))
            board ^= low
        return out


@cache
def geometry(width: int) -> Geometry:
    return Geometry(width)


def runs_of(board: int, step: int, length: int) -> int:
    """Bits where a run of at least `length` cells of `board` starts, along `step`."""
    run = board
    for _ in range(length - 1):
        run &= run >> step
    return run


def has_five(board: int, geo: Geometry) -> bool:
    return any(runs_of(board, d, 5) for d in geo.directions)


def five_cells(board: int, geo: Geometry) -> int:
    """Every cell of `board` that belongs to a line of five or more."""
    cells = 0
    for d in geo.directions:
        starts = runs_of(board, d, 5)
        for k in range(5):
            cells |= starts << (k * d)
    return cells


def count_fours(board: int, geo: Geometry) -> int:
    """Maximal runs of exactly four cells, each counted once, in the four directions."""
    total = 0
    for d in geo.directions:
        starts = runs_of(board, d, 4)
        # a run starting here is maximal and exactly four long when the cell before
        # it and the cell four steps on are both not in the board
        exact = starts & ~(board << d) & ~(board >> (4 * d))
        total += exact.bit_count()
    return total
