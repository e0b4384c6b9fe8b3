"""Game knowledge the search players use, found next to each game.

A game may ship a module `tablier.games.<id>.heuristics` with a function
`make_heuristics(game) -> Heuristics`. Without one, the players fall back on
`Heuristics` itself, which knows nothing: uniform random playouts to the end of the
game and no evaluation. Keeping the knowledge beside the rules means the search code
in this package never names a game.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from types import ModuleType

from tablier.core.game import Game
from tablier.core.move import Move
from tablier.core.state import State


class Heuristics:
    """Knowledge-free defaults; games subclass it and override what pays."""

    # Playouts stop after this many moves and `evaluate` scores the position
    # (None: play to the end of the game).
    playout_depth: int | None = None

    def __init__(self, game: Game) -> None:
        self.game = game

    def evaluate(self, state: State) -> list[float]:
        """A value in [-1, 1] per player for a position that is not over.

        The default says nothing (all zeros). It is only used at a playout cutoff and
        by the greedy player, so it may be rough but should be cheap.
        """
        return [0.0] * state.num_players

    def candidate_moves(self, state: State, player: int, moves: Sequence[Move]) -> list[Move]:
        """The moves worth searching in a tree node (default: all of them).

        Games prune here what is certainly bad, e.g. ignoring a forced block. The
        result must be a non-empty subset of `moves`.
        """
        return list(moves)

    def playout(self, state: State, rng: random.Random) -> list[float]:
        """Play `state` on (it may be changed) and return a value per player.

        The default plays `playout_move` for every awaited player until the game ends
        or `playout_depth` moves were made, then scores the end with `returns` or
        `evaluate`. Games may replace the whole loop when the engine offers a faster
        way through its internals.
        """
        depth = self.playout_depth
        steps = 0
        while not state.is_terminal():
            if depth is not None and steps >= depth:
                return self.evaluate(state)
            picks: list[tuple[int, Move]] = []
            for player in state.current_players():
                moves = state.legal_moves(player)
                if moves:
                    picks.append((player, self.playout_move(state, player, moves, rng)))
            if not picks:
                break
            for player, move in picks:
                state.apply(player, move)
            steps += 1
        if state.is_terminal():
            return [float(v) for v in state.returns()]
        return self.evaluate(state)

    def playout_move(
        self, state: State, player: int, moves: Sequence[Move], rng: random.Random
    ) -> Move:
        """The move a playout makes for `player` (default: uniformly random)."""
        return moves[rng.randrange(len(moves))]


def _module_for(game: Game) -> ModuleType | None:
    try:
        return importlib.import_module(f"tablier.games.{game.id}.heuristics")
    except ModuleNotFoundError as exc:
        # only a missing heuristics module means "no knowledge"; a broken one must show
        if exc.name in (f"tablier.games.{game.id}.heuristics", f"tablier.games.{game.id}"):
            return None
        raise


def heuristics_for(game: Game) -> Heuristics:
    """The game's own knowledge if it ships some, else the knowledge-free default."""
    module = _module_for(game)
    factory = getattr(module, "make_heuristics", None) if module is not None else None
    if factory is None:
        return Heuristics(game)
    made = factory(game)
    if not isinstance(made, Heuristics):
        raise TypeError(f"{game.id}: make_heuristics must return a Heuristics")
    return made


def game_module_attribute(game: Game, name: str) -> object | None:
    """An optional extra a game's heuristics module offers (e.g. a named player)."""
    module = _module_for(game)
    return getattr(module, name, None) if module is not None else None
