"""Selection with perfect information: plain UCT, a node being one position.

The node's moves are generated once; untried ones wait in a shuffled list and
statistics exist only for tried ones, so a visit costs no more than the moves already
explored, however many there are (some games offer hundreds).
"""

from __future__ import annotations

import math
import random
from collections.abc import Set

from tablier.ai.knowledge import Heuristics
from tablier.ai.search_tree import NONE_LOST, Edge, Node
from tablier.core.state import State


def select_known(
    node: Node, state: State, rng: random.Random, c: float, knowledge: Heuristics
) -> tuple[bool, list[tuple[int, str]]]:
    """(whether a move is tried for the first time, each awaited player's move)."""
    if node.moves is None:
        _generate(node, state, rng, knowledge)
    assert node.moves is not None and node.untried is not None
    node.visits += 1
    expanding = False
    choices: list[tuple[int, str]] = []
    for player in node.moves:
        stats = node.edges.setdefault(player, {})
        untried = node.untried[player]
        chosen: str
        if untried:
            chosen = untried.pop()
            stats[chosen] = Edge()
            expanding = True
        else:
            chosen = ucb_known(stats, node.visits, c, node.lost or NONE_LOST)
        choices.append((player, chosen))
    return expanding, choices


def _generate(node: Node, state: State, rng: random.Random, knowledge: Heuristics) -> None:
    node.moves = {}
    node.untried = {}
    for player in state.current_players():
        legal = state.legal_moves(player)
        if legal:
            moves = knowledge.candidate_moves(state, player, legal)
            node.moves[player] = moves
            waiting: list[str] = list(moves)
            rng.shuffle(waiting)
            node.untried[player] = waiting


def ucb_known(stats: dict[str, Edge], parent_visits: int, c: float, lost: Set[str]) -> str:
    """The tried move of highest UCB1, leaving out those proved lost."""
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
