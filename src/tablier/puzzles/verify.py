"""Is this position a problem (one move wins, and only one)? Exhaustive, through the contract.

Two questions, by game:

* `forced` (Kwinty): can the player to move force a win within `n` of his own moves
  (n ≤ 3)? A bounded AND/OR search answers it, with a transposition table keyed on the
  position and the moves left, and the game's exact move pruning (`candidate_moves`:
  win at once when you can, block when you must). The problem keeps the shortest such
  `n`; its key move wins within `n` against every defence, and no other legal move wins
  within `n` (a slower win is a wrong answer to "win in n", and the page says it is no
  forced win in n).
* `exact` (Turris, Counterplays): the game is solved to its end by the endgame solver
  (`tablier.ai.endgame`, alpha-beta with a transposition table). The key move wins; every
  other legal move draws or loses.

A position whose search runs out of its node budget is not a problem: nothing is kept
that was not proved.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from tablier.ai import endgame
from tablier.ai.knowledge import heuristics_for
from tablier.core.heuristics import Heuristics
from tablier.core.state import State

# how each game's problems are proved (games not listed have none)
METHODS = {"kwinty": "forced", "turris": "exact", "counterplays": "exact"}
# the longest forced win (own moves) a Kwinty problem may ask for
MOST = 3
NODES = 60_000
SECONDS = 1.5


class OutOfReach(Exception):
    """The question needs more nodes than its budget."""


# the parts of a state that are not its position (the game, its dealing, the moves' order)
_NOT_POSITION = frozenset(("history", "game", "seed", "setup", "rng", "num_players", "geo"))


def fast_key(state: State) -> str:
    """A transposition key made of the state's public fields as they are.

    Cheaper than `endgame.position_key` (no sorting, no observation): a set printed in
    another order or pieces numbered in another order only split an entry in two, and
    every field that decides the game is in, so two different positions never share one.
    """
    return repr([v for k, v in vars(state).items() if k[0] != "_" and k not in _NOT_POSITION])


@dataclass
class Problem:
    """A position with a single winning move, its proof's figures and its solution."""

    game: str
    options: dict[str, Any]
    seed: int
    moves: list[list[Any]]  # the record's moves that lead to the position
    seat: int
    key: str
    win_in: int  # own moves to the win (Kwinty) or to the game's end (exact games)
    line: list[list[Any]]  # [player, move] from the key move on
    legal: int
    tempting: int  # wrong moves the game's evaluation likes at least as much as the key
    # for every wrong move: the answer that keeps the opponent's result, [player, move]...
    refutations: dict[str, list[list[Any]]] = field(default_factory=dict)
    # what each wrong move leads to for the solver: -1 lost, 0 drawn, 1 a slower win
    outcomes: dict[str, int] = field(default_factory=dict)
    rating: int = 1500

    def data(self) -> dict[str, Any]:
        return {
            "game": self.game, "options": self.options, "seed": self.seed,
            "moves": self.moves, "seat": self.seat, "key": self.key, "win_in": self.win_in,
            "line": self.line, "legal": self.legal, "tempting": self.tempting,
            "refutations": self.refutations, "outcomes": self.outcomes, "rating": self.rating,
        }  # fmt: skip


def rating_of(win_in: int, legal: int, tempting: int, method: str) -> int:
    """A first rating for the problem, before players' results move it (Glicko-2).

    Deeper wins, more choice and more attractive wrong moves make it harder; an exact
    game's depth counts the moves to the end, which say less than Kwinty's forced moves.
    """
    depth = (win_in - 1) * (250 if method == "forced" else 45)
    return int(1100 + depth + 70 * min(tempting, 6) + 4 * min(legal, 60))


