"""What a game knows about playing itself well, declared beside its rules.

A game may ship a module `tablier.games.<id>.heuristics` with a function
`make_heuristics(game) -> Heuristics`; the search players find it there. This base
class knows nothing: uniform random playouts to the end of the game and no evaluation.
It lives in `core` so that games import it without importing the players (`ai/`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tablier.core.game import Game
from tablier.core.move import Move
from tablier.core.state import State


def position_rng(seed: int, seat: int, observation: dict[str, Any]) -> random.Random:
    """The rng for one decision, seeded per position rather than per call.

    The same observation thus gets the same answer whatever the player was asked
    before, which makes seeded players reproducible move by move.
    """
    return random.Random(f"{seed}:{seat}:{len(observation['moves'])}")


class Heuristics:
    """Knowledge-free defaults; games subclass it and override what pays."""

    # Playouts stop after this many moves and `evaluate` scores the position
    # (None: play to the end of the game).
    playout_depth: int | None = None

    # Whether `candidate_moves` only ever drops moves that are no better than one it
    # keeps (an ignored forced block loses, an ignored win is no better than taking
    # it). The search then proves wins and losses from the candidates alone; a game
    # whose pruning is a guess must say False.
    candidates_are_exact: bool = True

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

    def forced_win(self, state: State, player: int, seconds: float) -> Move | None:
        """A move of `player` that wins against every reply, found by a search of the
        game's own within `seconds`, or None (the default knows none).

        The search players ask it at the root before searching; a game answers only
        with moves it has proved, never with a guess.
        """
        return None

    def proved_returns(self, state: State) -> list[float] | None:
        """The exact returns of `state` when a quick test of the game's own proves them
        (e.g. the player to move wins by force), else None; asked of new tree nodes by
        searches that prove (default: nothing is proved this way)."""
        return None

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
