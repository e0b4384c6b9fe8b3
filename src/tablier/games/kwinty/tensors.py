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