class Forced:
    """Forced wins within a few own moves, with a table shared by every question asked."""

    def __init__(
        self, knowledge: Heuristics, seat: int, nodes: int, seconds: float = math.inf
    ) -> None:
        self.deadline = time.perf_counter() + seconds
        self.knowledge = knowledge
        self.seat = seat
        self.left_nodes = nodes
        self.table: dict[tuple[str, int, bool], bool] = {}

    def moves_of(self, position: State, player: int) -> list[str]:
        legal = position.legal_moves(player)
        if len(legal) > 1:
            legal = self.knowledge.candidate_moves(position, player, legal)
        return [str(m) for m in legal]

    def _spend(self) -> None:
        self.left_nodes -= 1
        if self.left_nodes < 0 or (
            self.left_nodes % 64 == 0 and time.perf_counter() > self.deadline
        ):
            raise OutOfReach

    def winning(self, position: State, left: int) -> str | None:
        """A move of the seat (to move) winning within `left` own moves, or None."""
        for move in self.moves_of(position, self.seat):
            if self.after_wins(position, move, left):
                return move
        return None

    def after_wins(self, position: State, move: str, left: int) -> bool:
        self._spend()
        after = position.clone()
        after.apply_legal(self.seat, move)
        return self.settled(after, left, own_turn=True)

    def settled(self, position: State, left: int, own_turn: bool) -> bool:
        """Whether the seat wins from `position` within `left` own moves; `own_turn`: the
        move counted in `left` was just made (the next seat move costs one more)."""
        if position.is_terminal():
            return position.returns()[self.seat] > 0
        key = (fast_key(position), left, own_turn)
        known = self.table.get(key)
        if known is not None:
            return known
        mover = position.current_players()[0]
        if mover == self.seat:
            result = left > 1 and self.winning(position, left - 1) is not None
        elif left <= 1:
            result = False
        else:
            result = True
            for reply in self.moves_of(position, mover):
                self._spend()
                after = position.clone()
                after.apply_legal(mover, reply)
                if not self.settled(after, left, own_turn=False):
                    result = False
                    break
        self.table[key] = result
        return result

    def distance(self, position: State, most: int) -> int | None:
        """The fewest own moves (≤ most) the seat needs from `position` (his turn next
        or the opponent's), or None."""
        for n in range(1, most + 1):
            if self.settled(position, n + 1, own_turn=True):
                return n
        return None


def _evaluations(state: State, seat: int, knowledge: Heuristics) -> dict[str, float]:
    values: dict[str, float] = {}
    for move in state.legal_moves(seat):
        after = state.clone()
        after.apply_legal(seat, move)
        if after.is_terminal():
            values[str(move)] = 2.0 * after.returns()[seat]
        else:
            values[str(move)] = knowledge.evaluate(after)[seat]
    return values


def _tempting(values: dict[str, float], key: str) -> int:
    return sum(1 for move, value in values.items() if move != key and value >= values[key] - 1e-9)


def _favourite(position: State, player: int, moves: list[str], knowledge: Heuristics) -> str:
    """The move the game's evaluation prefers for `player` (a natural defence)."""

    def score(move: str) -> float:
        after = position.clone()
        after.apply_legal(player, move)
        if after.is_terminal():
            return 2.0 * after.returns()[player]
        return knowledge.evaluate(after)[player]

    return max(moves, key=lambda m: (score(m), m))


def find(state: State, nodes: int = NODES, seconds: float = SECONDS) -> Problem | None:
    """The problem `state` makes, or None (no single winning move, or beyond reach)."""
    try:
        return prove(state, nodes, seconds)
    except OutOfReach:
        return None


def prove(
    state: State,
    nodes: int = NODES,
    seconds: float = SECONDS,
    solver: endgame.Solver | None = None,
) -> Problem | None:
    """The problem `state` makes, None when it makes none; OutOfReach when the search
    could not tell within its budget. `solver`: an exact solver whose transposition table
    is shared by the positions of one game (its budget is renewed here)."""
    method = METHODS.get(state.game.id)
    if method is None or state.is_terminal() or len(state.current_players()) != 1:
        return None
    try:
        if method == "forced":
            return _forced(state, nodes, seconds)
        if solver is None:
            solver = endgame.Solver(state.game, nodes, seconds, key=fast_key)
        else:
            solver.nodes, solver.budget = 0, nodes
            solver.deadline = time.perf_counter() + seconds
        return _exact(state, solver)
    except endgame.OutOfReach as beyond:
        raise OutOfReach from beyond


def _base(state: State) -> dict[str, Any]:
    record = state.record()
    return {
        "game": state.game.id, "options": dict(state.game.options), "seed": record["seed"],
        "moves": [list(m) for m in record["moves"]],
    }  # fmt: skip


def _forced(state: State, nodes: int, seconds: float) -> Problem | None:
    seat = state.current_players()[0]
    legal = [str(m) for m in state.legal_moves(seat)]
    if len(legal) < 2:
        return None
    knowledge = heuristics_for(state.game)
    search = Forced(knowledge, seat, nodes, seconds)
    win_in = next((n for n in range(1, MOST + 1) if search.winning(state, n) is not None), None)
    if win_in is None:
        return None
    # every legal move, not the pruned list: the player may try any of them
    winners = [m for m in legal if search.after_wins(state, m, win_in)]
    if len(winners) != 1:
        return None
    key = winners[0]
    line = _forced_line(state, key, win_in, search, knowledge)
    refutations: dict[str, list[list[Any]]] = {}
    outcomes: dict[str, int] = {}
    for move in legal:
        if move != key:
            refutations[move], outcomes[move] = _forced_refutation(state, seat, move, knowledge)
    values = _evaluations(state, seat, knowledge)
    tempting = _tempting(values, key)
    return Problem(
        **_base(state), seat=seat, key=key, win_in=win_in, line=line, legal=len(legal),
        tempting=tempting, refutations=refutations, outcomes=outcomes,
        rating=rating_of(win_in, len(legal), tempting, "forced"),
    )  # fmt: skip


