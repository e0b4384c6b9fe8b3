"""The tree every search grows: per node, each awaited player's statistics per move.

At a simultaneous step several players are awaited at once; each chooses with his own
statistics in that node (decoupled UCT) and the node's child is the joint choice. A
sequential turn is just the case of one awaited player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

# One joint choice: the (player, move) pairs applied from a node, in order.
Joint = tuple[tuple[int, str], ...]

NONE_LOST: frozenset[str] = frozenset()


@dataclass
class Edge:
    visits: int = 0
    total: float = 0.0
    available: int = 0


@dataclass
class Node:
    # per awaited player, per move: that player's statistics in this node
    edges: dict[int, dict[str, Edge]] = field(default_factory=dict)
    children: dict[Joint, Node] = field(default_factory=dict)
    # perfect information: a node is one position, so its candidate moves are
    # computed once (engines' move generation is the costly part of a visit)
    moves: dict[int, Sequence[str]] | None = None
    untried: dict[int, list[str]] | None = None
    visits: int = 0
    # the exact returns of the position once the search has proved them
    proven: tuple[float, ...] | None = None
    # the moves proved to lose for the one player who moves here (never chosen again)
    lost: set[str] | None = None

    def child(self, joint: Joint) -> Node:
        """The child reached by `joint`, grown on first use."""
        found = self.children.get(joint)
        if found is None:
            found = self.children[joint] = Node()
        return found


Path = list[tuple[Node, Joint]]


def single_children(node: Node, player: int) -> list[tuple[Joint, Node]]:
    """The children reached by one move of `player` alone."""
    return [
        (joint, child)
        for joint, child in node.children.items()
        if len(joint) == 1 and joint[0][0] == player
    ]


def back_up(path: Path, values: Sequence[float]) -> None:
    """Count the iteration's result in every edge it went through."""
    for visited, joint in path:
        for player, played in joint:
            edge = visited.edges[player][played]
            edge.visits += 1
            edge.total += values[player]
