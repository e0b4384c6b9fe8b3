"""Two tiny games that never end, for the truncation and parallel-conversion tests.

`Ticking`: turn-based, the seats say `a` or `b` in turn, forever. `Guessing`: the
seats choose `a` or `b` together without seeing each other's choice
(`simultaneous_moves`); every third round only the second seat is asked, as in
Qui'win's windows for one seat. Both declare a maximum length, which the research
environments must enforce since the rules never end a game.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from tablier.core.game import Game
from tablier.core.move import Move
from tablier.core.state import State

MOVES = ("a", "b", "pass")


class Table:
    size = len(MOVES)

    def encode(self, move: str) -> int:
        return MOVES.index(str(move))

    def decode(self, action: int) -> Move:
        return Move(MOVES[action])


class Tensors:
    blocks = (("last", (2, 2)), ("parity", (1,)), ("bias", (1,)))
    size = 6

    def encode(self, observation: dict[str, Any], seat: int) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        for who, move in enumerate(observation["last"]):
            if move in ("a", "b"):
                out[2 * who + "ab".index(move)] = 1
        out[4] = observation["round"] % 2
        out[5] = 1
        return out


class Research:
    def __init__(self, game: Game) -> None:
        self.actions = Table()
        self.tensors = Tensors()


def interface(game: Game) -> Research:
    return Research(game)


class LoopState(State):
    def __init__(self, game: Game, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.round = 0
        self.chosen: list[str | None] = [None, None]
        self.last: list[str | None] = [None, None]

    def _asked(self) -> list[int]:
        if not self.game.simultaneous_moves:
            return [self.round % 2]
        return [1] if self.round % 3 == 2 else [0, 1]

    def current_players(self) -> list[int]:
        return [p for p in self._asked() if self.chosen[p] is None]

    def legal_moves(self, player: int) -> list[Move]:
        return [Move("a"), Move("b")] if player in self.current_players() else []

    def _apply(self, player: int, move: str) -> str:
        if move not in ("a", "b"):
            raise ValueError(move)
        self.chosen[player] = move
        if not self.current_players():  # the round is complete: reveal it
            self.last = list(self.chosen)
            self.chosen = [None, None]
            self.round += 1
        return move

    def is_terminal(self) -> bool:
        return False

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def observation(self, player: int | None = None) -> dict[str, Any]:
        return {"round": self.round, "last": list(self.last), "num_players": 2, "moves": []}

    def render_text(self, viewer: int | None = None, lang: str = "fr") -> str:
        return f"round {self.round}: {self.last}"


class Ticking(Game):
    id: ClassVar[str] = "test_ticking"
    name: ClassVar[str] = "Ticking"
    research_interface: ClassVar[str | None] = "looping_games:interface"

    def max_game_length(self) -> int:
        return 9

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> State:
        return LoopState(self, seed, num_players)


class Guessing(Ticking):
    id: ClassVar[str] = "test_guessing"
    name: ClassVar[str] = "Guessing"
    simultaneous_moves: ClassVar[bool] = True

    def max_game_length(self) -> int:
        return 11
