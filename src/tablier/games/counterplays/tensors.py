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

from tablier.games.counterplays.geometry import cell_of, neighbours
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

    def follower(self) -> CounterplaysFollower:
        """The same tensors, updated move by move from the state (research/interface.py)."""
        return CounterplaysFollower()

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


class CounterplaysFollower:
    """The same tensors as `CounterplaysTensors.encode`, kept up to date move by move.

    Counterplays hides nothing and tiles are only ever added, so each new tile of
    `state.tiles` is drawn once: the cells it covers (top owner, height) and the
    same-tile flags of those cells and of their neighbours. Planes 0 and 1 are held by
    colour and put in the seat's order when a tensor is asked for. A state other than
    the one followed, or one with fewer tiles, is followed again from its start.
    """

    def __init__(self) -> None:
        self._state: Any = None
        self._seen = 0
        self._cells = np.zeros(PLANES * ROWS * COLS + SCALARS, np.float32)
        # single values are written through a memoryview: far cheaper than numpy's
        self._flat = self._cells.data.cast("B").cast("f")
        self._top: dict[tuple[int, int], int] = {}
        self._outside: set[tuple[int, int]] = set()

    def _restart(self, state: Any) -> None:
        self._state, self._seen = state, 0
        self._cells[:] = 0
        self._cells[14 * ROWS * COLS : PLANES * ROWS * COLS] = UP.reshape(-1)
        self._top.clear()
        self._outside.clear()

    def tensor(self, state: Any, seat: int) -> np.ndarray:
        tiles = state.tiles
        if state is not self._state or len(tiles) < self._seen:
            self._restart(state)
        for index in range(self._seen, len(tiles)):
            owner, _letter, keys, level = tiles[index]
            self._draw(index, owner, [cell_of(k) for k in keys], level)
        self._seen = len(tiles)
        out = self._cells.copy()
        if seat == 1:
            plane = ROWS * COLS
            out[:plane] = self._cells[plane : 2 * plane]
            out[plane : 2 * plane] = self._cells[:plane]
        flat = out.data.cast("B").cast("f")
        base = PLANES * ROWS * COLS
        for offset, who in ((base, seat), (base + len(LETTERS), 1 - seat)):
            for letter in state.left[who]:
                flat[offset + LETTERS.index(letter)] = 1.0
        flat[base + SCALARS - 3] = float(state.current_players() == [seat])
        flat[base + SCALARS - 2] = float(not tiles)
        flat[base + SCALARS - 1] = len(self._outside) / 144
        return out

    def _draw(self, index: int, owner: int, covered: list[tuple[int, int]], level: int) -> None:
        flat, top = self._flat, self._top
        plane = ROWS * COLS
        for x, y in covered:
            top[(x, y)] = index
            if not (X_MIN <= x <= X_MAX and Y_MIN <= y <= Y_MAX):
                self._outside.add((x, y))
                continue
            at = (y - Y_MIN) * COLS + (x - X_MIN)
            flat[owner * plane + at] = 1.0
            flat[(1 - owner) * plane + at] = 0.0
            flat[2 * plane + at] = level / MAX_HEIGHT
            for h in range(1, LEVEL_PLANES + 1):
                flat[(2 + h) * plane + at] = float(h == level)
        # a cell's same-tile flags change when it or a neighbour gets a new top tile
        touched = set(covered)
        for cell in covered:
            touched.update(neighbours(*cell))
        for x, y in touched:
            here = top.get((x, y))
            if here is None or not (X_MIN <= x <= X_MAX and Y_MIN <= y <= Y_MAX):
                continue
            at = (y - Y_MIN) * COLS + (x - X_MIN)
            for p, n in zip((11, 12, 13), neighbours(x, y), strict=True):
                flat[p * plane + at] = float(top.get(n) == here)
