"""The position of a Kwinty/Kwintie game and its rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablier.core.errors import IllegalMove
from tablier.core.messages import Message
from tablier.core.move import Move
from tablier.core.shared_rng import SharedRng
from tablier.core.state import State
from tablier.games.kwinty import observation, render
from tablier.games.kwinty.geometry import (
    HEIGHT,
    LETTERS,
    count_fours,
    five_cells,
    geometry,
    has_five,
    masks,
)
from tablier.games.kwinty.notation import PASS, PASS_MOVE, notation, parse
from tablier.games.kwinty.refusals import (
    CENTRE,
    FIRST_AT_I1,
    NO_TOUCH,
    NOT_ON_TOP,
    OFF_FRAME,
    OVERHANG,
    REFUSALS,
    SHORT_FACES,
    TOO_HIGH,
    TOO_WIDE,
    explain,
)
from tablier.games.kwinty.words import describe

if TYPE_CHECKING:
    from tablier.core.game import Game

PIECES_EACH = 20
MAX_SPAN = 9  # Kwinty's wall: at most 9 columns wide
KWINTY_WIDTH = 17  # frame a–q: 8 columns either side of the first piece's i1
FIRST_COLUMN = LETTERS.index("i")
KWINTIE_CENTRE = LETTERS.index("e")


class KwintyState(SharedRng, State):
    def __init__(self, game: Game, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.kwintie = game.options["variant"] == "kwintie"
        self.strict = game.options["short_faces"] == "strict"
        self.width = 9 if self.kwintie else KWINTY_WIDTH
        self.max_span = MAX_SPAN
        self.geo = geometry(self.width)
        self.occ = [0, 0]
        # cells by the part of their piece: left/right end of a horizontal,
        # bottom/top of a vertical — the short faces are on those cells' outer edges
        self.h_left = [0, 0]
        self.h_right = [0, 0]
        self.v_bottom = [0, 0]
        self.v_top = [0, 0]
        self.masks = masks(self.width)
        # the lowest empty cell of every column (the cell a new piece would fill)
        self.tops = self.masks.row1
        self._boards: tuple[int, int, int] | None = None  # legal boards of this position
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

    # ------------------------------------------------------------------ contract
    def current_players(self) -> list[int]:
        return [] if self.to_move is None else [self.to_move]

    def legal_moves(self, player: int) -> list[Move]:
        if player != self.to_move:
            return []
        vertical, horizontal = self._legal_boards(player)
        by_bit_h, by_bit_v = _MOVES[self.width]
        moves = []
        while horizontal:
            low = horizontal & -horizontal
            moves.append(by_bit_h[low])
            horizontal ^= low
        while vertical:
            low = vertical & -vertical
            moves.append(by_bit_v[low])
            vertical ^= low
        return moves or [PASS_MOVE]

    def is_terminal(self) -> bool:
        return self.to_move is None

    def returns(self) -> list[float]:
        if self.to_move is not None or self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def outcome(self) -> dict[str, Any] | None:
        if self.to_move is not None:
            return None
        fours = [count_fours(self.occ[p], self.geo) for p in (0, 1)]
        return {
            "returns": self.returns(),
            "reason": self.reason,
            "winner": self.winner,
            "lines_of_four": fours,
            "win_cells": self.cell_names(self.win_cells),
        }

    def clone(self) -> KwintyState:
        twin = KwintyState.__new__(KwintyState)
        twin.__dict__.update(self.__dict__)
        self.share_rng_with(twin)  # Kwinty has no chance: copied only if touched
        twin.setup = dict(self.setup)
        twin.history = list(self.history)
        twin.occ = list(self.occ)
        twin.h_left = list(self.h_left)
        twin.h_right = list(self.h_right)
        twin.v_bottom = list(self.v_bottom)
        twin.v_top = list(self.v_top)
        twin.heights = list(self.heights)
        twin.left = list(self.left)
        twin.pieces = list(self.pieces)
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
            state._place(player, col, row, orient)
            if state.to_move is None:
                raise ValueError(f"{move} ends the game: a line of five")
        if left is not None:
            state.left = list(left)
        state.to_move = to_move
        state.passes = 0
        return state

    # ------------------------------------------------------------------- moves
    def apply(self, player: int, move: Move | str) -> None:
        # fast path for the common case (a legal placement by the awaited player);
        # everything else goes through the base class's checks and explanations
        if type(player) is int and player == self.to_move:
            parsed = self.masks.parse.get(move) if isinstance(move, str) else None
            if parsed is not None:
                index, orient = parsed
                vertical, horizontal = self._legal_boards(player)
                if (vertical if orient == "v" else horizontal) >> index & 1:
                    stride = self.geo.stride
                    self._place(player, index % stride, index // stride, orient)
                    self.history.append((player, str(move)))
                    return
        super().apply(player, move)

    def apply_legal(self, player: int, move: Move | str) -> None:
        """Trusted: `move` comes from `legal_moves(player)` here, so no check."""
        parsed = self.masks.parse.get(move) if isinstance(move, str) else None
        if parsed is None:  # a pass: rare enough to take the checked path
            self.apply(player, move)
            return
        index, orient = parsed
        stride = self.geo.stride
        self._place(player, index % stride, index // stride, orient)
        self.history.append((player, str(move)))

    def _apply(self, player: int, move: str) -> str:
        if move == PASS:
            if self._placements(player, first_only=True):
                example = notation(*self._placements(player, first_only=True)[0])
                raise REFUSALS.refuse("refusal.pass", example=example)
            self._pass(player)
            return PASS
        parsed = self.masks.parse.get(move)
        if parsed is not None:
            index, orient = parsed
            vertical, horizontal = self._legal_boards(player)
            if (vertical if orient == "v" else horizontal) >> index & 1:
                stride = self.geo.stride
                self._place(player, index % stride, index // stride, orient)
                return move
        placement = parse(move)
        if placement is None:
            raise REFUSALS.refuse("refusal.not_notation", move=move)
        col, row, orient = placement
        problem = self._violation(player, col, row, orient) or SHORT_FACES
        raise IllegalMove(explain(self, problem, player, col, row, orient))

    def describe_move(self, player: int, move: str, viewer: int | None = None) -> Message | None:
        return describe(move)

    def play_fast(self, player: int, col: int, row: int, orient: str) -> None:
        """Place a piece already known to be legal (for search), keeping the history."""
        self._place(player, col, row, orient)
        self.history.append((player, notation(col, row, orient)))

    def _place(self, player: int, col: int, row: int, orient: str) -> None:
        self._boards = None
        stride = self.geo.stride
        first = 1 << (row * stride + col)
        heights = self.heights
        if orient == "h":
            second = first << 1
            self.h_left[player] |= first
            self.h_right[player] |= second
            heights[col] = heights[col + 1] = row
            self.tops ^= first | second | (first << stride) | (second << stride)
            last_col = col + 1
        else:
            second = first << stride
            self.v_bottom[player] |= first
            self.v_top[player] |= second
            heights[col] = row + 1
            self.tops ^= first | (second << stride)
            last_col = col
        board = self.occ[player] | first | second
        self.occ[player] = board
        if col < self.min_col:
            self.min_col = col
        if last_col > self.max_col:
            self.max_col = last_col
        self.left[player] -= 1
        self.pieces.append((player, col, row, orient))
        self.passes = 0
        if has_five(board, self.geo):
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
        if self.game.options["exhaustion"] == "draw":
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
        if not self.pieces:
            first = self._placements(player)
            vertical = horizontal = 0
            for col, row, orient in first:
                bit = 1 << self.geo.bit(col, row)
                if orient == "v":
                    vertical |= bit
                else:
                    horizontal |= bit
            return vertical, horizontal
        cached = self._boards
        if cached is not None and cached[0] == player:
            return cached[1], cached[2]
        m = self.masks
        s = self.geo.stride
        tops = self.tops & m.valid
        window = m.valid if self.kwintie else m.windows[self.frame()]
        vertical = tops & m.vertical_ok & window
        horizontal = tops & (tops >> 1) & window & (window >> 1)
        if not self.kwintie:
            # on the table a piece needs a standing neighbour column; above, it rests
            taken = self.occ[0] | self.occ[1]
            vertical &= m.above_row1 | (taken << 1) | (taken >> 1)
            horizontal &= m.above_row1 | (taken << 1) | (taken >> 2)
        mine = self.occ[player]
        h_left, h_right, v_top = self.h_left[player], self.h_right[player], self.v_top[player]
        if self.strict:
            vertical &= ~(
                (mine << s)
                | (h_right << 1)
                | (h_right >> (s - 1))
                | (h_left >> 1)
                | (h_left >> (s + 1))
            )
            horizontal &= ~((mine << 1) | (mine >> 2) | (v_top << s) | (v_top << (s - 1)))
        else:
            vertical &= ~(v_top << s)
            horizontal &= ~((h_right << 1) | (h_left >> 2))
        self._boards = (player, vertical, horizontal)
        return vertical, horizontal

    def _placements(self, player: int, first_only: bool = False) -> list[tuple[int, int, str]]:
        """Every legal (col, row, orientation) for `player`, in a stable order."""
        if not self.pieces and not self.kwintie:
            return [(FIRST_COLUMN, 1, "h"), (FIRST_COLUMN, 1, "v")]
        if self.kwintie or not self.pieces:
            lo, hi = 0, self.width - 1
        else:
            lo = max(0, self.max_col - (MAX_SPAN - 1))
            hi = min(self.width - 1, self.min_col + (MAX_SPAN - 1))
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
        width = self.width
        if not self.pieces:
            if not self.kwintie and (col, row) != (FIRST_COLUMN, 1):
                return FIRST_AT_I1
            if self.kwintie and (
                col == KWINTIE_CENTRE or (orient == "h" and col + 1 == KWINTIE_CENTRE)
            ):
                return CENTRE
        last_col = col + 1 if orient == "h" else col
        if last_col >= width:
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
        if not self.kwintie and self.pieces:
            if max(self.max_col, last_col) - min(self.min_col, col) >= MAX_SPAN:
                return TOO_WIDE
            # resting on a piece is touching it; on the table a neighbour column must
            # already stand (columns have no holes, so its row 1 is filled)
            if row == 1 and not (
                (col > 0 and heights[col - 1] > 0)
                or (last_col + 1 < width and heights[last_col + 1] > 0)
            ):
                return NO_TOUCH
        if self._short_face_clash(player, col, row, orient):
            return SHORT_FACES
        return None

    def _short_face_clash(self, player: int, col: int, row: int, orient: str) -> bool:
        """Rule c): same-colour pieces touching short face against short face.

        With `strict`, a short face may not touch any face of a same-colour piece,
        whichever of the two pieces owns the short face.
        """
        geo = self.geo
        i = geo.bit(col, row)
        s = geo.stride
        if orient == "h":
            if self.strict:
                mine = self.occ[player]
                beside = (1 << (i - 1)) | (1 << (i + 2))
                below = (1 << (i - s)) | (1 << (i + 1 - s))
                return bool(mine & beside or self.v_top[player] & below)
            return bool(
                (self.h_right[player] >> (i - 1)) & 1 or (self.h_left[player] >> (i + 2)) & 1
            )
        below_bit = 1 << (i - s)
        if self.strict:
            side_left = (1 << (i - 1)) | (1 << (i - 1 + s))
            side_right = (1 << (i + 1)) | (1 << (i + 1 + s))
            return bool(
                self.occ[player] & below_bit
                or self.h_right[player] & side_left
                or self.h_left[player] & side_right
            )
        return bool(self.v_top[player] & below_bit)

    # ------------------------------------------------------------- pictures
    def cell_names(self, board: int) -> list[str]:
        return sorted(
            (self.geo.cell_name(c, r) for c, r in self.geo.cells_of(board)),
            key=lambda name: (int(name[1:]), name[0]),
        )

    def frame(self) -> tuple[int, int]:
        """The columns a piece could still reach (Kwinty's 9-wide window)."""
        if self.kwintie or not self.pieces:
            return (0, self.width - 1)
        return (
            max(0, self.max_col - (MAX_SPAN - 1)),
            min(self.width - 1, self.min_col + (MAX_SPAN - 1)),
        )

    def observation(self, player: int | None = None) -> dict[str, Any]:
        return observation.observe(self, player)

    def render_text(self, viewer: int | None = None, lang: str = "fr") -> str:
        return render.render(self, lang)


def _move_tables(width: int) -> tuple[dict[int, Move], dict[int, Move]]:
    """Moves by the single-bit board of their first cell, for fast move lists."""
    m = masks(width)
    return (
        {1 << i: Move(name) for i, name in m.horizontal_moves.items()},
        {1 << i: Move(name) for i, name in m.vertical_moves.items()},
    )


_MOVES = {width: _move_tables(width) for width in (9, KWINTY_WIDTH)}
