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

The environments use a second numbering by default, `window` (`CounterplaysWindow`):
the placements whose anchor lies in the observation tensor's window, numbered as a
policy head of 94 planes over that window would number them:
`orientation × 2 178 + (y + 16) × 66 + (x + 32)`, 204 732 actions, of which the half
whose anchor points the wrong way for its orientation never occur. Its mask is seven
times smaller, and its numbers line up with the tensor's cells. A placement anchored
outside the window has no number there (random games never meet one).
"""

from __future__ import annotations

from collections import deque
from functools import cache, lru_cache
from typing import TYPE_CHECKING

import numpy as np

from tablier.core.move import Move
from tablier.games.counterplays.geometry import Cell, cell_of, key_of, neighbours
from tablier.games.counterplays.notation import notation, orientation_of, parse
from tablier.games.counterplays.remembered import ANCHOR, SHIFT, code_of
from tablier.games.counterplays.shapes import ORIENTATIONS, Orientation
from tablier.games.counterplays.tensors import (
    COLS,
    ROWS,
    X_MAX,
    X_MIN,
    Y_MAX,
    Y_MIN,
    CounterplaysTensors,
)

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


class CounterplaysWindow:
    """The `window` numbering (see the module's text): orientation, then the anchor's
    row and column in the observation tensor's window."""

    def __init__(self) -> None:
        self.cells = ROWS * COLS
        self.size = len(ORIENTATIONS) * self.cells
        # text -> number, filled as moves are met: a step encodes its legal moves
        # with one dictionary look-up each. The key is the very object met: the engine
        # hands out the same text objects again, which a look-up then finds by identity
        self._known: dict[str, int] = {}

    def encode(self, move: str) -> int:
        number = self._known.get(move)
        if number is None:
            number = self._known[move] = self._number(str(move))
        return number

    def number_moves(self, moves: list[Move]) -> tuple[list[int], list[Move]]:
        """The numbers of `moves` and the moves they number, in the same order, those
        without a number left out (for the environments: one dictionary look-up a move
        once the texts are known)."""
        known = self._known
        try:
            return list(map(known.__getitem__, moves)), moves
        except KeyError:  # a text met for the first time: only those are worked out
            found = list(map(known.get, moves))
            for i, number in enumerate(found):
                if number is None:
                    found[i] = self._number_or_none(moves[i])
            kept = [i for i, number in enumerate(found) if number is not None]
            return [found[i] for i in kept], [moves[i] for i in kept]  # type: ignore[misc]

    def numbered(self, moves: list[Move]) -> dict[int, Move]:
        """`moves` by number, those without one left out."""
        return dict(zip(*self.number_moves(moves), strict=True))

    def _number_or_none(self, move: Move) -> int | None:
        try:
            return self.encode(move)
        except ValueError:
            return None

    def _number(self, move: str) -> int:
        # a text the engine wrote names its placement's code: read the orientation and
        # anchor from it, without parsing the text
        code = code_of(move)
        if code is not None:
            orient, anchor = ORIENTATIONS[code >> SHIFT], code & ANCHOR
        else:
            orient, keys = _canonical(move) or _parsed(move)
            anchor = keys[0]
        x, y = cell_of(anchor)
        if not (X_MIN <= x <= X_MAX and Y_MIN <= y <= Y_MAX):
            raise ValueError(f"{move!r} is anchored outside the window")
        return orient.index * self.cells + (y - Y_MIN) * COLS + (x - X_MIN)

    def decode(self, action: int) -> Move:
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is outside 0..{self.size - 1}")
        index, rest = divmod(action, self.cells)
        row, col = divmod(rest, COLS)
        x, y = col + X_MIN, row + Y_MIN
        orient = ORIENTATIONS[index]
        if ((x + y) % 2 == 0) != orient.first_up:
            raise ValueError(f"action {action} anchors {orient.letter} on a wrong-facing cell")
        return notation(orient.index, key_of(x, y))


def _canonical(move: str) -> tuple[Orientation, tuple[int, ...]] | None:
    """A move as `legal_moves` writes it, read without the parser's regular expressions
    (a first game meets ten thousand new ones); None for any other spelling."""
    try:
        letter, _, rest = move.partition(":")
        keys = tuple(key_of(*map(int, part.split(","))) for part in rest.split(";"))
        orient = orientation_of(letter, keys)
    except (ValueError, TypeError):
        return None
    return (orient, keys) if notation(orient.index, keys[0]) == move else None


def _parsed(move: str) -> tuple[Orientation, tuple[int, ...]]:
    try:
        letter, keys = parse(move)
        return orientation_of(letter, keys), keys
    except ValueError as error:  # IllegalMove is a ValueError
        raise ValueError(f"{move!r} is not a Counterplays placement: {error}") from None


class CounterplaysResearch:
    """Counterplays's research interface: the action table and the observation tensors."""

    def __init__(self, game: Game) -> None:
        self.actions = _actions()
        self.encodings = {"window": _window()}
        self.tensors = CounterplaysTensors()


@cache
def _actions() -> CounterplaysActions:
    return CounterplaysActions()


@cache
def _window() -> CounterplaysWindow:
    return CounterplaysWindow()


def interface(game: Game) -> CounterplaysResearch:
    return CounterplaysResearch(game)
