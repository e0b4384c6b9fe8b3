"""Rule c), two readings: which same-colour contacts a piece's short faces forbid.

`ends` (the default): two pieces of one colour may not touch short face against short
face. `strict` (option short_faces=strict): a short face may not touch any face of a
piece of its colour, whichever of the two pieces owns it. The reading is chosen once
when a game starts; the move tables ask it what each piece forbids its owner (move
lists), and the position asks it about one placement (to name the rule a refused move
breaks).

A horizontal's short faces are the outer edges of its left and right cells, a
vertical's those of its bottom and top cells: the position gives those cells per
player (`short_face_cells`), so each test is a few shifts.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablier.games.kwinty.state import KwintyState


class ShortFaces(ABC):
    strict: bool

    def __deepcopy__(self, memo: dict[int, object]) -> ShortFaces:
        return self  # rules, not position: a deep copy of a position shares them

    @abstractmethod
    def forbidden(
        self, stride: int, mine: int, h_left: int, h_right: int, v_top: int
    ) -> tuple[int, int]:
        """The placements (verticals by their bottom cell, horizontals by their left one)
        that a player's pieces forbid him, from his cells and their parts. Each is a
        union of shifts of those boards, so a position's is the union of its pieces'."""

    @abstractmethod
    def clash(self, state: KwintyState, player: int, col: int, row: int, orient: str) -> bool:
        """Whether this one placement of `player` breaks the rule."""


class EndsOnly(ShortFaces):
    strict = False

    def forbidden(
        self, stride: int, mine: int, h_left: int, h_right: int, v_top: int
    ) -> tuple[int, int]:
        return v_top << stride, (h_right << 1) | (h_left >> 2)

    def clash(self, state: KwintyState, player: int, col: int, row: int, orient: str) -> bool:
        geo = state.geo
        i = geo.bit(col, row)
        h_left, h_right, v_top = state.short_face_cells(player)
        if orient == "h":
            return bool((h_right >> (i - 1)) & 1 or (h_left >> (i + 2)) & 1)
        return bool((v_top >> (i - geo.stride)) & 1)


class Strict(ShortFaces):
    strict = True

    def forbidden(
        self, stride: int, mine: int, h_left: int, h_right: int, v_top: int
    ) -> tuple[int, int]:
        s = stride
        vertical = (
            (mine << s)
            | (h_right << 1)
            | (h_right >> (s - 1))
            | (h_left >> 1)
            | (h_left >> (s + 1))
        )
        horizontal = (mine << 1) | (mine >> 2) | (v_top << s) | (v_top << (s - 1))
        return vertical, horizontal

    def clash(self, state: KwintyState, player: int, col: int, row: int, orient: str) -> bool:
        geo = state.geo
        i = geo.bit(col, row)
        s = geo.stride
        mine = state.occ[player]
        h_left, h_right, v_top = state.short_face_cells(player)
        if orient == "h":
            beside = (1 << (i - 1)) | (1 << (i + 2))
            below = (1 << (i - s)) | (1 << (i + 1 - s))
            return bool(mine & beside or v_top & below)
        side_left = (1 << (i - 1)) | (1 << (i - 1 + s))
        side_right = (1 << (i + 1)) | (1 << (i + 1 + s))
        return bool(mine & (1 << (i - s)) or h_right & side_left or h_left & side_right)


SHORT_FACES_RULES: dict[str, ShortFaces] = {"ends": EndsOnly(), "strict": Strict()}
