"""Monte Carlo tree search for any game of the contract.

One search serves every game:

* **Perfect information** (`Game.hidden_information` false): the observation is turned
  into the one state it describes and the search is plain UCT on it.
* **Hidden information**: each iteration starts from a fresh *determinization*, a full
  state sampled by `Game.state_from_observation` consistently with what the seat sees
  (information-set MCTS, one tree for the searching seat). A move that is not legal in
  every determinization is judged against the iterations where it was available
  ("availability counts"), not against all of them.
* **Simultaneous steps**: where several players are awaited at once, each one chooses
  with his own statistics in that node (decoupled UCT), and the node's child is the
  joint choice. A sequential turn is just the case of one awaited player.

The player only ever receives `observation(seat)`: everything it knows of the position
comes from there, so it cannot cheat and could run at a remote client.
"""

from __future__ import annotations

import gc
import heapq
import json
import math
import random
import secrets
import time
from collections.abc import Sequence, Set
from dataclasses import dataclass, field
from typing import Any

from tablier.ai.knowledge import Heuristics, heuristics_for
from tablier.core.game import Game
from tablier.core.heuristics import position_rng
from tablier.core.move import Move
from tablier.core.state import State

# how often (in iterations) the search checks whether its choice is already settled
CHECK_EVERY = 64

_NONE_LOST: frozenset[str] = frozenset()

# the share of its time a search gives the game's own proof of a win (`forced_win`),
# or the time it gives it with an iteration budget only
FORCED_WIN_SHARE = 0.15
FORCED_WIN_SECONDS = 0.05

# the return of a won game (State.returns): nothing is better for its player
WIN = 1.0

# One joint choice: the (player, move) pairs applied from a node, in order.
Joint = tuple[tuple[int, str], ...]


@dataclass
class _Edge:
    visits: int = 0
    total: float = 0.0
    available: int = 0


@dataclass
class _Node:
    # per awaited player, per move: that player's statistics in this node
    edges: dict[int, dict[str, _Edge]] = field(default_factory=dict)
    children: dict[Joint, _Node] = field(default_factory=dict)
    # perfect information: a node is one position, so its candidate moves are
    # computed once (engines' move generation is the costly part of a visit)
    moves: dict[int, Sequence[str]] | None = None
    untried: dict[int, list[str]] | None = None
    visits: int = 0
    # the exact returns of the position once the search has proved them
    proven: tuple[float, ...] | None = None
    # the moves proved to lose for the one player who moves here (never chosen again)
    lost: set[str] | None = None


@dataclass(frozen=True)
class SearchSettings:
    """How long and how a search runs. At least one of the two budgets is needed."""

    iterations: int | None = None
    seconds: float | None = None
    exploration: float = 1.0
    use_knowledge: bool = True
    # prove wins and losses in the tree (perfect information only; see `_prove`)
    solve: bool = True
    # ask the game's own search for a proved win before searching (`forced_win`)
    forced_wins: bool = True
    # ask the game's own quick proof at every new node (`proved_returns`); off: on
    # Kwinty it costs more search than it brings (docs/ai.md)
    leaf_proofs: bool = False
    # perfect information: start from the part of the last search's tree the moves
    # played since lead to. Off for iteration budgets, whose choice must depend only
    # on the seed and the observation
    reuse: bool = False
    # stop once the rest of the budget can no longer change the most visited move. Off,
    # the whole time is spent: the choice is the same, but with `reuse` the deeper tree
    # under it serves the next moves
    stop_when_settled: bool = True

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search needs an iteration budget, a time budget or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("the iteration budget must be at least 1")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("the time budget must be positive")


@dataclass
class SearchReport:
    """What the last search did (for the arena, tests and curious users)."""

    iterations: int = 0
    seconds: float = 0.0
    visits: dict[str, int] = field(default_factory=dict)
    values: dict[str, float] = field(default_factory=dict)
    # the exact returns of the root position when the search proved them
    proven: tuple[float, ...] | None = None
    # the move came from the game's own proof of a win, not from the search
    forced: bool = False
    # root visits inherited from the previous search's tree (`SearchSettings.reuse`)
    reused: int = 0


