"""Counterplays's observation tensor for one seat, built from `observation(seat)` only.

The table is endless, so the tensor looks through a window of the triangle grid:
x from -32 to 33, y from -16 to 16 (the first tile lies at 0,0), wide enough for
every random game measured (they stay within |x| ≤ 22, |y| ≤ 12). Cells outside the
window are not drawn, but the scalar `outside` counts them, so nothing is silently lost.

Block `cells`, shape (15, 33, 66): plane, row y + 16, column x + 32. Seat-relative.

| plane | holds |
|---|---|
| 0, 1 | 1 where my / their tile is on top |
| 2 | the stack's height / 24 |
| 3–10 | 1 where the height is exactly 1, 2, …, 8 |
| 11–13 | 1 where the left / right / third neighbour has the same top tile (*) |
| 14 | 1 where the triangle points up (the grid itself) |

(*) a tile above the table must rest on two different tiles.

Block `scalars`, shape (27,): my 12 tiles left (1 if still in hand, `COUNTERPLAYS`
order), their 12, I am to move, no tile placed yet, cells outside the window / 144.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablier.games.counterplays.geometry import neighbours
from tablier.games.counterplays.shapes import LETTERS

X_MIN, X_MAX = -32, 33
Y_MIN, Y_MAX = -16, 16
ROWS, COLS = Y_MAX - Y_MIN + 1, X_MAX - X_MIN + 1
PLANES = 15
LEVEL_PLANES = 8
SCALARS = 2 * len(LETTERS) + 3
MAX_HEIGHT = 24


def _up_plane() -> np.ndarray:
    ys, xs = np.mgrid[Y_MIN : Y_MAX + 1, X_MIN : X_MAX + 1]
    return ((xs + ys) % 2 == 0).astype(np.float32)


UP = _up_plane()


class CounterplaysTensors:
    def __init__(self) -> None:
        self.blocks: tuple[tuple[str, tuple[int, ...]], ...] = (
            ("cells", (PLANES, ROWS, COLS)),
            ("scalars", (SCALARS,)),
        )
        self.size = PLANES * ROWS * COLS + SCALARS

    def encode(self, observation: dict[str, Any], seat: int) -> np.ndarray:
        cells = np.zeros((PLANES, ROWS, COLS), np.float32)
        top: dict[tuple[int, int], int] = {}
        height: dict[tuple[int, int], int] = {}
        for index, tile in enumerate(observation["tiles"]):
            for x, y in tile["cells"]:
                top[(x, y)] = index
                height[(x, y)] = tile["level"]
        outside = 0
        tiles = observation["tiles"]
        for (x, y), index in top.items():
            if not (X_MIN <= x <= X_MAX and Y_MIN <= y <= Y_MAX):
                outside += 1
                continue
            row, col = y - Y_MIN, x - X_MIN
            cells[0 if tiles[index]["owner"] == seat else 1, row, col] = 1
            h = height[(x, y)]
            cells[2, row, col] = h / MAX_HEIGHT
            if h <= LEVEL_PLANES:
                cells[2 + h, row, col] = 1
            for plane, n in zip((11, 12, 13), neighbours(x, y), strict=True):
                if top.get(n) == index:
                    cells[plane, row, col] = 1
        cells[14] = UP
        left = observation["tiles_left"]
        scalars = np.zeros(SCALARS, np.float32)
        for base, who in ((0, seat), (len(LETTERS), 1 - seat)):
            for letter in left[who]:
                scalars[base + LETTERS.index(letter)] = 1
        scalars[-3] = observation["to_move"] == seat
        scalars[-2] = not tiles
        scalars[-1] = outside / 144
        return np.concatenate([cells.reshape(-1), scalars])
