"""Selection with hidden information: information-set MCTS, one tree for the seat.

Each iteration starts from a fresh determinization, a full state sampled by
`Game.state_from_observation` consistently with what the seat sees, so a node's
position varies from one iteration to the next. A move that is not legal in every
determinization is judged against the iterations where it was available
("availability counts"), not against all of them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tablier.ai.knowledge import Heuristics
from tablier.ai.search_tree import Edge, Node
from tablier.core.state import State


def select_sampled(
    node: Node, state: State, rng: random.Random, c: float, knowledge: Heuristics
) -> tuple[bool, list[tuple[int, str]]]:
    """(whether a move is tried for the first time, each awaited player's move), the
    moves being those legal in this sample."""
    expanding = False
    choices: list[tuple[int, str]] = []
    for player in state.current_players():
        legal = state.legal_moves(player)
        if not legal:
            continue
        moves = knowledge.candidate_moves(state, player, legal)
        stats = node.edges.setdefault(player, {})
        fresh: list[str] = []
        for move in moves:
            edge = stats.get(move)
            if edge is None:
                edge = stats[move] = Edge()
            edge.available += 1
            if edge.visits == 0:
                fresh.append(move)
        if fresh:
            expanding = True
            choices.append((player, fresh[rng.randrange(len(fresh))]))
        else:
            choices.append((player, ucb_available(stats, moves, c)))
    return expanding, choices


def ucb_available(stats: dict[str, Edge], moves: Sequence[str], c: float) -> str:
    """The move of highest UCB1, each counted against the visits where it was legal."""
    best_move = moves[0]
    best_score = -math.inf
    for move in moves:
        edge = stats[move]
        score = edge.total / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
        if score > best_score:
            best_score = score
            best_move = move
    return best_move
