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
from tablier.research import openspiel_games  # noqa: F401  (registers the games)
from tablier.research.openspiel_quiwin import IDLE, QuiwinSpielGame, QuiwinSpielState

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


def write_tree(game: QuiwinSpielGame, root: QuiwinSpielState | None = None) -> Tree:
    """The tree of `game` (below `root`, the whole game by default) as EFG text, turn-based."""
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
                f'"{state.action_to_string(pyspiel.PlayerId.CHANCE, a)}" {p!r}' for a, p in outcomes
            )
            lines.append(f'c "" {tree.chance_nodes} "" {{ {names} }} 0')
            for action, _ in outcomes:
                walk(state.child(action))
            return
        assert state.inner is not None
        awaited = state.inner.current_players()
        if len(awaited) == 2:
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
        # one seat decides; the other's only action (`pass`, doing nothing) is not a node
        (seat,) = awaited
        actions = state.legal_actions(seat)
        lines.append(decision(seat, infoset(state, seat, actions)))
        for action in actions:
            joint = [IDLE, IDLE]
            joint[seat] = action
            child = state.clone()
            child.apply_actions(joint)
            walk(child)

    walk(game.new_initial_state() if root is None else root.clone())
    tree.efg = "\n".join(lines) + "\n"
    return tree


def _decisions(efg_game: Any) -> dict[str, tuple[int, int, dict[str, int]]]:
    """Every information set of the loaded game: key -> (seat, number, label -> action)."""
    found: dict[str, tuple[int, int, dict[str, int]]] = {}
    stack = [efg_game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if not state.is_chance_node():
            key = state.information_state_string()
            if key not in found:
                seat = state.current_player()
                number = int(key.split("-")[2])
                labels = {state.action_to_string(seat, a): a for a in state.legal_actions()}
                found[key] = (seat, number, labels)
        stack.extend(state.child(a) for a in state.legal_actions())
    return found


def player_policy(
    efg_game: Any,
    tree: Tree,
    choose: Callable[[dict[str, Any], int], str] | None,
    decisions: dict[str, tuple[int, int, dict[str, int]]] | None = None,
) -> Any:
    """A policy of the loaded game: `choose(observation, seat)` at every information set,
    or the uniform random policy when `choose` is None."""
    decisions = decisions or _decisions(efg_game)
    observations = [{n: label for label, n in tree.infosets[seat].items()} for seat in (0, 1)]
    table: dict[str, list[tuple[int, float]]] = {}
    for key, (seat, number, labels) in decisions.items():
        if choose is None:
            table[key] = [(a, 1.0 / len(labels)) for a in labels.values()]
            continue
        move = choose(json.loads(observations[seat][number]), seat)
        table[key] = [(a, 1.0 if label == move else 0.0) for label, a in labels.items()]
    return pyspiel.TabularPolicy(table)


@dataclass
class Solved:
    iterations: int
    exploitability: float
    seconds: float
    policy: Any


def solve(
    efg_game: Any,
    solver: str = "cfr",
    target: float = EXPLOITABILITY_TARGET,
    max_iterations: int = 5000,
) -> Solved:
    """Run OpenSpiel's CFR (or CFR+) until the average policy's exploitability <= target.

    The exploitability is computed exactly after every iteration (OpenSpiel's best
    responses over the whole tree), so `iterations` is the first that reaches it.
    """
    run = pyspiel.CFRSolver(efg_game) if solver == "cfr" else pyspiel.CFRPlusSolver(efg_game)
    start = time.perf_counter()
    value = float("inf")
    iterations = 0
    while iterations < max_iterations:
        run.evaluate_and_update_policy()
        iterations += 1
        value = pyspiel.exploitability(efg_game, run.average_policy())
        if value <= target:
            break
    return Solved(iterations, value, time.perf_counter() - start, run.tabular_average_policy())


PLAYERS = ("random", "rule-of-thumb", "planner")


def report(
    target: float = EXPLOITABILITY_TARGET,
    out: Callable[[str], None] = print,
    players: tuple[str, ...] = PLAYERS,
    seed: int = 0,
) -> dict[str, Any]:
    """Solve reduced Qui'win and measure the project's players there; prints as it goes."""
    game = pyspiel.load_game(REDUCED)
    started = time.perf_counter()
    tree = write_tree(game)
    efg_game = pyspiel.load_efg_game(tree.efg)
    infosets = [len(t) for t in tree.infosets]
    out(
        f"reduced Qui'win: {tree.nodes} nodes ({tree.terminals} terminal, "
        f"{tree.chance_nodes} chance), information sets {infosets[0]} + {infosets[1]}; "
        f"tree written in {time.perf_counter() - started:.0f} s"
    )
    results: dict[str, Any] = {"nodes": tree.nodes, "terminals": tree.terminals,
                               "chance_nodes": tree.chance_nodes, "infosets": infosets}  # fmt: skip
    for name in ("cfr+", "cfr"):
        solved = solve(efg_game, name, target)
        root = efg_game.new_initial_state()
        value = pyspiel.expected_returns(root, solved.policy, -1, True)[0]
        out(
            f"{name.upper():5} {solved.iterations} iterations to exploitability "
            f"{solved.exploitability:.4f} (<= {target}) in {solved.seconds:.1f} s; "
            f"White's value {value:+.4f}"
        )
        results[name] = {"iterations": solved.iterations, "exploitability": solved.exploitability,
                         "seconds": solved.seconds, "white_value": value}  # fmt: skip
    decisions = _decisions(efg_game)
    tablier_game = game.tablier_game
    for name in players:
        timer = time.perf_counter()
        choose = None if name == "random" else make_player(name, tablier_game, seed).choose
        policy = player_policy(efg_game, tree, choose, decisions)
        value = pyspiel.exploitability(efg_game, policy)
        out(f"player {name:14} exploitability {value:.4f} ({time.perf_counter() - timer:.0f} s)")
        results[f"player:{name}"] = value
    return results
