"""A Counterplays position: the stack of tiles, the tiles left, and the moves."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from tablier.core.errors import IllegalMove
from tablier.core.move import Move
from tablier.core.state import State
from tablier.games.counterplays import placement, render, scoring
from tablier.games.counterplays.geometry import cell_of, key_neighbours, key_of
from tablier.games.counterplays.notation import notation, orientation_of, parse
from tablier.games.counterplays.shapes import BY_LETTER, LETTERS, Orientation

if TYPE_CHECKING:
    from tablier.core.game import Game

TILES_EACH = len(LETTERS)
COLOURS = ("White", "Black")
# The first tile is placed where its lowest-leftmost cell is (0,0) or (1,0).
_FIRST_UP = key_of(0, 0)
_FIRST_DOWN = key_of(1, 0)

# owner, letter, cell keys (sorted), level
Tile = tuple[int, str, tuple[int, ...], int]


class CounterplaysState(State):
    def __init__(self, game: Game, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.tiles: list[Tile] = []
        self.height: dict[int, int] = {}
        self.top: dict[int, int] = {}
        self.frontier: set[int] = set()
        self.left: list[frozenset[str]] = [frozenset(LETTERS), frozenset(LETTERS)]
        self._legal: list[Move] | None = None

    # ----------------------------------------------------------------- the contract
    def current_players(self) -> list[int]:
        if len(self.tiles) >= 2 * TILES_EACH:
            return []
        return [len(self.tiles) % 2]

    def is_terminal(self) -> bool:
        return len(self.tiles) >= 2 * TILES_EACH

    def legal_moves(self, player: int) -> list[Move]:
        if player not in self.current_players():
            return []
        if self._legal is None:
            self._legal = [notation(o.index, a) for o, a in self._placements(self.left[player])]
        return list(self._legal)

    def _placements(self, letters: frozenset[str]) -> list[placement.Placement]:
        found: list[placement.Placement] = []
        if not self.tiles:
            for letter in LETTERS:
                if letter in letters:
                    found.extend((o, _first_anchor(o)) for o in BY_LETTER[letter])
            return found
        groups = placement.cells_by_height(self.height)
        frontier = placement.split_frontier(self.frontier)
        for letter in LETTERS:
            if letter in letters:
                _, mine = placement.best_for_tile(
                    BY_LETTER[letter], groups, self.height, self.top, frontier
                )
                # a stable order (orientation, then position) keeps menus readable
                found.extend(sorted(mine, key=_placement_order))
        return found

    def _apply(self, player: int, move: str) -> str:
        letter, keys = parse(move)
        if letter not in self.left[player]:
            raise IllegalMove(f"tile {letter} is already placed: {COLOURS[player]} has no other")
        orient = orientation_of(letter, keys)
        level = self._check(orient, keys)
        self._place(player, orient, keys[0], level)
        return notation(orient.index, keys[0])

    def _check(self, orient: Orientation, keys: tuple[int, ...]) -> int:
        """The level the placement reaches, or IllegalMove saying which rule it breaks."""
        letter = orient.letter
        if not self.tiles:
            anchor = _first_anchor(orient)
            if keys[0] != anchor:
                raise IllegalMove(
                    "the first tile is placed with its lowest, leftmost cell at 0,0 (when "
                    "that cell points up) or 1,0 (when it points down): here that is "
                    f"{notation(orient.index, anchor)}"
                )
            return 1
        heights = {self.height.get(k, 0) for k in keys}
        if len(heights) > 1 and 0 in heights:
            hanging = sum(1 for k in keys if k not in self.height)
            raise IllegalMove(
                f"tile {letter} would not lie flat: {hanging} of its triangles would be on the "
                "table and the others on tiles; a tile may not partly overlap the tiles "
                "already placed, it lies wholly on the table or wholly on tiles of one height"
            )
        if len(heights) > 1:
            low, high = min(heights), max(heights)
            raise IllegalMove(
                f"tile {letter} would not lie flat: the cells under it stand at different "
                f"heights ({low} and {high}), and every triangle must be supported"
            )
        (h,) = heights
        if h == 0:
            if not placement.touches(keys, self.height):
                raise IllegalMove(
                    f"tile {letter} must share an edge with a tile on the table; touching "
                    "only at a corner, or not at all, is not enough"
                )
        elif len({self.top[k] for k in keys}) < 2:
            owner, under, _cells, _level = self.tiles[self.top[keys[0]]]
            raise IllegalMove(
                f"tile {letter} would rest on only one tile ({COLOURS[owner]}'s {under}): "
                "a tile above the table must rest on at least two tiles"
            )
        best, _ = placement.best_for_tile(
            BY_LETTER[letter],
            placement.cells_by_height(self.height),
            self.height,
            self.top,
            placement.split_frontier(self.frontier),
        )
        if h + 1 != best:
            raise IllegalMove(
                f"tile {letter} must be placed at level {best}, the highest this tile can reach"
            )
        return h + 1

    def _place(self, player: int, orient: Orientation, anchor: int, level: int) -> None:
        index = len(self.tiles)
        cells = tuple(anchor + d for d in orient.rel)
        self.tiles.append((player, orient.letter, cells, level))
        for k in cells:
            self.height[k] = level
            self.top[k] = index
        if level == 1:
            self.frontier.difference_update(cells)
            for k in cells:
                for n in key_neighbours(k):
                    if n not in self.height:
                        self.frontier.add(n)
        self.left[player] = self.left[player] - {orient.letter}
        self._legal = None

    def clone(self) -> CounterplaysState:
        twin = object.__new__(CounterplaysState)
        twin.game = self.game
        twin.seed = self.seed
        twin.num_players = self.num_players
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.setup = dict(self.setup)
        twin.history = list(self.history)
        twin.tiles = list(self.tiles)
        twin.height = dict(self.height)
        twin.top = dict(self.top)
        twin.frontier = set(self.frontier)
        twin.left = list(self.left)
        # the cached list is never mutated in place, only replaced, so sharing it is safe
        twin._legal = self._legal
        return twin

    # ----------------------------------------------------------------- the end
    def level_counts(self) -> list[list[int]]:
        return scoring.level_counts((owner, level) for owner, _l, _c, level in self.tiles)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return scoring.decide(self.level_counts(), self.game.options["goal"])[0]

    def outcome(self) -> dict[str, Any] | None:
        if not self.is_terminal():
            return None
        counts = self.level_counts()
        returns, level = scoring.decide(counts, self.game.options["goal"])
        return {
            "returns": returns,
            "reason": "levels",
            "counts": counts,
            "goal": self.game.options["goal"],
            "decided_at_level": level,
        }

    # ----------------------------------------------------------------- views
    def observation(self, player: int | None = None) -> dict[str, Any]:
        cells = []
        for key in sorted(self.height):
            x, y = cell_of(key)
            owner, letter, _c, _l = self.tiles[self.top[key]]
            cells.append(
                {
                    "x": x,
                    "y": y,
                    "up": (x + y) % 2 == 0,
                    "height": self.height[key],
                    "top_owner": owner,
                    "top_letter": letter,
                }
            )
        return {
            **self.base_observation(player),
            "tiles": [
                {
                    "owner": owner,
                    "letter": letter,
                    "cells": [list(cell_of(k)) for k in keys],
                    "level": level,
                }
                for owner, letter, keys, level in self.tiles
            ],
            "cells": cells,
            "tiles_left": [[c for c in LETTERS if c in left] for left in self.left],
            "level_counts": self.level_counts(),
            "to_move": self.current_players()[0] if not self.is_terminal() else None,
        }

    def render_text(self, viewer: int | None = None, lang: str = "fr") -> str:
        lines = render.picture(self.height, self.top, self.tiles)
        lines.append("")
        lines.append(render.LEGEND)
        for p in (0, 1):
            left = "".join(c for c in LETTERS if c in self.left[p]) or "none"
            counts = ", ".join(
                f"level {k + 1}: {c[p]}" for k, c in enumerate(self.level_counts()) if c[p]
            )
            lines.append(f"{COLOURS[p]}: tiles left {left}; placed {counts or 'none'}")
        if self.is_terminal():
            outcome = self.outcome()
            assert outcome is not None
            level = outcome["decided_at_level"]
            if level is None:
                lines.append("Game over: a draw (equal at every level).")
            else:
                winner = COLOURS[outcome["returns"].index(1.0)]
                lines.append(f"Game over: {winner} wins, decided at level {level}.")
        else:
            lines.append(f"{COLOURS[self.current_players()[0]]} to play.")
        return "\n".join(lines)


def _placement_order(p: placement.Placement) -> tuple[int, int]:
    return p[0].index, p[1]


def _first_anchor(orient: Orientation) -> int:
    return _FIRST_UP if orient.first_up else _FIRST_DOWN


__all__ = ["CounterplaysState"]