class MCTSPlayer:
    """UCT / information-set MCTS with decoupled statistics at simultaneous steps.

    With an iteration budget and a seed, the choice depends only on the seed and the
    observation, so it is reproducible (a time budget makes it depend on speed too).
    """

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        settings: SearchSettings | None = None,
        name: str = "mcts",
    ) -> None:
        self.game = game
        self.name = name
        self.settings = settings or SearchSettings(iterations=1000)
        self.seed = secrets.randbits(63) if seed is None else seed
        self.knowledge: Heuristics = (
            heuristics_for(game) if self.settings.use_knowledge else Heuristics(game)
        )
        self.last_report = SearchReport()
        # proofs need every position to be the one it looks like, and the game's
        # pruning (`candidate_moves`) to drop only moves that are no better
        self.solving = (
            self.settings.solve
            and not game.hidden_information
            and self.knowledge.candidates_are_exact
        )
        # the last search's root and the game it was for (`SearchSettings.reuse`)
        self._kept: _Kept | None = None

    @property
    def budget_seconds(self) -> float | None:
        """The time one move may take (the arena checks moves against it)."""
        return self.settings.seconds

    def _rng_for(self, observation: dict[str, Any], seat: int) -> random.Random:
        return position_rng(self.seed, seat, observation)

    def choose(self, observation: dict[str, Any], seat: int) -> str:
        start = time.perf_counter()
        rng = self._rng_for(observation, seat)
        root_state = self.game.state_from_observation(observation, seat, rng)
        moves = root_state.legal_moves(seat)
        if not moves:
            raise ValueError(f"player {seat} has no move to choose in this position")
        if not self.game.hidden_information and len(moves) > 1:
            # a forced move (the only win, the only block) needs no search
            moves = self.knowledge.candidate_moves(root_state, seat, moves)
        if len(moves) == 1:
            self.last_report = SearchReport(seconds=time.perf_counter() - start)
            return str(moves[0])
        settings = self.settings
        if self.solving and settings.forced_wins and len(moves) > 1:
            # a win the game's own search proves is played without more ado
            spend = FORCED_WIN_SHARE * settings.seconds if settings.seconds else FORCED_WIN_SECONDS
            won = self.knowledge.forced_win(root_state, seat, spend)
            if won is not None and won in moves:
                self.last_report = SearchReport(seconds=time.perf_counter() - start, forced=True)
                return str(won)
        # keep a margin for the final choice and the clock's own granularity
        deadline = start + settings.seconds * 0.92 if settings.seconds is not None else math.inf
        limit = settings.iterations if settings.iterations is not None else math.inf
        hidden = self.game.hidden_information
        reusing = settings.reuse and not hidden
        root = (self._reused(observation, seat) if reusing else None) or _Node()
        reused = root.visits
        if reusing:
            self._kept = _Kept(_game_key(observation), _played(observation), root, root_state)
        done = 0
        # the tree holds no reference cycles; a full collection in the middle of a
        # timed search would only cost time (and overrun the budget)
        collecting = gc.isenabled()
        gc.disable()
        try:
            # the longest iteration so far: one more must fit before the deadline
            longest = 0.0
            last = time.perf_counter()
            while done < limit:
                if hidden and done > 0:
                    state = self.game.state_from_observation(observation, seat, rng)
                else:
                    state = root_state.clone()
                self._iterate(root, state, rng)
                done += 1
                now = time.perf_counter()
                longest = max(longest, now - last)
                last = now
                if now + longest > deadline:
                    break
                if done % CHECK_EVERY == 0 and self._decided(
                    root, seat, done, limit, start, deadline, settings.stop_when_settled
                ):
                    break
        finally:
            if collecting:
                gc.enable()
        choice = self._best(root, seat, moves)
        self.last_report.reused = reused
        self.last_report.iterations = done
        self.last_report.seconds = time.perf_counter() - start
        return choice

    def continues(self, observation: dict[str, Any], seat: int) -> bool:
        """Whether this position follows the last search's, inside its kept tree."""
        return self._reused(observation, seat) is not None

    def _reused(self, observation: dict[str, Any], seat: int) -> _Node | None:
        """The node of the kept tree for this position, if the moves since lead there.

        The kept root's position, with the moves played since applied, must show the
        seat exactly this observation: the node is then this very position.
        """
        kept = self._kept
        if kept is None or kept.game != _game_key(observation):
            return None
        played = _played(observation)
        if played[: len(kept.played)] != kept.played:
            return None
        node = kept.root
        state = kept.state.clone()
        for step in played[len(kept.played) :]:
            child = node.children.get((step,))
            if child is None:
                return None
            state.apply(*step)
            node = child
        if _canonical(state.observation(seat)) != _canonical(observation):
            return None
        return node

    # ------------------------------------------------------------------ the search
    def _iterate(self, root: _Node, state: State, rng: random.Random) -> None:
        path: list[tuple[_Node, Joint]] = []
        node = root
        c = self.settings.exploration
        cache = not self.game.hidden_information
        while node.proven is None and not state.is_terminal():
            if cache:
                expanding, choices = self._select_known(node, state, rng, c)
            else:
                expanding, choices = self._select_sampled(node, state, rng, c)
            if not choices:
                break
            for player, chosen in choices:
                if cache:  # the node's own generated moves: the game may skip its checks
                    state.apply_legal(player, chosen)
                else:
                    state.apply(player, chosen)
            joint = tuple(choices)
            path.append((node, joint))
            child = node.children.get(joint)
            if child is None:
                child = node.children[joint] = _Node()
            node = child
            if expanding:
                break
        if node.proven is not None:
            values = list(node.proven)
        else:
            terminal = state.is_terminal()
            if self.solving and terminal:
                node.proven = tuple(float(v) for v in state.returns())
            elif self.solving and self.settings.leaf_proofs and path:
                proved = self.knowledge.proved_returns(state)
                if proved is not None:
                    node.proven = tuple(proved)
            if node.proven is not None and not terminal:
                values = list(node.proven)  # proved by the game's test: no playout needed
            else:
                values = self.knowledge.playout(state, rng)
        for visited, joint in path:
            for player, played in joint:
                edge = visited.edges[player][played]
                edge.visits += 1
                edge.total += values[player]
        if node.proven is not None:
            for parent, joint in reversed(path):
                if len(joint) != 1:
                    break
                mover, move = joint[0]
                proven = parent.children[joint].proven
                if proven is not None and proven[mover] <= -WIN:
                    if parent.lost is None:
                        parent.lost = set()
                    parent.lost.add(move)
                if not _prove(parent, mover):
                    break

    def _select_known(
        self, node: _Node, state: State, rng: random.Random, c: float
    ) -> tuple[bool, list[tuple[int, str]]]:
        """Selection in a node that is one position (perfect information).

        The node's moves are generated once; untried ones wait in a shuffled list and
        statistics exist only for tried ones, so a visit costs no more than the moves
        already explored, however many there are (some games offer hundreds).
        """
        if node.moves is None:
            node.moves = {}
            node.untried = {}
            for player in state.current_players():
                legal = state.legal_moves(player)
                if legal:
                    moves = self.knowledge.candidate_moves(state, player, legal)
                    node.moves[player] = moves
                    waiting: list[str] = list(moves)
                    rng.shuffle(waiting)
                    node.untried[player] = waiting
        node.visits += 1
        expanding = False
        choices: list[tuple[int, str]] = []
        assert node.untried is not None
        for player in node.moves:
            stats = node.edges.setdefault(player, {})
            untried = node.untried[player]
            chosen: str
            if untried:
                chosen = untried.pop()
                stats[chosen] = _Edge()
                expanding = True
            else:
                chosen = _ucb_known(stats, node.visits, c, node.lost or _NONE_LOST)
            choices.append((player, chosen))
        return expanding, choices

    def _select_sampled(
        self, node: _Node, state: State, rng: random.Random, c: float
    ) -> tuple[bool, list[tuple[int, str]]]:
        """Selection when the node's position varies with the determinization: moves
        are those legal in this sample, judged by how often they were available."""
        expanding = False
        choices: list[tuple[int, str]] = []
        for player in state.current_players():
            legal = state.legal_moves(player)
            if not legal:
                continue
            moves = self.knowledge.candidate_moves(state, player, legal)
            stats = node.edges.setdefault(player, {})
            fresh: list[str] = []
            for move in moves:
                edge = stats.get(move)
                if edge is None:
                    edge = stats[move] = _Edge()
                edge.available += 1
                if edge.visits == 0:
                    fresh.append(move)
            if fresh:
                expanding = True
                choices.append((player, fresh[rng.randrange(len(fresh))]))
            else:
                choices.append((player, _ucb(stats, moves, c)))
        return expanding, choices

    @staticmethod
    def _decided(
        root: _Node,
        seat: int,
        done: int,
        limit: float,
        start: float,
        deadline: float,
        settled_enough: bool = True,
    ) -> bool:
        """Whether the search may stop: the root is proved or, when `settled_enough`,
        the rest of the budget can no longer change the most visited move."""
        if root.proven is not None:
            return True
        if not settled_enough:
            return False
        stats = root.edges.get(seat)
        if not stats or len(stats) < 2:
            return False
        now = time.perf_counter()
        left = limit - done
        if deadline != math.inf:
            rate = done / max(now - start, 1e-9)
            left = min(left, rate * (deadline - now))
        first, second = heapq.nlargest(2, (e.visits for e in stats.values()))
        return first - second > left

    def _best(self, root: _Node, seat: int, moves: Sequence[Move]) -> str:
        stats = root.edges.get(seat, {})
        report = SearchReport(
            visits={m: e.visits for m, e in stats.items()},
            values={m: e.total / e.visits for m, e in stats.items() if e.visits},
            proven=root.proven,
        )
        self.last_report = report
        if not stats:
            return str(moves[0])
        choices = list(stats.items())
        proven = {move: child.proven for (((_, move),), child) in _single_children(root, seat)}
        if root.proven is not None and root.proven[seat] > -WIN:
            # proved: play a move that keeps the proved result
            choices = [(m, e) for m, e in choices if proven.get(m) == root.proven]
        else:
            lost = root.lost or _NONE_LOST
            choices = [(m, e) for m, e in choices if m not in lost] or choices
        # most visited, then best mean: the robust choice of UCT
        best = max(
            choices,
            key=lambda item: (item[1].visits, item[1].total / max(item[1].visits, 1)),
        )
        return best[0]


