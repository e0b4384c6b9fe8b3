"""The greedy player: one ply of look-ahead with the game's own evaluation."""

from __future__ import annotations

import secrets
from typing import Any

from tablier.ai.knowledge import Heuristics, heuristics_for
from tablier.core.game import Game
from tablier.core.heuristics import position_rng


class GreedyPlayer:
    """Tries every legal move and keeps the one whose position evaluates best.

    A won game counts as +1 and a lost one as -1; otherwise the game's heuristics
    (`evaluate`) judge the position. Ties are broken at random (seeded). Hidden parts of
    the position are sampled once from the observation.
    """

    name = "greedy"

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.game = game
        self.seed = secrets.randbits(63) if seed is None else seed
        self.knowledge: Heuristics = heuristics_for(game)

    def choose(self, observation: dict[str, Any], seat: int) -> str:
        rng = position_rng(self.seed, seat, observation)
        state = self.game.state_from_observation(observation, seat, rng)
        moves = state.legal_moves(seat)
        if not moves:
            raise ValueError(f"player {seat} has no move to choose in this position")
        best: list[str] = []
        best_value = -float("inf")
        for move in moves:
            after = state.clone()
            after.apply(seat, move)
            if after.is_terminal():
                # a decided game outranks any evaluation, which stays within [-1, 1]
                value = 2.0 * float(after.returns()[seat])
            else:
                value = self.knowledge.evaluate(after)[seat]
            if value > best_value + 1e-12:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-12:
                best.append(move)
        return str(best[rng.randrange(len(best))])
