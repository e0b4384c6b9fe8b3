"""Exact endgames of two-player perfect-information games, through the contract.

Negamax with alpha-beta pruning over win/draw/loss (+1, 0, -1 for the player to move)
and a transposition table keyed on the position, not on the moves that led to it. A
player who moves twice in a row (Turris' bonus) keeps his point of view: the child's
value is then not negated. The game's `candidate_moves` prunes only moves that are no
better than one it keeps (`Heuristics.candidates_are_exact`), so the search may use it.

Every search runs under a node budget: a position beyond reach raises `OutOfReach`
and the caller falls back on MCTS. Games whose game's own proof finds wins sooner
(Kwinty's threat search) are asked first, as a leaf test (`proved_returns`).

`win_within(state, seat, n)` answers a narrower question, the one a coach asks: can
`seat` force a win within `n` of his own moves? It gives the shortest such win, which
the analysis puts in words ("Noir gagne en deux coups").
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tablier.ai.knowledge import heuristics_for
from tablier.ai.mcts import MCTSPlayer, SearchReport, SearchSettings
from tablier.core.game import Game
from tablier.core.heuristics import Heuristics
from tablier.core.state import State

# nodes an exact search may visit before it gives up (about 1-3 s in Python)
NODES = 20_000
EXACT, LOWER, UPPER = 0, 1, 2


class OutOfReach(Exception):
    """The position needs more nodes than the budget allows."""


# what a state holds besides its position: the game, its dealing, the moves' order
_NOT_POSITION = frozenset(("history", "game", "seed", "setup", "rng", "num_players", "geo"))


def _canonical(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return ("set", sorted(repr(_canonical(v)) for v in value))
    if isinstance(value, dict):
        return ("map", sorted((repr(k), repr(_canonical(v))) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    return value


def field_key(state: State) -> str:
    """The state's own public fields (board, supplies, whose turn, what the last move
    forbids), without the history and the private caches: exact, but the same position
    reached in two orders may differ (pieces numbered in the order they came)."""
    fields = sorted(
        (name, _canonical(value))
        for name, value in vars(state).items()
        if not name.startswith("_") and name not in _NOT_POSITION
    )
    return repr(fields)


# what a spectator's view shows that the rest of the game does not depend on: the move
# list and last move (for the pages), the scoring views (a function of the board), and
# the numbers given to pieces in the order they came
_NOT_DECIDING = frozenset(("moves", "last_move", "viewer", "views", "win_cells"))
_ORDER_NUMBERS = frozenset(("id", "move", "top"))


def _unordered(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _unordered(v) for k, v in value.items() if k not in _ORDER_NUMBERS}
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return sorted(repr(_unordered(v)) for v in value)
    if isinstance(value, list):
        return [_unordered(v) for v in value]
    return value


def position_key(state: State) -> str:
    """What decides the rest of the game, whatever the order of the moves that led here.

    The contract offers no key, so it is made from the spectator's view of a
    perfect-information position, which shows all of it: the move list, the scoring
    views and the order numbers of pieces are left out and lists of pieces are sorted,
    so the same position reached in two orders is one entry of the table.
    """
    seen = {k: v for k, v in state.observation(None).items() if k not in _NOT_DECIDING}
    return repr(sorted((k, repr(_unordered(v))) for k, v in seen.items()))


@dataclass
class Solution:
    """A position solved exactly."""

    mover: int
    value: int  # +1 won, 0 drawn, -1 lost for `mover`
    best: str  # a move that keeps that result
    # every candidate move's exact result for the mover, where the search settled it
    moves: dict[str, int] = field(default_factory=dict)
    nodes: int = 0
    seconds: float = 0.0

    def returns(self) -> list[float]:
        own = float(self.value)
        return [own, -own] if self.mover == 0 else [-own, own]


class Solver:
    """One search's transposition table and node count."""

    def __init__(
        self,
        game: Game,
        nodes: int = NODES,
        seconds: float | None = None,
        key: Callable[[State], str] = field_key,
    ) -> None:
        if game.hidden_information or not game.min_players <= 2 <= game.max_players:
            raise ValueError(f"{game.id}: exact search needs two players and no hidden information")
        self.game = game
        self.budget = nodes
        self.deadline = math.inf if seconds is None else time.perf_counter() + seconds
        self.key = key
        self.knowledge: Heuristics = heuristics_for(game)
        self.exact_candidates = self.knowledge.candidates_are_exact
        self.nodes = 0
        self.table: dict[str, tuple[int, int, str | None]] = {}

    def _moves(self, state: State, mover: int) -> list[str]:
        legal = state.legal_moves(mover)
        if self.exact_candidates and len(legal) > 1:
            legal = self.knowledge.candidate_moves(state, mover, legal)
        return [str(m) for m in legal]

    def solve(self, state: State) -> Solution:
        """The exact result of `state` for its mover, or OutOfReach."""
        start = time.perf_counter()
        if state.is_terminal():
            raise ValueError("the game is over: nothing to solve")
        mover = state.current_players()[0]
        results: dict[str, int] = {}
        best_move, best = "", -2
        for move in self._ordered(state, mover):
            value = self._child(state, mover, move, -1, 1)
            results[move] = value
            if value > best:
                best, best_move = value, move
        return Solution(mover, best, best_move, results, self.nodes, time.perf_counter() - start)

    def _ordered(self, state: State, mover: int) -> list[str]:
        moves = self._moves(state, mover)
        entry = self.table.get(self.key(state))
        if entry is not None and entry[2] in moves:
            first = entry[2]
            moves = [first, *(m for m in moves if m != first)]
        return moves

    def _child(self, state: State, mover: int, move: str, alpha: int, beta: int) -> int:
        after = state.clone()
        after.apply_legal(mover, move)
        if after.is_terminal():
            return int(after.returns()[mover])
        nxt = after.current_players()[0]
        if nxt == mover:
            return self._search(after, alpha, beta)
        return -self._search(after, -beta, -alpha)

    def _search(self, state: State, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfReach
        if self.nodes % 32 == 0 and time.perf_counter() > self.deadline:
            raise OutOfReach
        key = self.key(state)
        entry = self.table.get(key)
        if entry is not None:
            flag, value, _ = entry
            if flag == EXACT:
                return value
            if flag == LOWER:
                alpha = max(alpha, value)
            elif flag == UPPER:
                beta = min(beta, value)
            if alpha >= beta:
                return value
        mover = state.current_players()[0]
        proved = self.knowledge.proved_returns(state)
        if proved is not None:
            value = int(proved[mover])
            self.table[key] = (EXACT, value, None)
            return value
        start_alpha = alpha
        best, best_move = -2, None
        for move in self._ordered(state, mover):
            value = self._child(state, mover, move, alpha, beta)
            if value > best:
                best, best_move = value, move
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        flag = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
        self.table[key] = (flag, best, best_move)
        return best


def solve(state: State, nodes: int = NODES, seconds: float | None = None) -> Solution | None:
    """`state` solved exactly within `nodes` (and `seconds`), or None beyond reach."""
    game = state.game
    if game.hidden_information or state.is_terminal() or len(state.current_players()) != 1:
        return None
    try:
        return Solver(game, nodes, seconds).solve(state)
    except OutOfReach:
        return None


def win_within(state: State, seat: int, own_moves: int, budget: list[int]) -> str | None:
    """A move of `seat` (to move) that wins against every defence within `own_moves` of
    his moves, or None. `budget` holds the nodes left (shared by the calls of one
    question); running out raises OutOfReach."""
    knowledge = heuristics_for(state.game)
    exact = knowledge.candidates_are_exact

    def moves_of(position: State, player: int) -> list[str]:
        legal = position.legal_moves(player)
        if exact and len(legal) > 1:
            legal = knowledge.candidate_moves(position, player, legal)
        return [str(m) for m in legal]

    def spend() -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise OutOfReach

    def wins(position: State, left: int) -> str | None:
        # `seat` to move, with `left` moves of his own to win in
        for move in moves_of(position, seat):
            spend()
            after = position.clone()
            after.apply_legal(seat, move)
            if settled(after, left, own_turn=True):
                return move
        return None

    def settled(position: State, left: int, own_turn: bool) -> bool:
        """Whether `seat` wins from `position`; `own_turn`: his turn is still going on
        (a bonus decision is part of the same move, not one more)."""
        if position.is_terminal():
            return position.returns()[seat] > 0
        mover = position.current_players()[0]
        if mover == seat:
            if own_turn:
                return wins(position, left) is not None
            return left > 1 and wins(position, left - 1) is not None
        # the opponent's replies: a game that ends after them (the last tiles of
        # Counterplays, Turris' last pieces) is won within this move, not the next
        for reply in moves_of(position, mover):
            spend()
            after = position.clone()
            after.apply_legal(mover, reply)
            if not settled(after, left, own_turn=False):
                return False
        return True

    if state.is_terminal() or state.current_players() != [seat]:
        return None
    return wins(state, own_moves)


def shortest_win(
    state: State, seat: int, most: int = 3, nodes: int = NODES
) -> tuple[str, int] | None:
    """The first move and length (in `seat`'s own moves) of his shortest forced win
    within `most` moves, or None (none so short, or beyond the node budget)."""
    budget = [nodes]
    try:
        for n in range(1, most + 1):
            found = win_within(state, seat, n, budget)
            if found is not None:
                return found, n
    except OutOfReach:
        return None
    return None


def describe(solution: Solution) -> dict[str, Any]:
    return {"mover": solution.mover, "value": solution.value, "best": solution.best,
            "nodes": solution.nodes, "seconds": round(solution.seconds, 3)}  # fmt: skip


# the share of a timed move the players give the exact search, and how many of their own
# moves they wait after a position beyond its reach before trying again
PLAYER_SHARE = 0.2
RETRY_AFTER = 2


class EndgameMCTSPlayer(MCTSPlayer):
    """MCTS that first asks the exact search, near the end of a perfect-information game.

    `hard` and `expert`: when the solver settles the position within a fifth of the move's
    time, a won or drawn position is played by the solver's move (the result is then
    certain); a lost one is left to the search, which plays for the opponent's mistakes.
    After a position beyond reach, the next tries wait a couple of moves (the game gets
    smaller as it goes), so the middle game loses little search time.
    """

    def __init__(self, game: Game, seed: int | None = None, settings: SearchSettings | None = None,
                 name: str = "mcts") -> None:  # fmt: skip
        super().__init__(game, seed, settings, name)
        self.exact = (
            not game.hidden_information
            and game.min_players <= 2 <= game.max_players
            and self.settings.seconds is not None
        )
        self._wait = 0
        self.last_solution: Solution | None = None

    def choose(self, observation: dict[str, Any], seat: int) -> str:
        self.last_solution = None
        if self.exact and self._wait <= 0 and self.settings.seconds is not None:
            rng = self._rng_for(observation, seat)
            state = self.game.state_from_observation(observation, seat, rng)
            if not state.is_terminal() and state.current_players() == [seat]:
                found = solve(state, NODES, PLAYER_SHARE * self.settings.seconds)
                if found is None:
                    self._wait = RETRY_AFTER
                else:
                    self.last_solution = found
                    if found.value >= 0:
                        self.last_report = SearchReport(
                            seconds=found.seconds, proven=tuple(found.returns())
                        )
                        return found.best
        self._wait -= 1
        return super().choose(observation, seat)
