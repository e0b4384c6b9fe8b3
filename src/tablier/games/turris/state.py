"""A Turris position: the tower, the supplies, whose turn it is and the bonus."""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

from tablier.core.errors import IllegalMove
from tablier.core.move import Move
from tablier.core.state import State
from tablier.games.turris import geometry as geo
from tablier.games.turris.geometry import CELL_INDEX, CELLS, CENTRE, MAX_LEVEL, NEIGHBOURS, PAIRS
from tablier.games.turris.views import View, compute_views, totals

if TYPE_CHECKING:
    from tablier.games.turris.game import TurrisGame

PIECES_PER_PLAYER = 20
COLOURS = ("White", "Black")

PLACE, BONUS, OVER = 0, 1, 2
PHASE_NAMES = ("place", "bonus", "over")

# A piece: (owner, is_vertical, cells, level). A vertical holds (cell,) and covers
# `level` and `level + 1`; a horizontal holds its two cells (ascending) at `level`.
Piece = tuple[int, bool, tuple[int, ...], int]

_LEVELS = MAX_LEVEL + 2
_V_MOVES = tuple(Move(geo.vertical_notation(c)) for c in range(9))
_H_MOVES = tuple(Move(geo.horizontal_notation(a, b)) for a, b in PAIRS)
_PAIR_INDEX = {pair: i for i, pair in enumerate(PAIRS)}
_X_MOVES = tuple(tuple(Move(geo.removal_notation(c, z)) for z in range(_LEVELS)) for c in range(9))
SKIP = Move("skip")
PASS = Move("pass")
# canonical text -> (kind, cells, level), so that moves taken from `legal_moves`
# (as playouts do) skip the regular expressions
_PARSED: dict[str, tuple[str, tuple[int, ...], int]] = {
    **{str(_V_MOVES[c]): ("V", (c,), 0) for c in range(9)},
    **{str(_H_MOVES[i]): ("H", pair, 0) for i, pair in enumerate(PAIRS)},
    **{str(_X_MOVES[c][z]): ("x", (c,), z) for c in range(9) for z in range(1, _LEVELS)},
    "skip": ("skip", (), 0),
    "pass": ("pass", (), 0),
}

_CELL = "([a-c][1-3])"
_V_RE = re.compile(f"v{_CELL}")
_H_RE = re.compile(f"h{_CELL}{_CELL}")
_X_RE = re.compile(f"x{_CELL}@([0-9]{{1,3}})")


def _cubes(piece: Piece) -> list[tuple[int, int]]:
    """The (cell, level) positions a piece fills."""
    _owner, vertical, cells, z = piece
    if vertical:
        return [(cells[0], z), (cells[0], z + 1)]
    return [(c, z) for c in cells]


