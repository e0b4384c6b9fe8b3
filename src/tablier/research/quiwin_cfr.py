"""Solving reduced Qui'win with OpenSpiel's CFR, and how exploitable the project's players are.

`python_tablier_quiwin(reduced=True)` (see `games/quiwin/rules.py`) is small enough to
solve exactly. Its tree is written once, turn-based, in Gambit's EFG format:

- at a simultaneous node White's choice comes first and Black's information set
  does not hold it (Black decides from his observation, which never shows White's
  pending choice): the same game as OpenSpiel's `convert_to_turn_based`;
- an information set is a seat and its whole observation (JSON), which holds the
  seat's own past moves and everything public;
- chance nodes keep their exact probabilities.

OpenSpiel loads that tree as a C++ game (`pyspiel.load_efg_game`), where its CFR
solvers and its exact best responses (`pyspiel.exploitability`) run at C++ speed.
A tablier player becomes a policy of that game by asking it, at every information
set, what it would play from that observation (players are deterministic given
their seed and the observation).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pyspiel

from tablier.ai.players import make_player
from tablier.research.openspiel_quiwin import QuiwinSpielGame, QuiwinSpielState

REDUCED = "python_tablier_quiwin(reduced=True)"
EXPLOITABILITY_TARGET = 0.01


@dataclass
class Tree:
    """The reduced game written as EFG, with what each information set observes."""

    efg: str
    nodes: int = 0
    terminals: int = 0
    chance_nodes: int = 0
    # per seat: information-set label (observation JSON) -> Gambit number (from 1)
    infosets: tuple[dict[str, int], dict[str, int]] = field(default_factory=lambda: ({}, {}))
    # per seat and number: the action labels offered there, in order
    labels: tuple[dict[int, list[str]], dict[int, list[str]]] = field(
        default_factory=lambda: ({}, {})
    )


def _label(state: QuiwinSpielState, seat: int) -> str:
    assert state.inner is not None
    return json.dumps(state.inner.observation(seat), sort_keys=True, separators=(",", ":"))


def write_tree(game: QuiwinSpielGame) -> Tree:
    """The whole tree of `game` in Gambit's EFG text, turn-based."""
    lines: list[str] = [f'EFG 2 R "{game.serialize()}" {{ "White" "Black" }}', '""']
    tree = Tree("")

    def infoset(state: QuiwinSpielState, seat: int, actions: list[int]) -> int:
        label = _label(state, seat)
        table = tree.infosets[seat]
        number = table.get(label)
        if number is None:
            number = table[label] = len(table) + 1
            tree.labels[seat][number] = [state.action_to_string(seat, a) for a in actions]
        return number

    def decision(seat: int, number: int) -> str:
        names = " ".join(f'"{text}"' for text in tree.labels[seat][number])
        return f'p "" {seat + 1} {number} "" {{ {names} }} 0'

    def walk(state: QuiwinSpielState) -> None:
        tree.nodes += 1
        if state.is_terminal():
            tree.terminals += 1
            white, black = state.returns()
            lines.append(f't "" {tree.terminals} "" {{ {white} {black} }}')
            return
        if state.is_chance_node():
            tree.chance_nodes += 1
            outcomes = state.chance_outcomes()
            names = " ".join(
                f'"{state.action_to_string(pyspiel.PlayerId.CHANCE, a)}" {p!r}'
                for a, p in outcomes
            )
            lines.append(f'c "" {tree.chance_nodes} "" {{ {names} }} 0')
            for action, _ in outcomes:
                walk(state.child(action))
            return
        if state.is_simultaneous_node():
            first, second = state.legal_actions(0), state.legal_actions(1)
            white = infoset(state, 0, first)
            black = infoset(state, 1, second)
            lines.append(decision(0, white))
            for a in first:
                tree.nodes += 1
                lines.append(decision(1, black))
                for b in second:
                    child = state.clone()
                    child.apply_actions([a, b])
                    walk(child)
            return
        seat = state.current_player()
        actions = state.legal_actions()
        lines.append(decision(seat, infoset(state, seat, actions)))
        for action in actions:
            walk(state.child(action))

    walk(game.new_initial_state())
    tree.efg = "\n".join(lines) + "\n"
    return tree
