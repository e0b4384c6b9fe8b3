"""Proofs in the tree (perfect information only): exact results backed up by minimax.

A terminal position (or one the game's own quick test settles) is proved; its result
goes up the path as long as each parent's result follows from its children's. A move
proved lost for its player is never chosen again.
"""

from __future__ import annotations

from tablier.ai.knowledge import Heuristics
from tablier.ai.search_tree import Node, Path, single_children
from tablier.core.state import State

# the return of a won game (State.returns): nothing is better for its player
WIN = 1.0


def prove_leaf(
    node: Node, state: State, terminal: bool, ask_game: bool, knowledge: Heuristics
) -> None:
    """Prove the position the iteration stopped at, if it is over or, when `ask_game`,
    if the game's own test settles it."""
    if terminal:
        node.proven = tuple(float(v) for v in state.returns())
    elif ask_game:
        proved = knowledge.proved_returns(state)
        if proved is not None:
            node.proven = tuple(proved)


def back_up_proof(path: Path) -> None:
    """Carry the proof of the path's last node up as far as it proves its parents."""
    for parent, joint in reversed(path):
        if len(joint) != 1:
            break
        mover, move = joint[0]
        proven = parent.children[joint].proven
        if proven is not None and proven[mover] <= -WIN:
            if parent.lost is None:
                parent.lost = set()
            parent.lost.add(move)
        if not prove(parent, mover):
            break


def prove(node: Node, mover: int) -> bool:
    """Prove `node`, where `mover` alone moves, from its children if they suffice.

    One child won for the mover proves the node (nothing is better for him); otherwise
    every move must have been tried and proved, and the node's result is the best of
    them for the mover. That is minimax over proved results, exact because the moves
    searched are all those worth playing (`Heuristics.candidates_are_exact`).
    """
    children = [child for _, child in single_children(node, mover)]
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
