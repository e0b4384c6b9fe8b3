"""The position of a Kwinty/Kwintie game and its rules.

Every move is played by one routine, `_play` (a pass, or `_place` for a piece): `apply`
reaches it at once for the awaited seat's placement found in the legal boards, else
the base class's checked way reaches it through `_apply` once `_legal_placement` has
found the move legal, and the searches' trusted `apply_legal` and `play_fast` reach it
directly. Which wall is built (`variants`) and how short faces are read
(`short_faces`) are rule objects chosen when the game starts, so the shared rules
carry no test of either; what they leave open is kept piece by piece from the tables
built once for them (`move_tables`); `clone` copies every field generically
(`cloning`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from tablier.core.errors import IllegalMove
from tablier.core.messages import Message
from tablier.core.move import Move
from tablier.core.shared_rng import SharedRng
from tablier.core.state import State
from tablier.games.kwinty import observation, render
from tablier.games.kwinty.cloning import copy_fields
from tablier.games.kwinty.geometry import (
    HEIGHT,
    count_fours,
    five_cells,
    geometry,
)
from tablier.games.kwinty.move_tables import five_through, move_tables
from tablier.games.kwinty.notation import PASS, PASS_MOVE, notation, parse
from tablier.games.kwinty.outcome import KwintyOutcome
from tablier.games.kwinty.refusals import (
    NOT_ON_TOP,
    OFF_FRAME,
    OVERHANG,
    REFUSALS,
    SHORT_FACES,
    TOO_HIGH,
    explain,
)
from tablier.games.kwinty.short_faces import SHORT_FACES_RULES, ShortFaces
from tablier.games.kwinty.variants import (
    FIRST_COLUMN,
    KWINTIE_CENTRE,
    KWINTY_WIDTH,
    MAX_SPAN,
    VARIANTS,
    Variant,
)
from tablier.games.kwinty.words import describe

if TYPE_CHECKING:
    from tablier.core.game import Game

__all__ = [
    "FIRST_COLUMN",
    "KWINTIE_CENTRE",
    "KWINTY_WIDTH",
    "MAX_SPAN",
    "PIECES_EACH",
    "KwintyState",
]

PIECES_EACH = 20
# the types of move `apply` reads directly; any other is made text by the base class
_TEXTS = frozenset({str, Move})


class KwintyState(SharedRng, State):
    # fields a clone shares with its original: the game, tables built once per wall
    # width and the rule objects; every other field is copied (see `cloning`)
    SHARED: ClassVar[frozenset[str]] = frozenset(
        {"game", "variant", "faces", "geo", "masks", "tables", "_rng"}
    )
    max_span: ClassVar[int] = MAX_SPAN

    def __init__(self, game: Game, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.variant: Variant = VARIANTS[game.options["variant"]]
        self.faces: ShortFaces = SHORT_FACES_RULES[game.options["short_faces"]]
        self.draw_when_exhausted: bool = game.options["exhaustion"] == "draw"
        self.width = self.variant.width
        self.geo = geometry(self.width)
        self.masks = self.variant.masks
        self.tables = move_tables(game.options["variant"], game.options["short_faces"])
        self.occ = [0, 0]
        # the lowest empty cell of every column not full (the cell a new piece would fill)
        self.tops = self.masks.row1
        self._boards: tuple[int, int, int] | None = None  # legal boards of this position
        # what the rules leave open, kept piece by piece for the legal boards (verticals'
        # bottom cells, horizontals' left cells): the room the wall's width leaves (set
        # with the first piece), what touching the pieces allows, and what each player's
        # short faces allow him
        self._room = (0, 0)
        self._touch_v, self._touch_h = self.variant.touching(0)
        self._free_v = [self.masks.valid, self.masks.valid]
        self._free_h = [self.masks.valid, self.masks.valid]
        self.heights = [0] * self.width
        self.left = [PIECES_EACH, PIECES_EACH]
        self.pieces: list[tuple[int, int, int, str]] = []  # (player, col, row, h|v)
        self.to_move: int | None = 0
        self.passes = 0
        self.min_col = self.width
        self.max_col = -1
        self.winner: int | None = None
        self.reason: str | None = None
        self.win_cells = 0

    @property
    def kwintie(self) -> bool:
        """Whether the wall is Kwintie's nine-square board (for the compiled playouts)."""
        return self.variant.id == "kwintie"

    @property
    def strict(self) -> bool:
        """Whether short faces are read strictly (option short_faces=strict)."""
        return self.faces.strict

    # ------------------------------------------------------------------ contract
    def current_players(self) -> list[int]:
        return [] if self.to_move is None else [self.to_move]

    def legal_moves(self, player: int) -> list[Move]:
        if player != self.to_move:
            return []
        vertical, horizontal = self._legal_boards(player)
        if vertical | horizontal:
            return self.tables.listing(horizontal, vertical)
        return [PASS_MOVE]

    def apply(self, player: int, move: Move | str) -> None:
        # the awaited seat playing a placement by its notation, the common case, is
        # checked against the legal boards here; any other call takes the base class's
        # way, which names what is wrong. Both play through `_play`.
        if type(player) is int and player == self.to_move and type(move) in _TEXTS:
            known = self.tables.by_name.get(move)
            if known is not None:
                canonical, placement, index, board_at = known
                boards = self._boards
                if boards is None or boards[0] != player:
                    self._legal_boards(player)
                    boards = self._boards
                    assert boards is not None  # just computed
                if boards[board_at] >> index & 1:
                    self._play(player, canonical, placement)
                    self.history.append((player, canonical))
                    return
        super().apply(player, move)

    def is_terminal(self) -> bool:
        return self.to_move is None

    def returns(self) -> list[float]:
        if self.to_move is not None or self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def outcome(self) -> KwintyOutcome | None:
        if self.to_move is not None:
            return None
        assert self.reason is not None  # set with the move that ended the game
        fours = [count_fours(self.occ[p], self.geo) for p in (0, 1)]
        return {
            "returns": self.returns(),
            "reason": self.reason,
            "winner": self.winner,
            "lines_of_four": fours,
            "win_cells": self.cell_names(self.win_cells),
        }

    def clone(self) -> KwintyState:
        twin = copy_fields(self, self.SHARED)
        self.share_rng_with(twin)  # Kwinty has no chance: copied only if touched
        return twin

    @classmethod
    def position(
        cls,
        game: Game,
        pieces: list[tuple[int, str]],
        to_move: int = 0,
        left: tuple[int, int] | None = None,
    ) -> KwintyState:
        """A hand-built position for study and tests: `pieces` are (player, notation).

        Pieces are placed in order without turn order, touch or short-face checks, but
        each must rest on the table or on the pieces before it. The history stays empty
        (such a position is not reachable by a record). `left` sets the supplies.
        """
        state = cls(game, 0, 2)
        for player, move in pieces:
            parsed = parse(move)
            if parsed is None:
                raise ValueError(f"{move!r} is not a piece placement")
            col, row, orient = parsed
            heights = state.heights
            level = orient == "v" or heights[col] == heights[col + 1]
            if not level or row != heights[col] + 1:
                raise ValueError(f"{move} does not rest on the pieces before it")
            state._place(player, state.geo.bit(col, row), orient)
            if state.to_move is None:
                raise ValueError(f"{move} ends the game: a line of five")
        if left is not None:
            state.left = list(left)
        state.to_move = to_move
        state.passes = 0
        return state

    # ------------------------------------------------------------------- moves
    def _apply(self, player: int, move: str) -> str:
        """Called by the base class's `apply` once `player` is known to be awaited."""
        self._play(player, move, self._legal_placement(player, move))
        return move if type(move) is str else str(move)

    def apply_legal(self, player: int, move: Move | str) -> None:
        """Trusted: `move` comes from `legal_moves(player)` here, so no check."""
        self._play(player, move, None if move == PASS else self.masks.parse[move])
        self.history.append((player, str(move)))

    def play_fast(self, player: int, col: int, row: int, orient: str) -> None:
        """Place a piece already known to be legal (for search), keeping the history."""
        move = notation(col, row, orient)
        self._play(player, move, (row * self.geo.stride + col, orient))
        self.history.append((player, move))

    def _play(self, player: int, move: str, placement: tuple[int, str] | None) -> None:
        """The one way a move changes the position. `move` is legal here; `placement`
        is its piece as (index of its first cell, orientation), None for a pass."""
        if placement is None:
            self._pass(player)
        else:
            self._place(player, *placement)

    def _legal_placement(self, player: int, move: str) -> tuple[int, str] | None:
        """The piece `move` places (None: a legal pass); IllegalMove, explained, if
        `move` is not legal for `player` now."""
        parsed = self.masks.parse.get(move)
        if parsed is not None:
            index, orient = parsed
            boards = self._boards
            if boards is not None and boards[0] == player:  # as `legal_moves` just left it
                _, vertical, horizontal = boards
            else:
                vertical, horizontal = self._legal_boards(player)
            if (vertical if orient == "v" else horizontal) >> index & 1:
                return parsed
        elif move == PASS:
            vertical, horizontal = self._legal_boards(player)
            if vertical | horizontal:
                possible = self._placements(player, first_only=True)
                raise REFUSALS.refuse("refusal.pass", example=notation(*possible[0]))
            return None
        placement = parse(move)
        if placement is None:
            raise REFUSALS.refuse("refusal.not_notation", move=move)
        col, row, orient = placement
        problem = self._violation(player, col, row, orient) or SHORT_FACES
        raise IllegalMove(explain(self, problem, player, col, row, orient))

    def describe_move(self, player: int, move: str, viewer: int | None = None) -> Message | None:
        return describe(move)

    def _place(self, player: int, index: int, orient: str) -> None:
        """Put `player`'s piece with its first cell at bit `index`, unchecked, and pass
        the turn or end the game."""
        self._boards = None
        heights = self.heights
        (
            col,
            last_col,
            height,
            first,
            second,
            flip,
            entries,
            touch_v,
            touch_h,
            free_v,
            free_h,
            lines,
        ) = (self.tables.h_shapes if orient == "h" else self.tables.v_shapes)[index]
        heights[col] = heights[last_col] = height
        self.tops ^= flip
        board = self.occ[player] | first | second
        self.occ[player] = board
        if touch_v or touch_h:
            self._touch_v |= touch_v
            self._touch_h |= touch_h
        self._free_v[player] &= free_v
        self._free_h[player] &= free_h
        if col < self.min_col or last_col > self.max_col:
            self.min_col = low = min(col, self.min_col)
            self.max_col = high = max(last_col, self.max_col)
            room_v, room_h = self.variant.room(low, high)
            self._room = (room_v & self.masks.vertical_ok, room_h)
        self.left[player] -= 1
        self.pieces.append(entries[player])
        self.passes = 0
        if five_through(board, lines):
            self.win_cells = five_cells(board, self.geo)
            self.winner = player
            self.reason = "line"
            self.to_move = None
            return
        other = 1 - player
        if self.left[other] > 0:
            self.to_move = other
        elif self.left[player] > 0:
            self.to_move = player  # the opponent's supply is empty: he is skipped
        else:
            self._end_by_exhaustion("exhausted")

    def _pass(self, player: int) -> None:
        self._boards = None
        self.passes += 1
        other = 1 - player
        if self.passes >= 2 or self.left[other] == 0:
            self._end_by_exhaustion("blocked")
            return
        self.to_move = other

    def _end_by_exhaustion(self, why: str) -> None:
        self.to_move = None
        self.reason = why
        if self.draw_when_exhausted:
            self.winner = None
            return
        fours = [count_fours(self.occ[p], self.geo) for p in (0, 1)]
        self.winner = None if fours[0] == fours[1] else (0 if fours[0] > fours[1] else 1)

    # -------------------------------------------------------------- legality
    def _legal_boards(self, player: int) -> tuple[int, int]:
        """Boards of the bottom cells of legal verticals and left cells of legal horizontals.

        This is the fast path used for move lists and `apply`; `_violation` states the
        same rules one placement at a time, to explain a refusal.
        """
        cached = self._boards
        if cached is not None and cached[0] == player:
            return cached[1], cached[2]
        if not self.pieces:
            vertical, horizontal = self.variant.opening_boards
        else:
            tops = self.tops  # within the wall: a full column has none
            room_v, room_h = self._room
            vertical = tops & room_v & self._touch_v & self._free_v[player]
            horizontal = tops & (tops >> 1) & room_h & self._touch_h & self._free_h[player]
        self._boards = (player, vertical, horizontal)
        return vertical, horizontal

    def _placements(self, player: int, first_only: bool = False) -> list[tuple[int, int, str]]:
        """Every legal (col, row, orientation) for `player`, in a stable order."""
        lo, hi = self.frame()
        found: list[tuple[int, int, str]] = []
        heights = self.heights
        for col in range(lo, hi + 1):
            row = heights[col] + 1
            for orient in ("h", "v"):
                if orient == "h" and (col + 1 > hi or heights[col + 1] != heights[col]):
                    continue
                if self._violation(player, col, row, orient) is None:
                    found.append((col, row, orient))
                    if first_only:
                        return found
        return found

    def _violation(self, player: int, col: int, row: int, orient: str) -> str | None:
        """None when the placement is legal, else the code of the first rule it breaks."""
        if not self.pieces:
            problem = self.variant.opening_violation(col, row, orient)
            if problem is not None:
                return problem
        last_col = col + 1 if orient == "h" else col
        if last_col >= self.width:
            return OFF_FRAME
        heights = self.heights
        if orient == "h" and heights[col] != heights[col + 1]:
            # on the taller column it would hang over the shorter one; lower, it collides
            if row == max(heights[col], heights[col + 1]) + 1:
                return OVERHANG
            return NOT_ON_TOP
        if row != heights[col] + 1:
            return NOT_ON_TOP
        top = row + (1 if orient == "v" else 0)
        if top > HEIGHT:
            return TOO_HIGH
        if self.pieces:
            problem = self.variant.later_violation(self, col, row, last_col)
            if problem is not None:
                return problem
        if self.faces.clash(self, player, col, row, orient):
            return SHORT_FACES
        return None

    def short_face_cells(self, player: int) -> tuple[int, int, int]:
        """`player`'s cells that are the left and the right end of a horizontal and the
        top of a vertical: the short faces are on their outer edges. Read from the pieces
        when a refusal is explained (the move lists keep what they forbid piece by piece)."""
        h_left = h_right = v_top = 0
        stride = self.geo.stride
        for owner, col, row, orient in self.pieces:
            if owner == player:
                index = row * stride + col
                if orient == "h":
                    h_left |= 1 << index
                    h_right |= 1 << (index + 1)
                else:
                    v_top |= 1 << (index + stride)
        return h_left, h_right, v_top

    # ------------------------------------------------------------- pictures
    def cell_names(self, board: int) -> list[str]:
        return sorted(
            (self.geo.cell_name(c, r) for c, r in self.geo.cells_of(board)),
            key=lambda name: (int(name[1:]), name[0]),
        )

    def frame(self) -> tuple[int, int]:
        """The columns a piece could still reach (Kwinty's 9-wide window)."""
        return self.variant.frame(self)

    def observation(self, player: int | None = None) -> dict[str, Any]:
        return observation.observe(self, player)

    def render_text(self, viewer: int | None = None, lang: str = "fr") -> str:
        return render.render(self, lang)
