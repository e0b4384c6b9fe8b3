"""Qui'win's information-state tensor: everything one seat has seen, in order.

OpenSpiel's information state is perfect recall: the seat's whole past, not only the
position. The information-state string (`openspiel_observer.py`) is the seat's
observation as JSON, which already holds the past: the public move list (its own
moves, the opponent's once revealed) and every public event. This tensor encodes the
same observation, block by block, so two histories the seat cannot tell apart give
the same tensor and two it can tell apart give different ones (checked over whole
subtrees of the reduced game in tests/research/test_quiwin_infostate.py).

- `seat`, (2,): which seat I am (White, Black): the rest is told from my side;
- `now`, the observation tensor: the position as the seat sees it
  (`games/quiwin/tensors.py`);
- `hands`, (steps + 1, 8): my hand at the deal and after each tile I laid, counts per
  code / hand size;
- `moves`, (max length, 2, 17): the move list in order, mine then theirs: a tile's
  symbol (10), `pass`/`change`/`transfer`, `swap 1`..`swap 4`;
- `events`, (8 × steps + 3, 121): every public event in order.

An event row: its type (8), who did it, its target and who won a coin or a measure,
each as mine/theirs (6), the pawn (2), the slot (4), the step (steps, padded to the
full game's 8), the palier (3), the tiles it names — `tiles` mine and theirs,
`removed`, `drawn`, `received`, `tile` — as symbols (6 × 10), both declarations
(2 × 3), and the measured lengths, mine and theirs, divided by 25 × steps (2).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from tablier.games.quiwin.actions import CODES, SWAPS, WINDOW_MOVES
from tablier.games.quiwin.rules import Rules
from tablier.games.quiwin.tensors import LONGEST, SYMBOLS, QuiwinTensors

EVENT_TYPES = ("reveal", "declare", "coin", "lapse", "transfer", "change", "swap", "measure")
PAWNS = ("change", "transfer")
MOVE_WORDS: tuple[str, ...] = (*SYMBOLS, *WINDOW_MOVES, *SWAPS)
TILE_FIELDS = ("tiles:mine", "tiles:theirs", "removed", "drawn", "received", "tile")
MAX_STEPS = 8
MAX_SLOTS = len(SWAPS)
# a step's events: reveal, declare, coin, two lapses, transfer, change, swap
EVENTS_PER_STEP = 8
EVENT_WIDTH = (
    len(EVENT_TYPES) + 6 + len(PAWNS) + MAX_SLOTS + MAX_STEPS + 3
    + len(TILE_FIELDS) * len(SYMBOLS) + 2 * len(WINDOW_MOVES) + 2
)  # fmt: skip


def _relative(who: Any, seat: int) -> int | None:
    """0 for the viewer, 1 for the opponent, None for nobody."""
    return None if who is None else int(who != seat)


class QuiwinInfoStateTensor:
    """The information-state tensor of one seat, from its observation alone."""

    def __init__(self, rules: Rules, max_length: int) -> None:
        self.rules = rules
        self.now = QuiwinTensors(rules)
        self.max_events = EVENTS_PER_STEP * rules.steps + 3
        self.blocks: tuple[tuple[str, tuple[int, ...]], ...] = (
            ("seat", (2,)),
            ("now", (self.now.size,)),
            ("hands", (rules.steps + 1, len(CODES))),
            ("moves", (max_length, 2, len(MOVE_WORDS))),
            ("events", (self.max_events, EVENT_WIDTH)),
        )
        self.size = sum(int(np.prod(shape)) for _, shape in self.blocks)

    def encode(self, observation: dict[str, Any], seat: int) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        views: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in self.blocks:
            size = int(np.prod(shape))
            views[name] = out[start : start + size].reshape(shape)
            start += size
        views["seat"][seat] = 1
        views["now"][:] = self.now.encode(observation, seat)
        self._hands(views["hands"], observation, seat)
        moves = observation["moves"]
        if len(moves) > len(views["moves"]):
            raise ValueError(f"{len(moves)} moves do not fit the declared maximum length")
        for row, (player, move) in zip(views["moves"], moves, strict=False):
            row[_relative(player, seat), MOVE_WORDS.index(str(move))] = 1
        events = observation["events"]
        if len(events) > self.max_events:
            raise ValueError(f"{len(events)} events exceed the {self.max_events} foreseen")
        for row, event in zip(views["events"], events, strict=False):
            self._event(row, event, seat)
        return out

    def _hands(self, view: np.ndarray, observation: dict[str, Any], seat: int) -> None:
        # tiles only leave my hand when I lay them (my own moves, the one chosen but not
        # yet revealed included): my hand now and those give the deal
        laid = [move for player, move in observation["moves"] if player == seat and move in CODES]
        hand = Counter(observation["hand"] or []) + Counter(laid)
        for row, tile in enumerate([None, *laid]):
            if tile is not None:
                hand[tile] -= 1
            for code, n in hand.items():
                view[row, CODES.index(code)] = n / self.rules.hand_size

    def _event(self, row: np.ndarray, event: dict[str, Any], seat: int) -> None:
        at = 0

        def one_hot(index: int | None, width: int) -> None:
            nonlocal at
            if index is not None:
                row[at + index] = 1
            at += width

        one_hot(EVENT_TYPES.index(event["type"]), len(EVENT_TYPES))
        for key in ("player", "target", "winner"):
            one_hot(_relative(event.get(key), seat), 2)
        one_hot(PAWNS.index(event["pawn"]) if "pawn" in event else None, len(PAWNS))
        one_hot(event["slot"] - 1 if "slot" in event else None, MAX_SLOTS)
        one_hot(event["step"] - 1 if "step" in event else None, MAX_STEPS)
        one_hot(event["palier"] - 1 if "palier" in event else None, 3)
        tiles = event.get("tiles")
        for field in TILE_FIELDS:
            name, _, side = field.partition(":")
            value = None
            if name == "tiles" and tiles is not None:
                value = tiles[seat if side == "mine" else 1 - seat]
            elif name != "tiles":
                value = event.get(name)
            one_hot(None if value is None else SYMBOLS.index(value), len(SYMBOLS))
        declared = event.get("declared")
        for who in (seat, 1 - seat):
            word = None if declared is None else declared[who]
            one_hot(None if word is None else WINDOW_MOVES.index(word), len(WINDOW_MOVES))
        lengths = event.get("lengths")
        if lengths is not None:
            scale = float(self.rules.steps * LONGEST)
            row[at], row[at + 1] = lengths[seat] / scale, lengths[1 - seat] / scale
        at += 2
        assert at == EVENT_WIDTH