class TurrisState(State):
    """The tower and the turn. `_apply` trusts `legal_moves` for legality and asks
    `explain_refusal` only to word the reason of a refusal."""

    game: TurrisGame
    _rng: random.Random
    _rng_shared: bool

    def __init__(self, game: TurrisGame, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.bonus_chain: bool = bool(game.options["bonus_chain"])
        self.heights: list[int] = [0] * 9
        # piece id of the cube at (cell, level), at index level * 9 + cell; -1 if empty
        self.grid: list[int] = [-1] * (_LEVELS * 9)
        self.level_count: list[int] = [0] * _LEVELS
        self.pieces: list[Piece | None] = []
        self.supply: list[int] = [PIECES_PER_PLAYER, PIECES_PER_PLAYER]
        self.last_placed: list[int] = [-1, -1]
        # positions freed by a removal that this player's next placement may not fill
        self.forbidden: list[frozenset[tuple[int, int]]] = [frozenset(), frozenset()]
        self.phase: int = PLACE
        self.to_move: int = 0
        self.passes: int = 0
        self._legal: list[Move] | None = None
        self._legal_set: frozenset[str] | None = None
        self._final_views: dict[str, View] | None = None

    # ------------------------------------------------------------------ the rng
    # Turris has no chance; the generator is only copied when someone touches it,
    # which keeps `clone` cheap for playouts while clones stay independent.
    @property
    def rng(self) -> random.Random:
        if self._rng_shared:
            fresh = random.Random.__new__(random.Random)
            fresh.setstate(self._rng.getstate())
            self._rng = fresh
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    def clone(self) -> TurrisState:
        new = object.__new__(TurrisState)
        new.__dict__.update(self.__dict__)
        self._rng_shared = True
        new._rng_shared = True
        new.setup = dict(self.setup)
        new.history = self.history[:]
        new.heights = self.heights[:]
        new.grid = self.grid[:]
        new.level_count = self.level_count[:]
        new.pieces = self.pieces[:]
        new.supply = self.supply[:]
        new.last_placed = self.last_placed[:]
        new.forbidden = self.forbidden[:]
        return new

    # ------------------------------------------------------------ the contract
    def current_players(self) -> list[int]:
        return [] if self.phase == OVER else [self.to_move]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_moves(self, player: int) -> list[Move]:
        if self.phase == OVER or player != self.to_move:
            return []
        return list(self._legal_moves())

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0]
        white, black = totals(self.final_views())
        if white == black:
            return [0.0, 0.0]
        return [1.0, -1.0] if white > black else [-1.0, 1.0]

    def outcome(self) -> dict[str, Any] | None:
        if self.phase != OVER:
            return None
        views = self.final_views()
        return {
            "returns": self.returns(),
            "reason": "score",
            "totals": totals(views),
            "views": {name: view.to_json() for name, view in views.items()},
        }

    def observation(self, player: int | None = None) -> dict[str, Any]:
        views = self.views()
        return {
            **self.base_observation(player),
            "to_move": None if self.phase == OVER else self.to_move,
            "phase": PHASE_NAMES[self.phase],
            "supply": list(self.supply),
            "heights": {CELLS[c]: self.heights[c] for c in range(9)},
            "columns": {CELLS[c]: self.column_owners(c) for c in range(9)},
            "pieces": [self._piece_json(i) for i, p in enumerate(self.pieces) if p is not None],
            "lowest_incomplete_level": self.lowest_incomplete(),
            "last_placed": [self.piece_name(self.last_placed[p]) for p in (0, 1)],
            "forbidden": [[[CELLS[c], z] for c, z in sorted(self.forbidden[p])] for p in (0, 1)],
            "passes_in_a_row": self.passes,
            "views": {name: view.to_json() for name, view in views.items()},
            "totals": totals(views),
        }

    def render_text(self, viewer: int | None = None) -> str:
        from tablier.games.turris.render import render

        return render(self)

    # ------------------------------------------------------------- tower facts
    def lowest_incomplete(self) -> int:
        """L: the lowest level that does not hold nine cubes."""
        z = 1
        counts = self.level_count
        while counts[z] == 9:
            z += 1
        return z

    def column_owners(self, cell: int) -> list[int]:
        grid, pieces = self.grid, self.pieces
        owners = []
        for z in range(1, self.heights[cell] + 1):
            piece = pieces[grid[z * 9 + cell]]
            assert piece is not None
            owners.append(piece[0])
        return owners

    def piece_at(self, cell: int, level: int) -> int:
        """The id of the piece holding the cube at (cell, level), or -1."""
        if not 1 <= level < _LEVELS:
            return -1
        return self.grid[level * 9 + cell]

    def piece_name(self, piece_id: int) -> str | None:
        """A piece as the notation that placed it (None for no piece)."""
        if piece_id < 0:
            return None
        piece = self.pieces[piece_id]
        if piece is None:
            return None
        _owner, vertical, cells, _z = piece
        if vertical:
            return geo.vertical_notation(cells[0])
        return geo.horizontal_notation(cells[0], cells[1])

    def _piece_json(self, piece_id: int) -> dict[str, Any]:
        piece = self.pieces[piece_id]
        assert piece is not None
        owner, vertical, cells, z = piece
        return {
            "id": piece_id,
            "owner": owner,
            "kind": "V" if vertical else "H",
            "cells": [CELLS[c] for c in cells],
            "level": z,
            "cubes": [[CELLS[c], lz] for c, lz in _cubes(piece)],
        }

    def views(self) -> dict[str, View]:
        return compute_views([self.column_owners(c) for c in range(9)])

    def final_views(self) -> dict[str, View]:
        if self._final_views is None:
            self._final_views = self.views()
        return self._final_views

    # ------------------------------------------------------- move generation
    def _legal_moves(self) -> list[Move]:
        if self._legal is None:
            player = self.to_move
            moves = self._placements(player)
            if self.phase == BONUS:
                moves.extend(self._removals(player))
                moves.append(SKIP)
            elif not moves:
                moves.append(PASS)
            self._legal = moves
            self._legal_set = frozenset(moves)
        return self._legal

    def _placements(self, player: int) -> list[Move]:
        if self.supply[player] == 0:
            return []
        heights, grid, counts = self.heights, self.grid, self.level_count
        limit = self.lowest_incomplete() + 2
        forbidden = self.forbidden[player]
        first = not self.pieces
        moves: list[Move] = []
        for c in range(9):
            z = heights[c] + 1
            if z + 1 > limit:  # rule e)
                continue
            if not first and not any(heights[n] >= z for n in NEIGHBOURS[c]):  # rules a), c)
                continue
            if c == CENTRE and (counts[z] == 0 or counts[z + 1] == 0):  # rule f)
                continue
            if forbidden and ((c, z) in forbidden or (c, z + 1) in forbidden):
                continue
            moves.append(_V_MOVES[c])
        for i, (a, b) in enumerate(PAIRS):
            h = heights[a]
            if h == 0 or heights[b] != h or h + 1 > limit:  # rules b), d), e)
                continue
            if grid[h * 9 + a] == grid[h * 9 + b]:  # rule d): two different pieces
                continue
            z = h + 1
            if (a == CENTRE or b == CENTRE) and counts[z] == 0:  # rule f)
                continue
            if forbidden and ((a, z) in forbidden or (b, z) in forbidden):
                continue
            moves.append(_H_MOVES[i])
        return moves

    def _removals(self, player: int) -> list[Move]:
        opponent = 1 - player
        protected = self.last_placed[opponent]
        heights = self.heights
        lowest = self.lowest_incomplete()
        found: list[tuple[int, int, Move]] = []
        for piece_id, piece in enumerate(self.pieces):
            if piece is None or piece[0] != opponent or piece_id == protected:
                continue
            if self._removal_problem(piece, heights, lowest) is None:
                cell, level = piece[2][0], piece[3]
                found.append((level, cell, _X_MOVES[cell][level]))
        found.sort()
        return [move for _z, _c, move in found]

    @staticmethod
    def _removal_problem(piece: Piece, heights: list[int], lowest: int) -> str | None:
        """Why this piece cannot leave the tower (rule e) or support), else None."""
        _owner, vertical, cells, z = piece
        top = z + 1 if vertical else z
        if any(heights[c] != top for c in cells):
            return "another piece rests on it"
        after = heights[:]
        for c in cells:
            after[c] = z - 1
        new_lowest = min(lowest, z)
        if max(after) > new_lowest + 2:
            return (
                f"removing it would leave level {z} unfinished with cubes up to level "
                f"{max(after)}: no cube may be more than two levels above the lowest "
                "unfinished level (rule e)"
            )
        return None

    # --------------------------------------------------------------- applying
    def _apply(self, player: int, move: str) -> str:
        self._legal_moves()
        assert self._legal_set is not None
        parsed = _PARSED.get(move)
        kind, cells, level = parsed if parsed else self._parse(move.strip().lower())
        canonical = self._canonical(kind, cells, level)
        if canonical is None or canonical not in self._legal_set:
            raise IllegalMove(self.explain_refusal(player, move, kind, cells, level))
        if kind == "V":
            self._place(player, True, cells)
        elif kind == "H":
            self._place(player, False, cells)
        elif kind == "x":
            self._remove(player, cells[0], level)
        elif kind == "skip":
            self._end_turn(player)
        else:  # pass
            self.passes += 1
            if self.passes >= 2:
                self.phase = OVER
            else:
                self._end_turn(player)
        self._legal = None
        self._legal_set = None
        return canonical

    @staticmethod
    def _parse(text: str) -> tuple[str, tuple[int, ...], int]:
        """(kind, cells, level) of a move's text; kind "" when it is not notation."""
        if text in ("skip", "pass"):
            return text, (), 0
        m = _V_RE.fullmatch(text)
        if m:
            return "V", (CELL_INDEX[m.group(1)],), 0
        m = _H_RE.fullmatch(text)
        if m:
            a, b = CELL_INDEX[m.group(1)], CELL_INDEX[m.group(2)]
            return "H", (min(a, b), max(a, b)), 0
        m = _X_RE.fullmatch(text)
        if m:
            return "x", (CELL_INDEX[m.group(1)],), int(m.group(2))
        return "", (), 0

    def _canonical(self, kind: str, cells: tuple[int, ...], level: int) -> str | None:
        if kind in ("skip", "pass"):
            return kind
        if kind == "V":
            return _V_MOVES[cells[0]]
        if kind == "H":
            index = _PAIR_INDEX.get((cells[0], cells[1]))
            return None if index is None else _H_MOVES[index]
        if kind == "x":
            piece_id = self.piece_at(cells[0], level)
            if piece_id < 0:
                return None
            piece = self.pieces[piece_id]
            assert piece is not None
            return _X_MOVES[piece[2][0]][piece[3]]
        return None

    def _place(self, player: int, vertical: bool, cells: tuple[int, ...]) -> None:
        piece_id = len(self.pieces)
        z = self.heights[cells[0]] + 1
        piece: Piece = (player, vertical, cells, z)
        self.pieces.append(piece)
        for c, lz in _cubes(piece):
            self.grid[lz * 9 + c] = piece_id
            self.level_count[lz] += 1
            self.heights[c] = lz
        self.supply[player] -= 1
        self.last_placed[player] = piece_id
        if self.forbidden[player]:
            self.forbidden[player] = frozenset()
        self.passes = 0
        if CENTRE in cells and (self.phase == PLACE or self.bonus_chain):
            self.phase = BONUS
        else:
            self._end_turn(player)

    def _remove(self, player: int, cell: int, level: int) -> None:
        piece_id = self.grid[level * 9 + cell]
        piece = self.pieces[piece_id]
        assert piece is not None
        freed = _cubes(piece)
        for c, lz in freed:
            self.grid[lz * 9 + c] = -1
            self.level_count[lz] -= 1
        for c in piece[2]:
            self.heights[c] = piece[3] - 1
        self.pieces[piece_id] = None
        owner = piece[0]
        self.supply[owner] += 1
        self.forbidden[owner] = self.forbidden[owner] | frozenset(freed)
        self._end_turn(player)

    def _end_turn(self, player: int) -> None:
        other = 1 - player
        if self.supply[other] > 0:
            self.to_move, self.phase = other, PLACE
        elif self.supply[player] > 0:
            self.to_move, self.phase = player, PLACE
        else:
            self.phase = OVER

    # ------------------------------------------------------------ refusals
    def why_refused(self, player: int, text: str) -> str | None:
        """Why `player` may not play `text` now, worked out rule by rule; None if he may.

        Independent of the move generator, so tests can check the two agree."""
        if self.phase == OVER or player != self.to_move:
            return self._not_awaited(player, self.current_players())
        return self._reason(player, *self._parse(text.strip().lower()))

    def explain_refusal(
        self, player: int, text: str, kind: str, cells: tuple[int, ...], level: int
    ) -> str:
        """The plain-words reason a move is refused now (the move is known illegal)."""
        reason = self._reason(player, kind, cells, level)
        if reason is None:
            return f"{text!r} is not a legal move now"
        if kind == "":
            return reason
        return f"{text.strip()!r} is refused: {reason}"

    def _reason(self, player: int, kind: str, cells: tuple[int, ...], level: int) -> str | None:
        if kind == "":
            return (
                "not Turris notation: write a vertical piece as Vb2, a horizontal one as "
                "Ha1b1, a bonus removal as xa1@3, or skip / pass"
            )
        if kind == "pass":
            if self.phase == BONUS:
                return "during a bonus choose a placement, a removal or skip, not pass"
            if self._placements(player):
                return "you may pass only when you have no legal placement"
            return None
        if kind == "skip":
            if self.phase != BONUS:
                return "skip only declines a centre bonus, and you have no bonus now"
            return None
        if kind == "x":
            return self._removal_reason(player, cells[0], level)
        return self._placement_reason(player, kind == "V", cells)

    def _removal_reason(self, player: int, cell: int, level: int) -> str | None:
        if self.phase != BONUS:
            return "a piece may be removed only as the bonus for playing on the centre b2"
        piece_id = self.piece_at(cell, level)
        if piece_id < 0:
            return f"there is no cube at {CELLS[cell]} level {level}"
        piece = self.pieces[piece_id]
        assert piece is not None
        if piece[0] == player:
            return "you may remove only one of your opponent's pieces"
        if piece_id == self.last_placed[piece[0]]:
            return "the piece your opponent placed last may not be removed"
        return self._removal_problem(piece, self.heights, self.lowest_incomplete())

    def _placement_reason(self, player: int, vertical: bool, cells: tuple[int, ...]) -> str | None:
        if self.supply[player] == 0:
            return "you have no pieces left to place"
        heights = self.heights
        if not vertical:
            a, b = cells
            if (a, b) not in _PAIR_INDEX:
                return "the two cells of a horizontal piece must be side by side"
            if heights[a] != heights[b]:
                return (
                    f"{CELLS[a]} is {heights[a]} high and {CELLS[b]} is {heights[b]} high: "
                    "a piece must rest entirely on the ground or on cubes (rule b)"
                )
            if heights[a] == 0:
                return (
                    "a horizontal piece must bridge two pieces, so not lie on the ground (rule d)"
                )
            if self.grid[heights[a] * 9 + a] == self.grid[heights[a] * 9 + b]:
                return "a horizontal piece must bridge two different pieces (rule d)"
        z = heights[cells[0]] + 1
        top = z + 1 if vertical else z
        lowest = self.lowest_incomplete()
        if top > lowest + 2:
            return (
                f"it would put a cube at level {top} while level {lowest} is unfinished: "
                "at most three levels may be unfinished (rule e)"
            )
        if vertical and self.pieces:
            c = cells[0]
            if z == 1 and not any(heights[n] >= 1 for n in NEIGHBOURS[c]):
                return "every new piece must touch a piece already in the tower (rule a)"
            if not any(heights[n] >= z for n in NEIGHBOURS[c]):
                return (
                    "a vertical piece must touch another piece along one of its long sides (rule c)"
                )
        if CENTRE in cells:
            levels = (z, z + 1) if vertical else (z,)
            for lz in levels:
                if self.level_count[lz] == 0:
                    return (
                        f"the centre b2 of level {lz} may be filled only once another cell "
                        "of that level holds a cube (rule f)"
                    )
        forbidden = self.forbidden[player]
        piece: Piece = (player, vertical, cells, z)
        for c, lz in _cubes(piece):
            if (c, lz) in forbidden:
                return (
                    f"{CELLS[c]} level {lz} was freed by a removal: your next placement "
                    "may not fill it"
                )
        return None
