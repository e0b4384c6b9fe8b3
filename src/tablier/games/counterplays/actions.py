"""Counterplays's fixed action table, for research frameworks (see docs/research.md).

A move is a fixed orientation (94 of them, `shapes.ORIENTATIONS` order) put with its
first cell (lowest row, then leftmost) on an anchor cell pointing the same way.
The table numbers every such placement that can ever occur, which needs a bound on
where tiles can lie: every tile on the table shares an edge with a tile on the table,
so the at most 24 × 6 = 144 table triangles are connected and each is at most
144 - 6 = 138 edge-steps from a triangle of the first tile. Every placement's cells
lie on table cells, so its anchor is within 138 steps of the first tile too.
`REACH` is that set of cells (30 455 of them, x from -141 to 144, y from -69 to 72).

Action = `offset[orientation] + rank of the anchor among the REACH cells of its
direction`, cells ranked by (y, x): 1 426 912 actions. Random games stay within
|x| ≤ 22, |y| ≤ 12; the table is large because the rules allow far longer chains.
"""

from __future__ import annotations

from collections import deque
from functools import cache, lru_cache
from typing import TYPE_CHECKING

import numpy as np

from tablier.core.move import Move
from tablier.games.counterplays.geometry import Cell, key_of, neighbours
from tablier.games.counterplays.notation import notation, orientation_of, parse
from tablier.games.counterplays.shapes import ORIENTATIONS

if TYPE_CHECKING:
    from tablier.core.game import Game

TABLE_TRIANGLES = 24 * 6
STEPS = TABLE_TRIANGLES - 6


@cache
def reach() -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
    """The cells a placement's anchor may occupy, up cells then down cells, by (y, x)."""
    start: set[Cell] = set()
    for o in ORIENTATIONS:
        x0, y0 = o.cells[0]
        anchor_x = 0 if o.first_up else 1
        start.update((x - x0 + anchor_x, y - y0) for x, y in o.cells)
    dist = dict.fromkeys(start, 0)
    queue = deque(start)
    while queue:
        cell = queue.popleft()
        if dist[cell] == STEPS:
            continue
        for n in neighbours(*cell):
            if n not in dist:
                dist[n] = dist[cell] + 1
                queue.append(n)
    ordered = sorted(dist, key=lambda c: (c[1], c[0]))
    up = tuple(c for c in ordered if (c[0] + c[1]) % 2 == 0)
    down = tuple(c for c in ordered if (c[0] + c[1]) % 2 == 1)
    return up, down


class CounterplaysActions:
    def __init__(self) -> None:
        up, down = reach()
        self.anchors = (up, down)
        self.rank = (
            {key_of(*c): i for i, c in enumerate(up)},
            {key_of(*c): i for i, c in enumerate(down)},
        )
        offsets = [0]
        for o in ORIENTATIONS:
            offsets.append(offsets[-1] + len(up if o.first_up else down))
        self.offsets = np.array(offsets, np.int64)
        self.size = int(offsets[-1])

    def encode(self, move: str) -> int:
        return self._encode(str(move))

    @lru_cache(maxsize=200_000)  # noqa: B019 - one table per process (see `_actions`)
    def _encode(self, move: str) -> int:
        try:
            letter, keys = parse(move)
            orient = orientation_of(letter, keys)
        except ValueError as error:  # IllegalMove is a ValueError
            raise ValueError(f"{move!r} is not a Counterplays placement: {error}") from None
        rank = self.rank[0 if orient.first_up else 1].get(keys[0])
        if rank is None:
            raise ValueError(f"{move!r} lies beyond every reachable cell")
        return int(self.offsets[orient.index]) + rank

    def decode(self, action: int) -> Move:
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is outside 0..{self.size - 1}")
        index = int(np.searchsorted(self.offsets, action, side="right")) - 1
        orient = ORIENTATIONS[index]
        cell = self.anchors[0 if orient.first_up else 1][action - int(self.offsets[index])]
        return notation(orient.index, key_of(*cell))


class CounterplaysResearch:
    """Counterplays's research interface: the action table and the observation tensors."""

    def __init__(self, game: Game) -> None:
        from tablier.games.counterplays.tensors import CounterplaysTensors

        self.actions = _actions()
        self.tensors = CounterplaysTensors()


@cache
def _actions() -> CounterplaysActions:
    return CounterplaysActions()


def interface(game: Game) -> CounterplaysResearch:
    return CounterplaysResearch(game)
