"""Kwinty and Kwintie: where the two walls differ, chosen once when a game starts.

Kwinty is built on an open table: the first piece stands or lies at i1 of a frame wide
enough for the wall to grow either way, a piece laid on the table touches one already
standing, and the wall never grows wider than nine columns. Kwintie is built on a board
of nine squares: the first piece goes anywhere but on the middle square, and nothing
else is asked. The position (`KwintyState`) asks its `Variant` at each of those points,
so the rules it shares with both walls carry no test of which wall it is.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from tablier.games.kwinty.geometry import LETTERS, Masks, geometry, masks
from tablier.games.kwinty.refusals import CENTRE, FIRST_AT_I1, NO_TOUCH, TOO_WIDE

if TYPE_CHECKING:
    from tablier.games.kwinty.state import KwintyState

MAX_SPAN = 9  # Kwinty's wall: at most 9 columns wide
KWINTY_WIDTH = 17  # frame a–q: 8 columns either side of the first piece's i1
KWINTIE_WIDTH = 9
FIRST_COLUMN = LETTERS.index("i")
KWINTIE_CENTRE = LETTERS.index("e")


@dataclass(frozen=True, eq=False)
class Variant(ABC):
    """One wall's own rules; the instances below are shared by every position."""

    id: str
    width: int

    @cached_property
    def masks(self) -> Masks:
        return masks(self.width)

    def __deepcopy__(self, memo: dict[int, object]) -> Variant:
        return self  # rules, not position: a deep copy of a position shares them

    @abstractmethod
    def opening_violation(self, col: int, row: int, orient: str) -> str | None:
        """The rule the game's first piece would break there, if any."""

    @abstractmethod
    def frame(self, state: KwintyState) -> tuple[int, int]:
        """The first and last column a piece could still reach."""

    @abstractmethod
    def room(self, min_col: int, max_col: int) -> tuple[int, int]:
        """Where a vertical's bottom and a horizontal's left cell may go, as far as the
        width of a wall over columns min_col..max_col allows (the game begun)."""

    @abstractmethod
    def touching(self, cells: int) -> tuple[int, int]:
        """Where a vertical's bottom and a horizontal's left cell may go, as far as
        touching the pieces on `cells` asks. The union of two sets of cells' is that of
        their union, so a position keeps it piece by piece."""

    @abstractmethod
    def later_violation(self, state: KwintyState, col: int, row: int, last_col: int) -> str | None:
        """The rule of this wall a piece over columns col..last_col, resting at `row`,
        would break once the game has begun, if any (`room` and `touching` one placement
        at a time)."""

    @cached_property
    def opening_boards(self) -> tuple[int, int]:
        """(verticals, horizontals) the first piece may be: on an empty wall no short
        face can touch anything, so they never change."""
        vertical = horizontal = 0
        m = self.masks
        stride = geometry(self.width).stride
        for index in m.vertical_moves:
            if index // stride == 1 and self.opening_violation(index - stride, 1, "v") is None:
                vertical |= 1 << index
        for index in m.horizontal_moves:
            if index // stride == 1 and self.opening_violation(index - stride, 1, "h") is None:
                horizontal |= 1 << index
        return vertical, horizontal


@dataclass(frozen=True, eq=False)
class OpenTable(Variant):
    """Kwinty: a wall at most nine columns wide, each piece on the table beside another."""

    def opening_violation(self, col: int, row: int, orient: str) -> str | None:
        return None if (col, row) == (FIRST_COLUMN, 1) else FIRST_AT_I1

    def frame(self, state: KwintyState) -> tuple[int, int]:
        if not state.pieces:
            return (0, self.width - 1)
        return (
            max(0, state.max_col - (MAX_SPAN - 1)),
            min(self.width - 1, state.min_col + (MAX_SPAN - 1)),
        )

    @cached_property
    def windows(self) -> list[tuple[int, int]]:
        """By `min_col * width + max_col` of the wall: the cells where a vertical's
        bottom and a horizontal's left cell may go without the wall growing too wide."""
        m = self.masks
        table = [(0, 0)] * (self.width * self.width)
        for lo in range(self.width):
            for hi in range(lo, self.width):
                reach = m.windows[
                    (max(0, hi - (MAX_SPAN - 1)), min(self.width - 1, lo + MAX_SPAN - 1))
                ]
                table[lo * self.width + hi] = (reach, reach & (reach >> 1))
        return table

    def room(self, min_col: int, max_col: int) -> tuple[int, int]:
        return self.windows[min_col * self.width + max_col]

    def touching(self, cells: int) -> tuple[int, int]:
        # above row 1 a piece rests on the wall; on the table it needs a standing neighbour
        above = self.masks.above_row1
        return above | (cells << 1) | (cells >> 1), above | (cells << 1) | (cells >> 2)

    def later_violation(self, state: KwintyState, col: int, row: int, last_col: int) -> str | None:
        if max(state.max_col, last_col) - min(state.min_col, col) >= MAX_SPAN:
            return TOO_WIDE
        # resting on a piece is touching it; on the table a neighbour column must
        # already stand (columns have no holes, so its row 1 is filled)
        heights = state.heights
        if row == 1 and not (
            (col > 0 and heights[col - 1] > 0)
            or (last_col + 1 < self.width and heights[last_col + 1] > 0)
        ):
            return NO_TOUCH
        return None


@dataclass(frozen=True, eq=False)
class NineSquares(Variant):
    """Kwintie: a board of nine squares, no piece on the middle one first."""

    def opening_violation(self, col: int, row: int, orient: str) -> str | None:
        if col == KWINTIE_CENTRE or (orient == "h" and col + 1 == KWINTIE_CENTRE):
            return CENTRE
        return None

    def frame(self, state: KwintyState) -> tuple[int, int]:
        return (0, self.width - 1)

    def room(self, min_col: int, max_col: int) -> tuple[int, int]:
        return self.masks.valid, self.masks.valid

    def touching(self, cells: int) -> tuple[int, int]:
        return self.masks.valid, self.masks.valid

    def later_violation(self, state: KwintyState, col: int, row: int, last_col: int) -> str | None:
        return None


VARIANTS: dict[str, Variant] = {
    "kwinty": OpenTable("kwinty", KWINTY_WIDTH),
    "kwintie": NineSquares("kwintie", KWINTIE_WIDTH),
}
