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

    Kwinty hides nothing, so the state itself is what every seat sees. The piece
    planes (0-7) of each seat are kept: a new piece of `state.pieces` is drawn once into
    both. Each of the other planes depends on one or two small numbers (the frame, who
    is to move, the pieces left, a pass, the first move): it is built once per value
    and kept. A tensor is those blocks put end to end, a fresh array. A state other
    than the one followed, or one with fewer pieces (a take-back), is followed anew.
    """

    def __init__(self, width: int) -> None:
        self.width = width
        self._state: Any = None
        self._seen = 0
        self._pieces = [np.zeros((8, HEIGHT, width), np.float32) for _ in (0, 1)]
        self._flat = [planes.reshape(-1) for planes in self._pieces]
        self._frames: dict[tuple[int, int], np.ndarray] = {}
        self._left: dict[tuple[int, int], np.ndarray] = {}
        # planes 9, 12 and 13 are all ones or all zeros
        cells = HEIGHT * width
        self._ones, self._zeros = np.ones(cells, np.float32), np.zeros(cells, np.float32)

    def tensor(self, state: Any, seat: int) -> np.ndarray:
        pieces = state.pieces
        if state is not self._state or len(pieces) < self._seen:
            self._state, self._seen = state, 0
            for planes in self._pieces:
                planes[:] = 0
        if len(pieces) > self._seen:
            for player, col, row, orient in pieces[self._seen :]:
                self._draw(player, col, row, orient)
            self._seen = len(pieces)
        frame = state.frame()
        frame_plane = self._frames.get(frame)
        if frame_plane is None:
            frame_plane = np.zeros((HEIGHT, self.width), np.float32)
            frame_plane[:, frame[0] : frame[1] + 1] = 1
            frame_plane = self._frames[frame] = frame_plane.reshape(-1)
        left = (state.left[seat], state.left[1 - seat])
        left_planes = self._left.get(left)
        if left_planes is None:
            left_planes = self._left[left] = np.repeat(
                np.array(left, np.float32) / PIECES_EACH, HEIGHT * self.width
            )
        history = state.history
        ones, zeros = self._ones, self._zeros
        return np.concatenate(
            (
                self._flat[seat],
                frame_plane,
                ones if state.current_players() == [seat] else zeros,
                left_planes,
                ones if history and history[-1][1] == "pass" else zeros,
                zeros if pieces else ones,
            )
        )

    def _draw(self, player: int, col: int, row: int, orient: str) -> None:
        # the piece's cells are (col, row) and its right or upper neighbour; rows
        # count from 1 (`encode` reads them from names such as `e3`)
        other = (col + 1, row) if orient == "h" else (col, row + 1)
        for seat, planes in enumerate(self._pieces):
            base = (0 if player == seat else 4) + (0 if orient == "h" else 2)
            planes[base, row - 1, col] = 1
            planes[base + 1, other[1] - 1, other[0]] = 1
