"""Monte Carlo tree search for any game of the contract.

One search serves every game; its pieces live in their own modules:

* **Perfect information** (`Game.hidden_information` false): the observation is turned
  into the one state it describes and the search is plain UCT on it (`uct`), with
  proofs backed up in the tree (`search_solver`) and the tree kept from one move to the
  next (`tree_reuse`).
* **Hidden information**: each iteration starts from a fresh *determinization* and
  moves are judged by availability counts (information-set MCTS, `ismcts`).
* **Simultaneous steps**: where several players are awaited at once, each one chooses
  with his own statistics in that node (decoupled UCT, `search_tree`).
* The budget, early stop and garbage-collector pause are in `search_budget`.

The player only ever receives `observation(seat)`: everything it knows of the position
comes from there, so it cannot cheat and could run at a remote client.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Sequence
from typing import Any

from tablier.ai.ismcts import select_sampled
from tablier.ai.knowledge import Heuristics, heuristics_for
from tablier.ai.search_budget import CHECK_EVERY, Budget, decided, spend
from tablier.ai.search_settings import SearchReport, SearchSettings
from tablier.ai.search_solver import WIN, back_up_proof, prove_leaf
from tablier.ai.search_tree import NONE_LOST, Joint, Node, Path, back_up, single_children
from tablier.ai.tree_reuse import Kept
from tablier.ai.uct import select_known
from tablier.core.game import Game
from tablier.core.heuristics import position_rng
from tablier.core.move import Move
from tablier.core.state import State

__all__ = [
    "CHECK_EVERY",
    "FORCED_WIN_SECONDS",
    "FORCED_WIN_SHARE",
    "WIN",
    "Joint",
    "MCTSPlayer",
    "SearchReport",
    "SearchSettings",
]

# the share of its time a search gives the game's own proof of a win (`forced_win`),
# or the time it gives it with an iteration budget only
FORCED_WIN_SHARE = 0.15
FORCED_WIN_SECONDS = 0.05


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
        self._kept: Kept | None = None

    @property
    def budget_seconds(self) -> float | None:
        """The time one move may take (the arena checks moves against it)."""
        return self.settings.seconds

    def _rng_for(self, observation: dict[str, Any], seat: int) -> random.Random:
        return position_rng(self.seed, seat, observation)

    def choose(self, observation: dict[str, Any], seat: int) -> str:
        move, self.last_report = self.search(observation, seat)
        return move

    def search(self, observation: dict[str, Any], seat: int) -> tuple[str, SearchReport]:
        """The move for `seat` and the report of the search that chose it."""
        start = time.perf_counter()
        rng = self._rng_for(observation, seat)
        root_state = self.game.state_from_observation(observation, seat, rng)
        moves = self._worth_searching(root_state, seat)
        shortcut = self._without_search(root_state, seat, moves)
        if shortcut is not None:
            move, forced = shortcut
            return move, SearchReport(seconds=time.perf_counter() - start, forced=forced)
        budget = Budget.of(self.settings, start)
        root = self._root(observation, seat, root_state)
        reused = root.visits
        hidden = self.game.hidden_information

        def iterate(done: int) -> None:
            if hidden and done > 0:
                state = self.game.state_from_observation(observation, seat, rng)
            else:
                state = root_state.clone()
            self._iterate(root, state, rng)

        def stop(done: int) -> bool:
            return decided(root, seat, done, budget, self.settings.stop_when_settled)

        done = spend(budget, iterate, stop)
        choice = self._best(root, seat, moves)
        stats = root.edges.get(seat, {})
        return choice, SearchReport(
            iterations=done,
            seconds=time.perf_counter() - start,
            visits={m: e.visits for m, e in stats.items()},
            values={m: e.total / e.visits for m, e in stats.items() if e.visits},
            proven=root.proven,
            reused=reused,
        )

    def _worth_searching(self, root_state: State, seat: int) -> Sequence[Move]:
        moves = root_state.legal_moves(seat)
        if not moves:
            raise ValueError(f"player {seat} has no move to choose in this position")
        if not self.game.hidden_information and len(moves) > 1:
            # a forced move (the only win, the only block) needs no search
            moves = self.knowledge.candidate_moves(root_state, seat, moves)
        return moves

    def _without_search(
        self, root_state: State, seat: int, moves: Sequence[Move]
    ) -> tuple[str, bool] | None:
        """(move, whether the game proved it wins) when no search is needed."""
        if len(moves) == 1:
            return str(moves[0]), False
        settings = self.settings
        if self.solving and settings.forced_wins:
            # a win the game's own search proves is played without more ado
            spend = FORCED_WIN_SHARE * settings.seconds if settings.seconds else FORCED_WIN_SECONDS
            won = self.knowledge.forced_win(root_state, seat, spend)
            if won is not None and won in moves:
                return str(won), True
        return None

    def _root(self, observation: dict[str, Any], seat: int, root_state: State) -> Node:
        """The kept tree's node for this position when reusing, else a fresh root."""
        if not self.settings.reuse or self.game.hidden_information:
            return Node()
        root = self._reused(observation, seat) or Node()
        self._kept = Kept.of(observation, root, root_state)
        return root

    def continues(self, observation: dict[str, Any], seat: int) -> bool:
        """Whether this position follows the last search's, inside its kept tree."""
        return self._reused(observation, seat) is not None

    def _reused(self, observation: dict[str, Any], seat: int) -> Node | None:
        """The node of the kept tree for this position, if the moves since lead there."""
        return None if self._kept is None else self._kept.follow(observation, seat)

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, root: Node, state: State, rng: random.Random) -> None:
        node, path = self._descend(root, state, rng)
        values = self._evaluate(node, state, bool(path), rng)
        back_up(path, values)
        if node.proven is not None:
            back_up_proof(path)

    def _descend(self, root: Node, state: State, rng: random.Random) -> tuple[Node, Path]:
        """Select moves from the root, playing them on `state`, down to a new node, a
        proved one or the end of the game."""
        path: Path = []
        node = root
        c = self.settings.exploration
        perfect = not self.game.hidden_information
        select = select_known if perfect else select_sampled
        while node.proven is None and not state.is_terminal():
            expanding, choices = select(node, state, rng, c, self.knowledge)
            if not choices:
                break
            for player, chosen in choices:
                if perfect:  # the node's own generated moves: the game may skip its checks
                    state.apply_legal(player, chosen)
                else:
                    state.apply(player, chosen)
            joint = tuple(choices)
            path.append((node, joint))
            node = node.child(joint)
            if expanding:
                break
        return node, path

    def _evaluate(
        self, node: Node, state: State, below_root: bool, rng: random.Random
    ) -> Sequence[float]:
        """The returns the iteration backs up: proved ones, else a playout's."""
        if node.proven is not None:
            return list(node.proven)
        terminal = state.is_terminal()
        if self.solving:
            ask_game = self.settings.leaf_proofs and below_root
            prove_leaf(node, state, terminal, ask_game, self.knowledge)
        if node.proven is not None and not terminal:
            return list(node.proven)  # proved by the game's test: no playout needed
        return self.knowledge.playout(state, rng)

    def _best(self, root: Node, seat: int, moves: Sequence[Move]) -> str:
        stats = root.edges.get(seat, {})
        if not stats:
            return str(moves[0])
        choices = list(stats.items())
        proven = {move: child.proven for (((_, move),), child) in single_children(root, seat)}
        if root.proven is not None and root.proven[seat] > -WIN:
            # proved: play a move that keeps the proved result
            choices = [(m, e) for m, e in choices if proven.get(m) == root.proven]
        else:
            lost = root.lost or NONE_LOST
            choices = [(m, e) for m, e in choices if m not in lost] or choices
        # most visited, then best mean: the robust choice of UCT
        best = max(
            choices,
            key=lambda item: (item[1].visits, item[1].total / max(item[1].visits, 1)),
        )
        return best[0]
