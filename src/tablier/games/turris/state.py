"""A Turris position: the tower, the supplies, whose turn it is and the bonus."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from tablier.core.errors import IllegalMove
from tablier.core.messages import Message
from tablier.core.move import Move
from tablier.core.shared_rng import SharedRng
from tablier.core.state import State
from tablier.games.turris import geometry as geo
from tablier.games.turris import observation, outlines, shapes
from tablier.games.turris.geometry import (
    CELL_INDEX,
    CELLS,
    CENTRE,
    GRID_LEVELS,
    Piece,
    cubes,
)
from tablier.games.turris.notation import (
    CANONICAL,
    H_MOVES,
    PAIR_INDEX,
    PASS,
    SKIP,
    V_MOVES,
    X_MOVES,
    parse,
)
from tablier.games.turris.observation import BONUS, OVER, PLACE
from tablier.games.turris.outcome import TurrisOutcome
from tablier.games.turris.refusals import REFUSALS, refusal
from tablier.games.turris.views import View, compute_views, totals
from tablier.games.turris.words import describe

if TYPE_CHECKING:
    from tablier.games.turris.game import TurrisGame

PIECES_PER_PLAYER = 20


class TurrisState(SharedRng, State):
    """The tower and the turn.

    Legality is decided by the fast generator behind `legal_moves`; `refusals.py`
    words the reason when a move is refused.
    """

    game: TurrisGame

    def __init__(self, game: TurrisGame, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.bonus_chain: bool = bool(game.options["bonus_chain"])
        self.heights: list[int] = [0] * 9
        # piece id of the cube at (cell, level), at index level * 9 + cell; -1 if empty
        self.grid: list[int] = [-1] * (GRID_LEVELS * 9)
        self.level_count: list[int] = [0] * GRID_LEVELS
        self.pieces: list[Piece | None] = []
        self.supply: list[int] = [PIECES_PER_PLAYER, PIECES_PER_PLAYER]
        self.last_placed: list[int] = [-1, -1]
        # positions freed by a removal that this player's next placement may not fill
        self.forbidden: list[frozenset[tuple[int, int]]] = [frozenset(), frozenset()]
        # ids of the pieces placed as a centre bonus (shown as such)
        self.bonus_placed: frozenset[int] = frozenset()
        self.phase: int = PLACE
        self.to_move: int = 0
        self.passes: int = 0
        self.ended_by: str | None = None  # "supplies" or "passes" once over
        # the mover's legal moves, made once per position (never changed once made)
        self._legal: Sequence[Move] | None = None
        self._final_views: dict[str, View] | None = None

    def clone(self) -> TurrisState:
        new = object.__new__(TurrisState)
        new.__dict__.update(self.__dict__)
        self.share_rng_with(new)  # Turris has no chance: copied only if touched
        new.setup = dict(self.setup)
        new.history = self.history[:]
        new.heights = self.heights[:]
        new.grid = self.grid[:]
        new.level_count = self.level_count[:]
        new.pieces = self.pieces[:]
        new.supply = self.supply[:]
        new.last_placed = self.last_placed[:]
        new.forbidden = self.forbidden[:]
        new.bonus_placed = self.bonus_placed
        return new

    # ------------------------------------------------------------ the contract
    def current_players(self) -> list[int]:
        return [] if self.phase == OVER else [self.to_move]

    def awaits(self, player: int) -> bool:
        return player == self.to_move and self.phase != OVER

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_moves(self, player: int) -> list[Move]:
        if player != self.to_move or self.phase == OVER:
            return []
        legal = self._legal
        return list(self._legal_moves() if legal is None else legal)

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0]
        white, black = totals(self.final_views())
        if white == black:
            return [0.0, 0.0]
        return [1.0, -1.0] if white > black else [-1.0, 1.0]

    def outcome(self) -> TurrisOutcome | None:
        if self.phase != OVER:
            return None
        views = self.final_views()
        return {
            "returns": self.returns(),
            "reason": "score",
            "ended_by": self.ended_by,
            "totals": totals(views),
            "views": {name: view.to_json() for name, view in views.items()},
        }

    def observation(self, player: int | None = None) -> dict[str, Any]:
        return observation.observe(self, player)

    def render_text(self, viewer: int | None = None, lang: str = "fr") -> str:
        from tablier.games.turris.render import render

        return render(self, lang)

    # ------------------------------------------------------------- tower facts
    @property
    def in_bonus(self) -> bool:
        """The player to move is choosing his centre bonus."""
        return self.phase == BONUS

    def has_placement(self, player: int) -> bool:
        return len(self._placements(player)) > 0

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
        if not 1 <= level < GRID_LEVELS:
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

    def piece_json(self, piece_id: int) -> dict[str, Any]:
        piece = self.pieces[piece_id]
        assert piece is not None
        owner, vertical, cells, z = piece
        return {
            "id": piece_id,
            "owner": owner,
            "kind": "V" if vertical else "H",
            "cells": [CELLS[c] for c in cells],
            "level": z,
            "cubes": [[CELLS[c], lz] for c, lz in cubes(piece)],
        }

    def views(self) -> dict[str, View]:
        return compute_views([self.column_owners(c) for c in range(9)])

    def final_views(self) -> dict[str, View]:
        if self._final_views is None:
            self._final_views = self.views()
        return self._final_views

    # ------------------------------------------------------- move generation
    def _legal_moves(self) -> Sequence[Move]:
        if self._legal is None:
            player = self.to_move
            moves = self._placements(player)
            if self.phase == BONUS:
                moves = [*moves, *self._removals(player), SKIP]
            elif not moves:
                moves = (PASS,)
            self._legal = moves
        return self._legal

    def _placements(self, player: int) -> Sequence[Move]:
        if self.supply[player] == 0:
            return []
        heights, grid = self.heights, self.grid
        places = outlines.places(heights) if self.pieces else None
        if places is None:  # the first piece, or a tower built by hand
            places = shapes.outline(heights, self.level_count, not self.pieces)
        forbidden = self.forbidden[player]
        if not forbidden:
            bits = places >> 9
            across, pairs = shapes.horizontal_places(bits)
            for a, b, bit in pairs:
                h = heights[a]
                if grid[h * 9 + a] == grid[h * 9 + b]:  # rule d): two different pieces
                    bits ^= bit
            if bits != places >> 9:
                across = shapes.horizontal_places(bits)[0]
            return shapes.verticals(places & 511) + across
        moves = []
        for move in shapes.verticals(places & 511):
            c = CELL_INDEX[move[1:]]
            z = heights[c] + 1
            if (c, z) not in forbidden and (c, z + 1) not in forbidden:
                moves.append(move)
        for move, a, b in shapes.horizontals(places >> 9):
            h = heights[a]
            if grid[h * 9 + a] == grid[h * 9 + b]:
                continue
            if (a, h + 1) not in forbidden and (b, h + 1) not in forbidden:
                moves.append(move)
        return moves

    def _removals(self, player: int) -> list[Move]:
        opponent = 1 - player
        protected = self.last_placed[opponent]
        heights = self.heights
        lowest = self.lowest_incomplete()
        grid, pieces = self.grid, self.pieces
        found: list[tuple[int, int, Move]] = []
        # a removable piece has nothing on it: it tops its columns, so only the nine
        # tops are looked at, each piece from its first cell (one whose first cell it
        # does not top has something on it there)
        for cell in range(9):
            h = heights[cell]
            if h == 0:
                continue
            piece_id = grid[h * 9 + cell]
            piece = pieces[piece_id]
            if piece is None or piece[2][0] != cell:
                continue
            if piece[0] != opponent or piece_id == protected:
                continue
            if self._removable(piece, heights, lowest):
                level = piece[3]
                found.append((level, cell, X_MOVES[cell][level]))
        found.sort()
        return [move for _z, _c, move in found]

    @staticmethod
    def _removable(piece: Piece, heights: list[int], lowest: int) -> bool:
        """Nothing rests on the piece and rule e) holds without it."""
        _owner, vertical, cells, z = piece
        if vertical:
            if heights[cells[0]] != z + 1:
                return False
        elif heights[cells[0]] != z or heights[cells[1]] != z:  # two cells
            return False
        # the piece's lowest level becomes unfinished, so L can only drop to z
        after = heights[:]
        for c in cells:
            after[c] = z - 1
        return max(after) <= min(lowest, z) + 2

    # --------------------------------------------------------------- applying
    def apply(self, player: int, move: Move | str) -> None:
        """`State.apply`, with the common case first: the awaited player sends a text
        of the legal list already made for this position (clients and playouts ask
        for the list, then send one of its texts). Found there, it has passed every
        check the general way would make; anything else goes the general way."""
        legal = self._legal
        if (
            legal is not None
            and player == self.to_move
            and type(player) is int
            and self.phase != OVER
        ):
            try:
                found = legal[legal.index(move)]
            except ValueError:
                pass
            else:
                kind, cells, level = CANONICAL[found]
                if kind == "V" or kind == "H":
                    self._legal = None
                    self._place(player, kind == "V", cells)
                else:
                    self._play(player, kind, cells, level)
                self.history.append((player, found))
                return
        super().apply(player, move)

    def _apply(self, player: int, move: str) -> str:
        legal = self._legal_moves()
        try:
            # a canonical text found among the legal moves has passed every rule:
            # what playouts and clients send is played without being read again
            found = legal[cast("Sequence[str]", legal).index(move)]
        except ValueError:
            return self._apply_text(player, move, legal)
        self._play(player, *CANONICAL[found])
        return found

    def _apply_text(self, player: int, move: str, legal: Sequence[Move]) -> str:
        """Any other text: read it, then play it if it names a legal move, else say why."""
        kind, cells, level = parse(move)
        canonical = self._canonical(kind, cells, level)
        if canonical is None or canonical not in legal:
            reason = refusal(self, player, (kind, cells, level)) or REFUSALS.message(
                "refusal.not_legal"
            )
            if kind == "":
                raise IllegalMove(reason)
            raise REFUSALS.refuse("refusal.refused", move=move.strip(), reason=reason)
        self._play(player, kind, cells, level)
        return canonical

    def describe_move(self, player: int, move: str, viewer: int | None = None) -> Message | None:
        return describe(self, move)

    def apply_legal(self, player: int, move: Move | str) -> None:
        """Trusted: `move` comes from `legal_moves(player)` here, so no check."""
        text = str(move)
        self._play(player, *parse(text))
        self.history.append((player, text))

    def play_legal(self, index: int) -> None:
        """Play the `index`-th of the mover's legal moves, trusted: for playouts, which
        pick their moves from `legal_moves` and need neither its checks nor its copy."""
        player = self.to_move
        move = self._legal_moves()[index]
        self._play(player, *parse(move))
        self.history.append((player, move))

    def _play(self, player: int, kind: str, cells: tuple[int, ...], level: int) -> None:
        """Play a move already known to be legal, read as (kind, cells, level)."""
        self._legal = None
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
                self.phase, self.ended_by = OVER, "passes"
            else:
                self._end_turn(player)

    def _canonical(self, kind: str, cells: tuple[int, ...], level: int) -> str | None:
        if kind in ("skip", "pass"):
            return kind
        if kind == "V":
            return V_MOVES[cells[0]]
        if kind == "H":
            index = PAIR_INDEX.get((cells[0], cells[1]))
            return None if index is None else H_MOVES[index]
        if kind == "x":
            piece_id = self.piece_at(cells[0], level)
            if piece_id < 0:
                return None
            piece = self.pieces[piece_id]
            assert piece is not None
            return X_MOVES[piece[2][0]][piece[3]]
        return None

    def _place(self, player: int, vertical: bool, cells: tuple[int, ...]) -> None:
        pieces, grid, counts, heights = self.pieces, self.grid, self.level_count, self.heights
        piece_id = len(pieces)
        c = cells[0]
        z = heights[c] + 1
        phase = self.phase
        if phase == BONUS:
            self.bonus_placed = self.bonus_placed | {piece_id}
        pieces.append((player, vertical, cells, z))
        if vertical:
            grid[z * 9 + c] = grid[z * 9 + 9 + c] = piece_id
            counts[z] += 1
            counts[z + 1] += 1
            heights[c] = z + 1
        else:  # two cells
            b = cells[1]
            grid[z * 9 + c] = grid[z * 9 + b] = piece_id
            heights[c] = heights[b] = z
            counts[z] += 2
        self.supply[player] -= 1
        self.last_placed[player] = piece_id
        if self.forbidden[player]:
            self.forbidden[player] = frozenset()
        self.passes = 0
        if CENTRE in cells and (phase == PLACE or self.bonus_chain):
            self.phase = BONUS
        elif self.supply[1 - player] > 0:  # `_end_turn`'s common case
            self.to_move, self.phase = 1 - player, PLACE
        else:
            self._end_turn(player)

    def _remove(self, player: int, cell: int, level: int) -> None:
        piece_id = self.grid[level * 9 + cell]
        piece = self.pieces[piece_id]
        assert piece is not None
        freed = cubes(piece)
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
            self.phase, self.ended_by = OVER, "supplies"

    # ------------------------------------------------------------ refusals
    def why_refused(self, player: int, text: str) -> str | None:
        """Why `player` may not play `text` now, worked out rule by rule; None if he may."""
        if self.phase == OVER or player != self.to_move:
            return self._not_awaited(player, self.current_players()).text("en")
        reason = refusal(self, player, parse(text))
        return None if reason is None else reason.text("en")
