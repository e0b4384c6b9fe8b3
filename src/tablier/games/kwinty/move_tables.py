"""Kwinty's moves as objects shared by every position, built once per set of rules.

A random playout through the contract asks for a move list and plays one move of it at
every step. Building a `Move` for every legal move, reading a notation back into a
cell, asking the rule objects for whole boards and looking for a five on the whole
wall were most of that step's time. So each placement's `Move`, its notation, what it
changes on the wall and what it forbids (`Shape`) are made once here, for one wall
(`Variant`) and one reading of the short faces (`ShortFaces`); the position keeps the
boards those rules give up to date piece by piece.

Move lists are read from the legal boards bit by bit, lowest first (row by row, left to
right), horizontals first, each bit's `Move` found in a list by the bit's position.
(Remembering the moves of whole bands of rows by their value did less work, but lost
more time than it saved in a dictionary too large for the processor's caches.)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from tablier.core.move import Move
from tablier.games.kwinty.geometry import HEIGHT, geometry
from tablier.games.kwinty.short_faces import SHORT_FACES_RULES
from tablier.games.kwinty.variants import VARIANTS

# A piece, by its first cell and orientation: (first column, last column, height of
# those columns once it lands, its first cell, its second cell, the cells whose "top"
# flag it flips, its entry in `pieces` for each player, then the boards it adds to the
# position's touching ones (verticals, horizontals) and the boards of placements it
# still allows its owner by the short faces (verticals, horizontals), and the lines a
# five through it would lie on (`Lines`)).
Shape = tuple[
    int,
    int,
    int,
    int,
    int,
    int,
    tuple[tuple[int, int, int, str], ...],
    int,
    int,
    int,
    int,
    "Lines",
]
# per direction: the cells within four steps of the piece that way, the step, twice it
# and four times it
Lines = tuple[tuple[int, int, int, int], ...]

# where the legal board of a move's orientation sits in `KwintyState._boards`
VERTICAL_AT, HORIZONTAL_AT = 1, 2


class MoveTables:
    """The moves of one wall under one reading of the short faces."""

    def __init__(self, variant_id: str, faces_id: str) -> None:
        variant = VARIANTS[variant_id]
        faces = SHORT_FACES_RULES[faces_id]
        width = variant.width
        stride = geometry(width).stride
        m = variant.masks
        # notation -> (its canonical text, its placement as `_play` takes it, the bit of
        # its first cell, where its orientation's legal board is in `_boards`)
        self.by_name: dict[str, tuple[str, tuple[int, str], int, int]] = {}
        self.h_shapes: dict[int, Shape] = {}
        self.v_shapes: dict[int, Shape] = {}
        # by the bit length of a board holding only the move's first cell
        size = (HEIGHT + 1) * stride + 1
        self._h_moves: list[Move | None] = [None] * size
        self._v_moves: list[Move | None] = [None] * size
        for orient, moves in (("h", m.horizontal_moves), ("v", m.vertical_moves)):
            for index, name in moves.items():
                row, col = divmod(index, stride)
                first = 1 << index
                if orient == "h":
                    second = first << 1
                    flip = first | second | first << stride | second << stride
                    last_col, height, parts = col + 1, row, (first, second, 0)
                else:
                    second = first << stride
                    flip = first | second << stride
                    last_col, height, parts = col, row + 1, (0, 0, second)
                touch_v, touch_h = variant.touching(first | second)
                # on the wall a piece's neighbours already touch: only row 1 adds any
                before_v, before_h = variant.touching(0)
                touch_v &= ~before_v
                touch_h &= ~before_h
                forbid_v, forbid_h = faces.forbidden(stride, first | second, *parts)
                shape: Shape = (
                    col,
                    last_col,
                    height,
                    first,
                    second,
                    flip & m.valid,  # a full column has no top cell
                    tuple((p, col, row, orient) for p in (0, 1)),
                    touch_v,
                    touch_h,
                    m.valid & ~forbid_v,
                    m.valid & ~forbid_h,
                    _lines(width, stride, col, row, orient),
                )
                if orient == "h":
                    self.h_shapes[index] = shape
                    self._h_moves[index + 1] = Move(name)
                else:
                    self.v_shapes[index] = shape
                    self._v_moves[index + 1] = Move(name)
                self.by_name[name] = (
                    name,
                    (index, orient),
                    index,
                    HORIZONTAL_AT if orient == "h" else VERTICAL_AT,
                )
        # rows 0-3 (row 0 is an empty guard), 4-6 and 7-9 (the guard column included)
        self._rules = (variant_id, faces_id)

    # tables, not position: a copied or pickled position names them and shares them
    def __deepcopy__(self, memo: dict[int, object]) -> MoveTables:
        return self

    def __reduce__(self) -> tuple[Callable[[str, str], MoveTables], tuple[str, str]]:
        return move_tables, self._rules

    def listing(self, horizontal: int, vertical: int) -> list[Move]:
        """The moves of the legal boards, horizontals then verticals, in bit order."""
        moves = []
        by_length = self._h_moves
        while horizontal:
            low = horizontal & -horizontal
            moves.append(by_length[low.bit_length()])
            horizontal ^= low
        by_length = self._v_moves
        while vertical:
            low = vertical & -vertical
            moves.append(by_length[low.bit_length()])
            vertical ^= low
        return moves  # type: ignore[return-value]  # legal cells all have a move


def _lines(width: int, stride: int, col: int, row: int, orient: str) -> Lines:
    cells = [(col, row), (col + 1, row) if orient == "h" else (col, row + 1)]
    lines = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
        board = 0
        for c, r in cells:
            for k in range(-4, 5):
                cc, rr = c + k * dc, r + k * dr
                if 0 <= cc < width and 1 <= rr <= HEIGHT:
                    board |= 1 << (rr * stride + cc)
        step = dr * stride + dc
        lines.append((board, step, 2 * step, 4 * step))
    return tuple(lines)


def five_through(board: int, lines: Lines) -> bool:
    """Whether `board`, without a line of five before its last piece, has one now:
    such a line goes through that piece, so only its `lines` are looked at, and only
    those holding five of the player's cells at all."""
    for cells, step, step2, step4 in lines:
        line = board & cells
        if line.bit_count() > 4:
            pairs = line & line >> step
            if pairs & pairs >> step2 & line >> step4:
                return True
    return False


@cache
def move_tables(variant_id: str, faces_id: str) -> MoveTables:
    return MoveTables(variant_id, faces_id)
