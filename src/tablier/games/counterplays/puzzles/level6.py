"""Puzzle 1: can the stack reach level 6 when every tile follows the rules?

Reading of the puzzle: a whole game, the two colours alternating (White first) and
every move one of the engine's legal moves, rule d) included. The players cooperate:
the question is whether *some* sequence of legal moves builds that high.

The search is a beam search through the engine itself (`legal_moves`, `clone`,
`apply`): at each move it keeps the `width` most promising positions. A position's
promise is the sum of `base ** level` over its tiles, which favours tiles high up
without forgetting the wider floors that later floors rest on; a little seeded noise
breaks ties so that different seeds explore different beams. Positions reached by the
same tiles in another order are kept once. Every candidate move scored counts as a
node against the budget; the search stops when a tile reaches the target level (the
line is then finished with legal moves so the record is a whole game) or when the
budget or the tiles run out, reporting the highest level seen.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import tablier
from tablier.core.records import Record
from tablier.games.counterplays.notation import parse
from tablier.games.counterplays.state import CounterplaysState

TARGET = 6
WIDTH = 150
BASE = 4.0
BUDGET = 3_000_000

# the tiles already placed, as a set: positions reached in another order are one
Key = frozenset[tuple[int, str, tuple[int, ...]]]


@dataclass
class Level6Result:
    target: int
    reached: int  # the highest level a tile reached in the line below
    moves: list[tuple[int, str]]
    record: Record
    nodes: int
    seconds: float
    out_of_budget: bool  # False when the beam played every tile without reaching target
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def found(self) -> bool:
        return self.reached >= self.target


def top_level(state: CounterplaysState) -> int:
    return max((level for *_, level in state.tiles), default=0)


def _start(moves: list[str] | None = None) -> CounterplaysState:
    state = tablier.load("counterplays").new_state(seed=0, num_players=2)
    assert isinstance(state, CounterplaysState)
    for move in moves or []:
        state.apply(state.current_players()[0], move)
    return state


def search(
    target: int = TARGET,
    width: int = WIDTH,
    base: float = BASE,
    seed: int = 0,
    budget: int = BUDGET,
    start: list[str] | None = None,
) -> Level6Result:
    """Beam search for a legal line of play where a tile reaches `target`, from the
    start or from the position after the moves `start`."""
    started = time.perf_counter()
    rng = random.Random(seed)
    begin = _start(start)
    beam: list[tuple[float, Key, CounterplaysState]] = [(0.0, frozenset(), begin)]
    best = begin
    nodes = 0
    while beam and not beam[0][2].is_terminal() and top_level(best) < target:
        children: dict[Key, tuple[float, CounterplaysState, int, str]] = {}
        for score, key, state in beam:
            player = state.current_players()[0]
            for move in state.legal_moves(player):
                nodes += 1
                letter, cells = parse(move)
                # every cell under a tile stands at the same height: one tells the level
                level = state.height.get(cells[0], 0) + 1
                child = key | {(player, letter, cells)}
                if child not in children:
                    noisy = score + base**level + rng.random() * 0.5
                    children[child] = (noisy, state, player, move)
            if nodes >= budget:
                break
        ranked = sorted(children.items(), key=lambda kv: -kv[1][0])[:width]
        beam = []
        for child, (value, parent, mover, chosen) in ranked:
            after = parent.clone()
            after.apply(mover, chosen)
            beam.append((value, child, after))
            if top_level(after) > top_level(best):
                best = after
        if nodes >= budget:
            break
    if beam and top_level(best) < target:
        best = max((s for _, _, s in beam), key=top_level)
    line = best.clone()
    _finish(line)
    return Level6Result(
        target=target,
        reached=top_level(line),
        moves=list(line.history),
        record=line.record(),
        nodes=nodes,
        seconds=time.perf_counter() - started,
        out_of_budget=nodes >= budget,
        settings={"width": width, "base": base, "seed": seed, "budget": budget},
    )


def _finish(state: CounterplaysState) -> None:
    """Play the remaining tiles (each as high as it may go), so the record is a whole game."""
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply(player, state.legal_moves(player)[0])
