"""How an OpenSpiel Python state holds an engine state, so that copies stay cheap.

OpenSpiel (2.0.2) copies a Python state by deep-copying its attribute dictionary; it
never calls the state's own `__deepcopy__`. An engine state held in a `Held` is copied by
its fast `clone()` (about 20 µs for Kwinty) instead of a generic deep copy of every
object inside it (about 850 µs), which starved OpenSpiel's searches. Whatever else the
state needs (a table of actions, a list of legal moves) travels by reference.
"""

from __future__ import annotations

from typing import Any

from tablier.core.state import State


class Held:
    __slots__ = ("moves", "shared", "state")

    def __init__(self, state: State, shared: Any = None, moves: Any = None) -> None:
        self.state = state
        self.shared = shared  # read-only companions (an action table): never copied
        self.moves = moves  # the legal moves of this position, listed once

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return Held(self.state.clone(), self.shared, self.moves)
