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
    written again only when its value changed since that seat's last tensor. A state
    other than the one followed, or one with fewer pieces (a take-back), is followed
    anew.
    """

    def __init__(self, width: int) -> None:
        self.width = width
        self._state: Any = None
        self._seen = 0
        self._cells = HEIGHT * width
        self._out = [np.zeros(PLANES * self._cells, np.float32) for _ in (0, 1)]
        # single values are written through memoryviews: far cheaper than numpy's
        self._flat = [out.data.cast("B").cast("f") for out in self._out]
        # per seat, the values its planes 8-13 were last written for
        self._written: list[list[Any]] = [[None] * PLANES, [None] * PLANES]

    def tensor(self, state: Any, seat: int) -> np.ndarray:
        pieces = state.pieces
        if state is not self._state or len(pieces) < self._seen:
            self._state, self._seen = state, 0
            for out in self._out:
                out[:] = 0
            self._written = [[None] * PLANES, [None] * PLANES]
        if len(pieces) > self._seen:
            for player, col, row, orient in pieces[self._seen :]:
                self._draw(player, col, row, orient)
            self._seen = len(pieces)
        out, written, cells = self._out[seat], self._written[seat], self._cells
        history = state.history
        frame = state.frame()
        if written[8] != frame:
            plane = out[8 * cells : 9 * cells].reshape(HEIGHT, self.width)
            plane[:] = 0
            plane[:, frame[0] : frame[1] + 1] = 1
            written[8] = frame
        values = (
            state.to_move == seat,
            state.left[seat],
            state.left[1 - seat],
            bool(history) and history[-1][1] == "pass",
            not pieces,
        )
        for index, value in enumerate(values, 9):
            if written[index] != value:
                fill = value / PIECES_EACH if index in (10, 11) else float(value)
                out[index * cells : (index + 1) * cells] = fill
                written[index] = value
        return out.copy()

    def _draw(self, player: int, col: int, row: int, orient: str) -> None:
        # the piece's cells are (col, row) and its right or upper neighbour; rows
        # count from 1 (`encode` reads them from names such as `e3`)
        other = (col + 1, row) if orient == "h" else (col, row + 1)
        width, cells = self.width, self._cells
        for seat, flat in enumerate(self._flat):
            base = (0 if player == seat else 4) + (0 if orient == "h" else 2)
            flat[base * cells + (row - 1) * width + col] = 1.0
            flat[(base + 1) * cells + (other[1] - 1) * width + other[0]] = 1.0