def _forced_line(
    state: State, key: str, win_in: int, search: Forced, knowledge: Heuristics
) -> list[list[Any]]:
    seat = search.seat
    line: list[list[Any]] = [[seat, key]]
    position = state.clone()
    position.apply_legal(seat, key)
    left = win_in
    while not position.is_terminal():
        mover = position.current_players()[0]
        if mover == seat:
            left -= 1
            move = search.winning(position, left)
            if move is None:
                raise OutOfReach  # cannot happen for a proved win: refuse rather than lie
        else:
            # the defence that holds out longest, the evaluation's favourite among equals
            replies = search.moves_of(position, mover)
            lengths: dict[str, int] = {}
            for reply in replies:
                after = position.clone()
                after.apply_legal(mover, reply)
                lengths[reply] = search.distance(after, left) or left
            longest = max(lengths.values())
            move = _favourite(
                position, mover, [r for r in replies if lengths[r] == longest], knowledge
            )
        line.append([mover, move])
        position.apply_legal(mover, move)
    return line


def _forced_refutation(
    state: State, seat: int, move: str, knowledge: Heuristics
) -> tuple[list[list[Any]], int]:
    """The opponent's answer to a Kwinty move that does not win: his own forced win if he
    has one within three moves, else the parry the evaluation prefers."""
    after = state.clone()
    after.apply_legal(seat, move)
    if after.is_terminal():
        return [], int(after.returns()[seat])
    other = after.current_players()[0]
    if other == seat:
        return [], 0
    search = Forced(knowledge, other, 1_500, 0.2)
    try:
        won = next((m for n in (1, 2) if (m := search.winning(after, n)) is not None), None)
    except OutOfReach:
        won = None
    if won is not None:
        return [[other, won]], -1
    defence = search.moves_of(after, other)
    return [[other, _favourite(after, other, defence, knowledge)]], 0


def _value(solver: endgame.Solver, position: State, seat: int) -> tuple[int, str]:
    """The exact result of `position` for `seat`, and its mover's best move."""
    if position.is_terminal():
        return int(position.returns()[seat]), ""
    solution = solver.solve(position)
    value = solution.value if solution.mover == seat else -solution.value
    return value, solution.best


def _exact(state: State, solver: endgame.Solver) -> Problem | None:
    seat = state.current_players()[0]
    legal = [str(m) for m in state.legal_moves(seat)]
    if len(legal) < 2:
        return None
    results: dict[str, int] = {}
    for move in legal:
        after = state.clone()
        after.apply_legal(seat, move)
        results[move] = _value(solver, after, seat)[0]
        if sum(1 for v in results.values() if v == 1) > 1:
            return None
    winners = [m for m, v in results.items() if v == 1]
    if len(winners) != 1:
        return None
    key = winners[0]
    knowledge = heuristics_for(state.game)
    line = _exact_line(state, seat, key, solver, knowledge)
    refutations = {m: _exact_refutation(state, seat, m, solver) for m in legal if m != key}
    values = _evaluations(state, seat, knowledge)
    tempting = _tempting(values, key)
    win_in = sum(1 for p, _ in line if p == seat)
    return Problem(
        **_base(state), seat=seat, key=key, win_in=win_in, line=line, legal=len(legal),
        tempting=tempting, refutations=refutations,
        outcomes={m: v for m, v in results.items() if m != key},
        rating=rating_of(win_in, len(legal), tempting, "exact"),
    )  # fmt: skip


def _exact_line(
    state: State, seat: int, key: str, solver: endgame.Solver, knowledge: Heuristics
) -> list[list[Any]]:
    """The key move, then to the end: a winning move for the seat, and for the loser the
    reply the game's evaluation likes best (every reply loses)."""
    line: list[list[Any]] = [[seat, key]]
    position = state.clone()
    position.apply_legal(seat, key)
    while not position.is_terminal():
        mover = position.current_players()[0]
        if mover == seat:
            value, move = _value(solver, position, seat)
            if value != 1:
                raise endgame.OutOfReach  # a proved win cannot lose its way; refuse if so
        else:
            replies = [str(m) for m in position.legal_moves(mover)]
            move = _favourite(position, mover, replies, knowledge)
        line.append([mover, move])
        position.apply_legal(mover, move)
    return line


def _exact_refutation(
    state: State, seat: int, move: str, solver: endgame.Solver
) -> list[list[Any]]:
    """After a wrong move: best play from both sides until the opponent has answered (a
    Turris bonus decision of the seat's comes first)."""
    position = state.clone()
    position.apply_legal(seat, move)
    answer: list[list[Any]] = []
    while not position.is_terminal():
        mover = position.current_players()[0]
        best = _value(solver, position, mover)[1]
        answer.append([mover, best])
        position.apply_legal(mover, best)
        if mover != seat:
            break
    return answer
