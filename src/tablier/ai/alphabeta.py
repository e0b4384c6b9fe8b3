"""A reference opponent of another family than MCTS: alpha-beta with iterative deepening.

Negamax with alpha-beta pruning over the contract, for two-player perfect-information
games, deepening one ply at a time until its time is spent (the same 1.8 s a move as
`hard` in the ladder). It knows what the game's heuristics know and nothing more: their
`evaluate` scores the leaves, their `candidate_moves` keeps only the forced moves when
there are some (a win, a block: the threats), and moves are tried best-first, ordered
by the evaluation one ply down at the root and by the previous iteration's choice.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from tablier.ai.knowledge import heuristics_for
from tablier.core.game import Game
from tablier.core.heuristics import Heuristics, position_rng
from tablier.core.move import Move
from tablier.core.state import State

SECONDS = 1.8
WIN = 1000.0  # a won position, beyond any evaluation (which stays within [-1, 1])


class OutOfTime(Exception):
    pass


class AlphaBetaPlayer:
    name = "alphabeta"

    def __init__(self, game: Game, seed: int | None = None, seconds: float = SECONDS) -> None:
        if game.hidden_information:
            raise ValueError(f"{game.id} hides information: alpha-beta needs the whole position")
        if not game.min_players <= 2 <= game.max_players:
            raise ValueError(f"{game.id} is not a two-player game")
        self.game = game
        self.seed = seed or 0
        self.seconds = seconds
        self.knowledge: Heuristics = heuristics_for(game)
        self.deadline = math.inf
        self.nodes = 0
        self.depth_reached = 0

    @property
    def budget_seconds(self) -> float:
        return self.seconds

    def choose(self, observation: dict[str, Any], seat: int) -> str:
        start = time.perf_counter()
        self.deadline = start + self.seconds * 0.9
        rng = position_rng(self.seed, seat, observation)
        state = self.game.state_from_observation(observation, seat, rng)
        moves = self.knowledge.candidate_moves(state, seat, state.legal_moves(seat))
        if not moves:
            raise ValueError(f"player {seat} has no move to choose in this position")
        if len(moves) == 1:
            return str(moves[0])
        ordered = self._root_order(state, seat, moves)
        best = ordered[0]
        self.nodes = 0
        depth = 1
        try:
            while True:
                value, choice = self._root(state, seat, ordered, depth)
                best = choice
                self.depth_reached = depth
                if abs(value) >= WIN / 2 or depth >= 12:
                    break  # a proven result: deeper search would not change the move
                ordered = [choice, *(m for m in ordered if m != choice)]
                depth += 1
        except OutOfTime:
            pass
        return str(best)

    def _root_order(self, state: State, seat: int, moves: Sequence[Move]) -> list[Move]:
        scored = []
        for move in moves:
            after = state.clone()
            after.apply(seat, move)
            scored.append((self._static(after, seat), str(move), move))
        scored.sort(key=lambda item: (-item[0], item[1]))
        return [move for _, _, move in scored]

    def _root(
        self, state: State, seat: int, moves: Sequence[Move], depth: int
    ) -> tuple[float, Move]:
        alpha, beta = -math.inf, math.inf
        best_move, best_value = moves[0], -math.inf
        for move in moves:
            after = state.clone()
            after.apply(seat, move)
            value = self._search(after, seat, depth - 1, alpha, beta)
            if value > best_value:
                best_value, best_move = value, move
            alpha = max(alpha, value)
        return best_value, best_move

    def _search(self, state: State, seat: int, depth: int, alpha: float, beta: float) -> float:
        """The value of `state` for `seat` (minimax, whoever moves next)."""
        self.nodes += 1
        if self.nodes % 64 == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime
        if state.is_terminal():
            # sooner wins are better, later losses less bad
            return state.returns()[seat] * (WIN + depth)
        if depth <= 0:
            return self._static(state, seat)
        mover = state.current_players()[0]
        moves = self.knowledge.candidate_moves(state, mover, state.legal_moves(mover))
        maximise = mover == seat
        value = -math.inf if maximise else math.inf
        for move in moves:
            after = state.clone()
            after.apply(mover, move)
            child = self._search(after, seat, depth - 1, alpha, beta)
            if maximise:
                value = max(value, child)
                alpha = max(alpha, value)
            else:
                value = min(value, child)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def _static(self, state: State, seat: int) -> float:
        if state.is_terminal():
            return state.returns()[seat] * WIN
        return self.knowledge.evaluate(state)[seat]
