"""Bit-board geometry of the wall.

A wall `width` columns wide and 9 rows high is stored in Python ints, one bit per
cell at index `row * stride + col` with `stride = width + 1`. Row 0 and the column
at index `width` are guards that stay empty, so that shifting a board by one step in
any of the four line directions never wraps onto a real cell and no index is
negative.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

HEIGHT = 9
LETTERS = "abcdefghijklmnopq"


@dataclass(frozen=True)
class Geometry:
    width: int

    # cached: playouts read them tens of thousands of times a second
    @cached_property
    def stride(self) -> int:
        return self.width + 1

    def bit(self, col: int, row: int) -> int:
        return row * self.stride + col

    def cell_name(self, col: int, row: int) -> str:
        return f"{LETTERS[col]}{row}"

    @cached_property
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
    for d in geo.directions:
        pairs = board & (board >> d)
        if pairs & (pairs >> (2 * d)) & (board >> (4 * d)):
            return True
    return False


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


@dataclass(frozen=True)
class Masks:
    """Precomputed boards and per-cell move names for one wall width."""

    valid: int  # rows 1–9, real columns
    row1: int
    above_row1: int
    vertical_ok: int  # a vertical's bottom cell may be on rows 1–8
    columns: tuple[int, ...]  # one board per column, rows 1–9
    windows: dict[tuple[int, int], int]  # (first, last) column -> their cells
    vertical_moves: dict[int, str]  # bottom-cell index -> "e1v"
    horizontal_moves: dict[int, str]  # left-cell index -> "e1h"
    parse: dict[str, tuple[int, str]]  # notation -> (index, orientation)


@cache
def masks(width: int) -> Masks:
    geo = geometry(width)
    valid = row1 = vertical_ok = 0
    columns = []
    vertical_moves: dict[int, str] = {}
    horizontal_moves: dict[int, str] = {}
    parse: dict[str, tuple[int, str]] = {}
    for col in range(width):
        column = 0
        for row in range(1, HEIGHT + 1):
            index = geo.bit(col, row)
            column |= 1 << index
            name = geo.cell_name(col, row)
            vertical_moves[index] = name + "v"
            parse[name + "v"] = (index, "v")
            if col + 1 < width:
                horizontal_moves[index] = name + "h"
                parse[name + "h"] = (index, "h")
            if row == 1:
                row1 |= 1 << index
            if row < HEIGHT:
                vertical_ok |= 1 << index
        columns.append(column)
        valid |= column
    windows = {}
    for lo in range(width):
        board = 0
        for hi in range(lo, width):
            board |= columns[hi]
            windows[(lo, hi)] = board
    return Masks(
        windows=windows,
        valid=valid,
        row1=row1,
        above_row1=valid & ~row1,
        vertical_ok=vertical_ok,
        columns=tuple(columns),
        vertical_moves=vertical_moves,
        horizontal_moves=horizontal_moves,
        parse=parse,
    )
