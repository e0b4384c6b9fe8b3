"""Qui'win's observation tensor for one seat, built from `observation(seat)` only.

Tiles are read as the seat sees them: 10 symbols, the 8 codes (`actions.CODES` order)
then `O?` and `R?` (an opponent's orange or red tile whose length is hidden).
Blocks, flattened one after the other ("mine" is the viewer's); the sizes are those
of the full game (8 steps, hands of 8, a bag of 14); the reduced game (option
`reduced`) has 3 steps, hands of 3 and a bag of 2, and its blocks shrink to match:

| block | shape | holds |
|---|---|---|
| `hand` | (8,) | how many tiles of each code I hold / the hand size |
| `commitment` | (8,) | the tile I have chosen this step, not yet revealed |
| `rows` | (2, 8, 10) | my row, their row: per place (step), the tile's symbol |
| `set_aside` | (2, 10) | tiles set aside from my row, from theirs, counted per symbol / 2 |
| `phase` | (4,) | commit, actions, swap, over |
| `step` | (8,) | the step being played |
| `declaration` | (3,) | my `pass` / `change` / `transfer` not yet resolved |
| `pawns` | (4,) | change pawn mine, theirs; transfer pawn mine, theirs |
| `scalars` | (13,) | see below |

`scalars`: I am awaited; they are awaited; I must answer a transfer; I transferred
and await the swap; lengths measured after paliers 1–3, mine then theirs, divided by
25 × steps; I lead; they lead; tiles in the bag / its size at the deal.

The opponent's hand, his choice before the reveal and the bag's order are never in
the observation, so never in the tensor.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablier.games.quiwin.actions import CODES
from tablier.games.quiwin.rules import FULL, Rules

SYMBOLS: tuple[str, ...] = (*CODES, "O?", "R?")
PHASES = ("commit", "actions", "swap", "over")
DECLARATIONS = ("pass", "change", "transfer")
LONGEST = 25


def blocks(rules: Rules) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return (
        ("hand", (len(CODES),)),
        ("commitment", (len(CODES),)),
        ("rows", (2, rules.steps, len(SYMBOLS))),
        ("set_aside", (2, len(SYMBOLS))),
        ("phase", (len(PHASES),)),
        ("step", (rules.steps,)),
        ("declaration", (len(DECLARATIONS),)),
        ("pawns", (4,)),
        ("scalars", (13,)),
    )


class QuiwinTensors:
    def __init__(self, rules: Rules = FULL) -> None:
        self.rules = rules
        self.blocks = blocks(rules)
        self.size = sum(int(np.prod(shape)) for _, shape in self.blocks)
        # a row is at most `steps` tiles of 25 mm: lengths are scaled by that
        self.length_scale = float(rules.steps * LONGEST)

    def encode(self, observation: dict[str, Any], seat: int) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        views: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in self.blocks:
            size = int(np.prod(shape))
            views[name] = out[start : start + size].reshape(shape)
            start += size
        other = 1 - seat
        for code in observation["hand"] or []:
            views["hand"][CODES.index(code)] += 1 / self.rules.hand_size
        if observation["my_commitment"]:
            views["commitment"][CODES.index(observation["my_commitment"])] = 1
        for side, who in enumerate((seat, other)):
            for place, tile in enumerate(observation["rows"][who]):
                views["rows"][side, place, SYMBOLS.index(tile)] = 1
        for entry in observation["set_aside"]:
            side = 0 if entry["from"] == seat else 1
            views["set_aside"][side, SYMBOLS.index(entry["tile"])] += 0.5
        views["phase"][PHASES.index(observation["phase"])] = 1
        if observation["step"] is not None:
            views["step"][observation["step"] - 1] = 1
        if observation["my_declaration"]:
            views["declaration"][DECLARATIONS.index(observation["my_declaration"])] = 1
        pawns = observation["action_pawns"]
        for base, pawn in ((0, "change"), (2, "transfer")):
            if pawns[pawn] is not None:
                views["pawns"][base + (0 if pawns[pawn] == seat else 1)] = 1
        scalars = views["scalars"]
        awaited = observation["awaited"]
        scalars[0] = seat in awaited
        scalars[1] = other in awaited
        pending = observation["pending_transfer"]
        if pending is not None:
            scalars[2] = pending["player"] == other
            scalars[3] = pending["player"] == seat
        for measure in observation["measurements"]:
            palier = measure["palier"] - 1
            scalars[4 + palier] = measure["lengths"][seat] / self.length_scale
            scalars[7 + palier] = measure["lengths"][other] / self.length_scale
        leader = observation["standing"]["leader"]
        if leader is not None:
            scalars[10 if leader == seat else 11] = 1
        scalars[12] = observation["bag_size"] / self.rules.bag_size
        return out
