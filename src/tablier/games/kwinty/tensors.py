"""Kwinty's observation tensor for one seat, built from `observation(seat)` only.

One block `planes` of shape (14, 9, width): rows bottom (row 1) first, columns a…
Seat-relative: "mine" are the viewer's pieces, "theirs" the opponent's.

| plane | holds 1 where |
|---|---|
| 0–3 | my lying piece's left end, my lying piece's right end, my standing piece's bottom, its top |
| 4–7 | the same for the opponent's pieces |
| 8 | a column a piece may still reach (Kwinty's 9-wide frame; all of Kwintie's board) |
| 9 | everywhere when I am to move |
| 10, 11 | everywhere: my / their pieces left, divided by 20 |
| 12 | everywhere when the last move was a `pass` |
| 13 | everywhere when no piece is placed yet (first move) |

The piece ends matter: the short-face rule forbids same-colour ends to touch.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablier.games.kwinty.geometry import HEIGHT, LETTERS

PLANES = 14
PIECES_EACH = 20


class KwintyTensors:
    def __init__(self, width: int) -> None:
        self.width = width
        self.blocks: tuple[tuple[str, tuple[int, ...]], ...] = (
            ("planes", (PLANES, HEIGHT, width)),
        )
        self.size = PLANES * HEIGHT * width

    def follower(self) -> KwintyFollower:
        """The same tensors, updated move by move from the state (research/interface.py)."""
        return KwintyFollower(self.width)

    def encode(self, observation: dict[str, Any], seat: int) -> np.ndarray:
        planes = np.zeros((PLANES, HEIGHT, self.width), np.float32)
        for piece in observation["pieces"]:
            base = 0 if piece["player"] == seat else 4
            first, second = (_cell(name) for name in piece["cells"])
            if piece["move"].endswith("h"):
                planes[base, first[1], first[0]] = 1
                planes[base + 1, second[1], second[0]] = 1
            else:
                planes[base + 2, first[1], first[0]] = 1
                planes[base + 3, second[1], second[0]] = 1
        lo, hi = (LETTERS.index(c) for c in observation["frame"])
        planes[8, :, lo : hi + 1] = 1
        if observation["to_move"] == seat:
            planes[9] = 1
        left = observation["pieces_left"]
        planes[10] = left[seat] / PIECES_EACH
        planes[11] = left[1 - seat] / PIECES_EACH
        if observation["last_move"] == "pass":
            planes[12] = 1
        if not observation["pieces"]:
            planes[13] = 1
        return planes.reshape(-1)


def _cell(name: str) -> tuple[int, int]:
    """(column, row index from 0) of a cell name such as `e3`."""
    return LETTERS.index(name[0]), int(name[1:]) - 1


class KwintyFollower:
    """The same tensors as `KwintyTensors.encode`, kept up to date move by move.

    Kwinty hides nothing, so the state itself is what every seat sees. Each seat's
    whole tensor is kept and handed out as a copy: a new piece of `state.pieces` is
    drawn once into both, and each of the other planes, which depends on one small
    value (the frame, who is to move, the pieces left, a pass, the first move), is
    copied in again, from a plane kept per value, only when its value changed since
    that seat's last tensor. A state other than the one followed, or one with fewer
    pieces (a take-back), is followed anew.
    """

    def __init__(self, width: int) -> None:
        self.width = width
        self._state: Any = None
        self._seen = 0  # pieces drawn
        cells = self._cells = HEIGHT * width
        self._out = [np.zeros(PLANES * cells, np.float32) for _ in (0, 1)]
        # values are written through memoryviews: far cheaper than numpy's indexing
        self._flat = [_floats(out) for out in self._out]
        # per seat, the values its planes 8-13 were last written for
        self._written: list[list[Any]] = [[None] * PLANES, [None] * PLANES]
        self._zeros = _floats(np.zeros(cells, np.float32))
        self._ones = _floats(np.ones(cells, np.float32))
        # planes 10 and 11 by the pieces left (mine, theirs), kept as met
        self._lefts: dict[tuple[int, int], memoryview[float]] = {}
        # a piece as the state lists it -> where it is drawn (a few hundred exist)
        self._places: dict[tuple[int, int, int, str], tuple[int, int, int, int]] = {}
        self._frames: dict[tuple[int, int], memoryview[float]] = {}

    def tensor(self, state: Any, seat: int) -> np.ndarray:
        pieces = state.pieces
        seen = self._seen
        if state is not self._state or len(pieces) < seen:
            self._state = state
            seen = 0
            for out in self._out:
                out[:] = 0
            self._written = [[None] * PLANES, [None] * PLANES]
        if len(pieces) > seen:
            first, second = self._flat
            for piece in pieces[seen:]:
                places = self._places.get(piece)
                if places is None:
                    places = self._places[piece] = self._placed(*piece)
                first[places[0]] = first[places[1]] = 1.0
                second[places[2]] = second[places[3]] = 1.0
            self._seen = len(pieces)
        flat, written, cells = self._flat[seat], self._written[seat], self._cells
        frame = state.frame()
        if written[8] != frame:
            flat[8 * cells : 9 * cells] = self._frame(frame)
            written[8] = frame
        value: Any = state.to_move == seat
        if written[9] != value:
            flat[9 * cells : 10 * cells] = self._ones if value else self._zeros
            written[9] = value
        left = state.left
        value = (left[seat], left[1 - seat])
        if written[10] != value:  # planes 10 and 11, which change at nearly every move
            flat[10 * cells : 12 * cells] = self._left(value)
            written[10] = value
        history = state.history
        value = bool(history) and history[-1][1] == "pass"
        if written[12] != value:
            flat[12 * cells : 13 * cells] = self._ones if value else self._zeros
            written[12] = value
        value = not pieces
        if written[13] != value:
            flat[13 * cells : 14 * cells] = self._ones if value else self._zeros
            written[13] = value
        return self._out[seat].copy()

    def _left(self, left: tuple[int, int]) -> memoryview[float]:
        """Planes 10 and 11 for the pieces left (mine, theirs), kept."""
        found = self._lefts.get(left)
        if found is None:
            planes = np.repeat(np.array(left, np.float32) / PIECES_EACH, self._cells)
            found = self._lefts[left] = _floats(planes)
        return found

    def _frame(self, frame: tuple[int, int]) -> memoryview[float]:
        """Plane 8 for the columns `frame` (first and last), kept."""
        found = self._frames.get(frame)
        if found is None:
            plane = np.zeros((HEIGHT, self.width), np.float32)
            plane[:, frame[0] : frame[1] + 1] = 1
            found = self._frames[frame] = _floats(plane.reshape(-1))
        return found

    def _placed(self, player: int, col: int, row: int, orient: str) -> tuple[int, int, int, int]:
        """Where a piece is drawn: its two values in seat 0's tensor, then in seat 1's."""
        # the piece's cells are (col, row) and its right or upper neighbour; rows
        # count from 1 (`encode` reads them from names such as `e3`)
        other = (col + 1, row) if orient == "h" else (col, row + 1)
        width, cells = self.width, self._cells
        found: list[int] = []
        for seat in (0, 1):
            base = (0 if player == seat else 4) + (0 if orient == "h" else 2)
            found.append(base * cells + (row - 1) * width + col)
            found.append((base + 1) * cells + (other[1] - 1) * width + other[0])
        return found[0], found[1], found[2], found[3]


def _floats(values: np.ndarray) -> memoryview[float]:
    """A memoryview of float32 values over the same memory."""
    return values.data.cast("B").cast("f")
