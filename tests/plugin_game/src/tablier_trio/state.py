"""Trio's rules: marks go on empty squares in turn; three in a row, column or diagonal win."""

from __future__ import annotations

import re
from typing import Any

from tablier.core.messages import Message
from tablier.core.move import Move
from tablier.core.state import State
from tablier_trio.game import TrioGame
from tablier_trio.words import TEXTS

SQUARE = re.compile(r"([a-z])([1-9])")
LINE = 3
STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))


def square_name(column: int, row: int) -> str:
    return f"{chr(ord('a') + column)}{row + 1}"


class TrioState(State):
    game: TrioGame

    def __init__(self, game: TrioGame, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.size = game.size
        # board[row][column]: the seat whose mark is there, or None
        self.board: list[list[int | None]] = [[None] * self.size for _ in range(self.size)]
        self.winner: int | None = None

    def _full(self) -> bool:
        return all(mark is not None for row in self.board for mark in row)

    def current_players(self) -> list[int]:
        if self.winner is not None or self._full():
            return []
        return [len(self.history) % 2]

    def legal_moves(self, player: int) -> list[Move]:
        if player not in self.current_players():
            return []
        return [
            Move(square_name(c, r))
            for r in range(self.size)
            for c in range(self.size)
            if self.board[r][c] is None
        ]

    def _parse(self, move: str) -> tuple[int, int]:
        found = SQUARE.fullmatch(move.strip().lower())
        if found is None:
            raise TEXTS.refuse("refusal.not_a_square", move=move)
        column, row = ord(found[1]) - ord("a"), int(found[2]) - 1
        if column >= self.size or row >= self.size:
            raise TEXTS.refuse("refusal.off_board", move=found[0], size=self.size)
        if self.board[row][column] is not None:
            raise TEXTS.refuse("refusal.taken", move=found[0])
        return column, row

    def _apply(self, player: int, move: str) -> str:
        column, row = self._parse(move)
        self.board[row][column] = player
        if self._lines_through(column, row, player):
            self.winner = player
        return square_name(column, row)

    def _lines_through(self, column: int, row: int, player: int) -> bool:
        for dc, dr in STEPS:
            count = 1
            for sign in (1, -1):
                c, r = column + sign * dc, row + sign * dr
                while 0 <= c < self.size and 0 <= r < self.size and self.board[r][c] == player:
                    count += 1
                    c, r = c + sign * dc, r + sign * dr
            if count >= LINE:
                return True
        return False

    def is_terminal(self) -> bool:
        return not self.current_players()

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in (0, 1)]

    def outcome(self) -> dict[str, Any] | None:
        if not self.is_terminal():
            return None
        if self.winner is None:
            return {"returns": self.returns(), "reason": "full"}
        return {"returns": self.returns(), "reason": "line", "seat": self.winner}

    def observation(self, player: int | None = None) -> dict[str, Any]:
        return {
            **self.base_observation(player),
            "size": self.size,
            "board": [list(row) for row in self.board],
        }

    def describe_move(self, player: int, move: str, viewer: int | None = None) -> Message:
        return TEXTS.message("move.place", square=move)

    def render_text(self, viewer: int | None = None, lang: str = "fr") -> str:
        marks = {None: ".", 0: "X", 1: "O"}
        letters = "  " + " ".join(chr(ord("a") + c) for c in range(self.size))
        rows = [
            f"{r + 1} " + " ".join(marks[m] for m in self.board[r])
            for r in reversed(range(self.size))
        ]
        awaited = self.current_players()
        if awaited:
            last = TEXTS.text(
                "board.to_move", lang, seat_name=self.game.seat_name(awaited[0], lang)
            )
        else:
            outcome = self.outcome()
            last = self.game.outcome_text(outcome, lang) if outcome else ""
        return "\n".join([letters, *rows, last])
