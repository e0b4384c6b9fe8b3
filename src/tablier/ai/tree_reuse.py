"""Tree reuse (perfect information): the next search starts from the node of the last
search's tree that the moves played since lead to.

A kept node is taken only if it is the very position asked about: the kept root's
position, with the moves played since applied, must show the seat exactly the
observation it is asked about (same game, options and moves).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tablier.ai.search_tree import Node
from tablier.core.state import State


@dataclass
class Kept:
    """The last search's root, its position and the game it was for."""

    game: str
    played: tuple[tuple[int, str], ...]
    root: Node
    state: State

    @classmethod
    def of(cls, observation: dict[str, Any], root: Node, state: State) -> Kept:
        return cls(game_key(observation), played(observation), root, state)

    def follow(self, observation: dict[str, Any], seat: int) -> Node | None:
        """The node of this tree for the position `observation` shows, if any."""
        if self.game != game_key(observation):
            return None
        now = played(observation)
        if now[: len(self.played)] != self.played:
            return None
        node = self.root
        state = self.state.clone()
        for step in now[len(self.played) :]:
            child = node.children.get((step,))
            if child is None:
                return None
            state.apply(*step)
            node = child
        if _canonical(state.observation(seat)) != _canonical(observation):
            return None
        return node


def game_key(observation: dict[str, Any]) -> str:
    return json.dumps(
        [observation.get("game"), observation.get("options"), observation.get("num_players")],
        sort_keys=True,
    )


def played(observation: dict[str, Any]) -> tuple[tuple[int, str], ...]:
    return tuple((int(p), str(m)) for p, m in observation.get("moves", ()))


def _canonical(observation: dict[str, Any]) -> str:
    return json.dumps(observation, sort_keys=True, default=str)
