"""Tiny games for testing the players without the real engines.

They follow the contract (`Game`/`State` subclasses) but are not registered: tests
build them directly.
"""

from __future__ import annotations

import random
from typing import Any

from tablier.core.errors import IllegalMove
from tablier.core.game import Game
from tablier.core.move import Move
from tablier.core.state import State


# --------------------------------------------------------------------------- Nim
class NimGame(Game):
    """One pile; take 1 to 3 stones; whoever takes the last stone wins."""

    id = "toynim"
    name = "Nim"

    def __init__(self, stones: int = 10) -> None:
        super().__init__()
        self.stones = stones

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> State:
        return NimState(self, seed, num_players, self.stones)


class NimState(State):
    def __init__(self, game: NimGame, seed: int, num_players: int, stones: int) -> None:
        super().__init__(game, seed, num_players)
        self.stones = stones
        self.to_move = 0

    def current_players(self) -> list[int]:
        return [] if self.stones == 0 else [self.to_move]

    def legal_moves(self, player: int) -> list[Move]:
        if player not in self.current_players():
            return []
        return [Move(str(n)) for n in range(1, min(3, self.stones) + 1)]

    def _apply(self, player: int, move: str) -> str:
        if move not in self.legal_moves(player):
            raise IllegalMove(f"take 1 to {min(3, self.stones)} stones, not {move!r}")
        self.stones -= int(move)
        self.winner = player
        self.to_move = 1 - player
        return move

    def is_terminal(self) -> bool:
        return self.stones == 0

    def returns(self) -> list[float]:
        if self.stones:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def observation(self, player: int | None = None) -> dict[str, Any]:
        return {**self.base_observation(player), "stones": self.stones}

    def render_text(self, viewer: int | None = None) -> str:
        return f"{self.stones} stones"

    def clone(self) -> State:
        other = NimState.__new__(NimState)
        other.__dict__ = dict(self.__dict__)
        other.history = list(self.history)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        return other


# -------------------------------------------------------------------- tic-tac-toe
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToeGame(Game):
    id = "toyttt"
    name = "Tic-tac-toe"

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> State:
        return TicTacToeState(self, seed, num_players)


class TicTacToeState(State):
    def __init__(self, game: Game, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.cells: list[int | None] = [None] * 9
        self.to_move = 0
        self.winner: int | None = None

    def current_players(self) -> list[int]:
        return [] if self.is_terminal() else [self.to_move]

    def legal_moves(self, player: int) -> list[Move]:
        if player not in self.current_players():
            return []
        return [Move(str(i)) for i, c in enumerate(self.cells) if c is None]

    def _apply(self, player: int, move: str) -> str:
        if move not in self.legal_moves(player):
            raise IllegalMove(f"cell {move!r} is not free")
        self.cells[int(move)] = player
        if any(all(self.cells[i] == player for i in line) for line in LINES):
            self.winner = player
        self.to_move = 1 - player
        return move

    def is_terminal(self) -> bool:
        return self.winner is not None or all(c is not None for c in self.cells)

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def observation(self, player: int | None = None) -> dict[str, Any]:
        return {**self.base_observation(player), "cells": list(self.cells)}

    def render_text(self, viewer: int | None = None) -> str:
        return "".join("." if c is None else "XO"[c] for c in self.cells)


# ------------------------------------------------- hidden hands, simultaneous steps
CARDS = range(1, 8)


class DuelGame(Game):
    """Each player holds 3 of the cards 1-7, unseen by the other. Three steps: both
    commit a card at once, then both are shown and the higher one scores a point.
    More points wins. Hands come from `deal` or from the seed."""

    id = "toyduel"
    name = "Duel"
    hidden_information = True

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> State:
        deal = setup.get("deal")
        if deal is None:
            cards = list(CARDS)
            random.Random(seed).shuffle(cards)
            deal = [sorted(cards[:3]), sorted(cards[3:6])]
        return DuelState(self, seed, num_players, deal)

    def state_from_observation(
        self, observation: dict[str, Any], seat: int | None, rng: random.Random
    ) -> State:
        assert seat is not None
        other = 1 - seat
        rounds = [tuple(r) for r in observation["rounds"]]
        mine = list(observation["hand"])
        pending_mine = observation["my_pending"]
        original_mine = mine + [r[seat] for r in rounds]
        if pending_mine is not None:
            original_mine.append(pending_mine)
        seen = set(original_mine) | {r[other] for r in rounds}
        unseen = [c for c in CARDS if c not in seen]
        rng.shuffle(unseen)
        theirs = unseen[: 3 - len(rounds)]
        original_theirs = theirs + [r[other] for r in rounds]
        deal: list[list[int]] = [[], []]
        deal[seat] = sorted(original_mine)
        deal[other] = sorted(original_theirs)
        state = self.new_state(seed=0, deal=deal)
        for r in rounds:
            state.apply(0, str(r[0]))
            state.apply(1, str(r[1]))
        if pending_mine is not None:
            state.apply(seat, str(pending_mine))
        awaited = observation["awaited"]
        if not observation["terminal"] and other not in awaited:
            state.apply(other, str(rng.choice(theirs)))
        return state


class DuelState(State):
    def __init__(self, game: Game, seed: int, num_players: int, deal: list[list[int]]) -> None:
        super().__init__(game, seed, num_players, {"deal": deal})
        self.hands = [list(deal[0]), list(deal[1])]
        self.rounds: list[tuple[int, int]] = []
        self.pending: dict[int, int] = {}

    def current_players(self) -> list[int]:
        if len(self.rounds) == 3:
            return []
        return [p for p in (0, 1) if p not in self.pending]

    def legal_moves(self, player: int) -> list[Move]:
        if player not in self.current_players():
            return []
        return [Move(str(c)) for c in self.hands[player]]

    def _apply(self, player: int, move: str) -> str:
        if move not in self.legal_moves(player):
            raise IllegalMove(f"card {move!r} is not in your hand")
        card = int(move)
        self.hands[player].remove(card)
        self.pending[player] = card
        if len(self.pending) == 2:
            self.rounds.append((self.pending[0], self.pending[1]))
            self.pending = {}
        return move

    def is_terminal(self) -> bool:
        return len(self.rounds) == 3

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        score = sum((a > b) - (a < b) for a, b in self.rounds)
        return [0.0, 0.0] if score == 0 else ([1.0, -1.0] if score > 0 else [-1.0, 1.0])

    def public_history(self, viewer: int | None = None) -> list[list[Any]]:
        # a pending commitment stays with its owner
        shown = [[p, m] for p, m in self.history]
        if self.pending:
            (owner,) = self.pending
            if viewer != owner:
                shown = shown[:-1]
        return shown

    def observation(self, player: int | None = None) -> dict[str, Any]:
        obs = {**self.base_observation(player), "rounds": [list(r) for r in self.rounds]}
        obs["hand"] = list(self.hands[player]) if player is not None else None
        obs["my_pending"] = self.pending.get(player) if player is not None else None
        return obs

    def render_text(self, viewer: int | None = None) -> str:
        return repr(self.rounds)