@dataclass
class _Kept:
    game: str
    played: tuple[tuple[int, str], ...]
    root: _Node
    state: State


def _game_key(observation: dict[str, Any]) -> str:
    return json.dumps(
        [observation.get("game"), observation.get("options"), observation.get("num_players")],
        sort_keys=True,
    )


def _canonical(observation: dict[str, Any]) -> str:
    return json.dumps(observation, sort_keys=True, default=str)


def _played(observation: dict[str, Any]) -> tuple[tuple[int, str], ...]:
    return tuple((int(p), str(m)) for p, m in observation.get("moves", ()))


def _ucb_known(stats: dict[str, _Edge], parent_visits: int, c: float, lost: Set[str]) -> str:
    log_parent = math.log(parent_visits)
    best_move = ""
    best_score = -math.inf
    for move, edge in stats.items():
        if move in lost:
            continue
        score = edge.total / edge.visits + c * math.sqrt(log_parent / edge.visits)
        if score > best_score:
            best_score = score
            best_move = move
    return best_move or next(iter(stats))


def _single_children(node: _Node, player: int) -> list[tuple[Joint, _Node]]:
    """The children reached by one move of `player` alone."""
    return [
        (joint, child)
        for joint, child in node.children.items()
        if len(joint) == 1 and joint[0][0] == player
    ]


def _prove(node: _Node, mover: int) -> bool:
    """Prove `node`, where `mover` alone moves, from its children if they suffice.

    One child won for the mover proves the node (nothing is better for him); otherwise
    every move must have been tried and proved, and the node's result is the best of
    them for the mover. That is minimax over proved results, exact because the moves
    searched are all those worth playing (`Heuristics.candidates_are_exact`).
    """
    children = [child for _, child in _single_children(node, mover)]
    for child in children:
        if child.proven is not None and child.proven[mover] >= WIN:
            node.proven = child.proven
            return True
    if node.untried is None or node.untried.get(mover) or len(node.children) != len(children):
        return False
    results = [child.proven for child in children]
    if not results or any(r is None for r in results):
        return False
    node.proven = max((r for r in results if r is not None), key=lambda r: r[mover])
    return True


def _ucb(stats: dict[str, _Edge], moves: Sequence[str], c: float) -> str:
    best_move = moves[0]
    best_score = -math.inf
    for move in moves:
        edge = stats[move]
        score = edge.total / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
        if score > best_score:
            best_score = score
            best_move = move
    return best_move
