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

from functools import cache
from typing import Any

import numpy as np

from tablier.games.counterplays.geometry import cell_of, key_neighbours, key_of, neighbours
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
    `state.tiles` is drawn once, into each seat's whole tensor (kept, and handed out
    as a copy): the cells it covers (top owner, height) and the same-tile flags there
    and around. Those flags follow from the new tile alone: a covered cell's neighbour
    shares its top tile exactly when the new tile covers it too, and an uncovered
    neighbour no longer shares its top tile with the covered cell. A tile's writes
    depend only on its shape and level once moved to its anchor, so they are worked
    out once per shape and level. A state other than the one followed, or one with
    fewer tiles, is followed again from its start.
    """

    def __init__(self) -> None:
        self._state: Any = None
        self._seen = 0
        size = PLANES * ROWS * COLS + SCALARS
        self._out = [np.zeros(size, np.float32) for _ in (0, 1)]
        # single values are written through memoryviews: far cheaper than numpy's
        self._flat = [out.data.cast("B").cast("f") for out in self._out]
        self._outside: set[int] = set()  # keys of covered cells beyond the window
        self._left: tuple[Any, ...] = ((), ())  # the hands last written, per seat

    def _restart(self, state: Any) -> None:
        self._state, self._seen = state, 0
        for out in self._out:
            out[:] = 0
            out[14 * ROWS * COLS : PLANES * ROWS * COLS] = UP.reshape(-1)
        self._outside.clear()
        self._left = ((), ())

    def tensor(self, state: Any, seat: int) -> np.ndarray:
        tiles = state.tiles
        if state is not self._state or len(tiles) < self._seen:
            self._restart(state)
        for index in range(self._seen, len(tiles)):
            owner, _letter, keys, level = tiles[index]
            self._draw(owner, keys, level)
        self._seen = len(tiles)
        out = self._out[seat]
        base = PLANES * ROWS * COLS
        flat = self._flat[seat]
        hands = (state.left[seat], state.left[1 - seat])
        if self._left[seat] != hands:
            flat[base : base + len(LETTERS)] = _hand(hands[0])
            flat[base + len(LETTERS) : base + 2 * len(LETTERS)] = _hand(hands[1])
            self._left = (hands, self._left[1]) if seat == 0 else (self._left[0], hands)
        flat[base + SCALARS - 3] = float(state.current_players() == [seat])
        flat[base + SCALARS - 2] = float(not tiles)
        flat[base + SCALARS - 1] = len(self._outside) / 144
        return out.copy()

    def _draw(self, owner: int, keys: tuple[int, ...], level: int) -> None:
        anchor = keys[0]
        x, y = cell_of(anchor)
        shape = tuple(k - anchor for k in keys)
        low_x, high_x, low_y, high_y = _extent(shape)
        if x + low_x > X_MIN and x + high_x < X_MAX and y + low_y > Y_MIN and y + high_y < Y_MAX:
            # the tile and its neighbours lie in the window: its writes, moved there
            at = (y - Y_MIN) * COLS + (x - X_MIN)
            mine, theirs = _writes(shape, level, anchor % 2 == 0)
            for seat, out in enumerate(self._out):
                places, values = mine if seat == owner else theirs
                out[places + at] = values
            return
        for seat, flat in enumerate(self._flat):
            for place, value in _cell_writes(keys, level, owner == seat):
                flat[place] = value
        self._outside.update(k for k in keys if _place(k) is None)


PLANE = ROWS * COLS


def _place(key: int) -> int | None:
    """The index of a cell in a plane, None beyond the window."""
    x, y = cell_of(key)
    if X_MIN <= x <= X_MAX and Y_MIN <= y <= Y_MAX:
        return (y - Y_MIN) * COLS + (x - X_MIN)
    return None


def _cell_writes(keys: tuple[int, ...], level: int, mine: bool) -> list[tuple[int, float]]:
    """(index in the tensor, value) of every value a new tile on `keys` at `level`
    changes, in the tensor of a seat who owns it (`mine`) or not; none beyond the window."""
    writes: list[tuple[int, float]] = []
    covered = set(keys)
    for key in keys:
        at = _place(key)
        if at is None:
            continue
        writes.append(((0 if mine else 1) * PLANE + at, 1.0))
        writes.append(((1 if mine else 0) * PLANE + at, 0.0))
        writes.append((2 * PLANE + at, level / MAX_HEIGHT))
        writes.extend(((2 + h) * PLANE + at, float(h == level)) for h in range(1, LEVEL_PLANES + 1))
        for plane, other in zip((11, 12, 13), key_neighbours(key), strict=True):
            writes.append((plane * PLANE + at, float(other in covered)))
            back = _place(other)
            if other not in covered and back is not None:
                # the covered cell is the neighbour's right, left or third one
                writes.append(((12, 11, 13)[plane - 11] * PLANE + back, 0.0))
    return writes


@cache
def _extent(shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The least and greatest x and y of a tile's cells, from its anchor."""
    cells = [cell_of(key_of(0, 0) + d) for d in shape]
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    return min(xs), max(xs), min(ys), max(ys)


Writes = tuple[np.ndarray, np.ndarray]


@cache
def _writes(shape: tuple[int, ...], level: int, up: bool) -> tuple[Writes, Writes]:
    """A tile's writes with its anchor at index 0 of a plane: indices and values, in
    the tensor of its owner and in the other's. Anchored on another cell, the indices
    move by that cell's index (when the tile and its neighbours lie in the window)."""
    # drawn on an anchor of the same direction near the window's centre
    origin = key_of(0 if up else 1, 0)
    keys = tuple(origin + d for d in shape)
    shift = (0 - Y_MIN) * COLS + ((0 if up else 1) - X_MIN)
    found = []
    for mine in (True, False):
        writes = _cell_writes(keys, level, mine)
        found.append(
            (
                np.array([place - shift for place, _ in writes], np.intp),
                np.array([value for _, value in writes], np.float32),
            )
        )
    return found[0], found[1]


@cache
def _hand(letters: frozenset[str]) -> memoryview[float]:
    """The scalars of one hand: 1 for each tile still in it (4 096 hands exist)."""
    hand = np.zeros(len(LETTERS), np.float32)
    for letter in letters:
        hand[LETTERS.index(letter)] = 1
    return hand.data.cast("B").cast("f")
