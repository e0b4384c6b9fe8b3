"""The dimensions of a Qui'win game: its tiles, the hand size and the paliers.

The full game is `FULL`. `REDUCED` (option `reduced=True`) keeps every rule but
shrinks the game so that exact game-theory algorithms can solve it (see
docs/research.md): 8 tiles (two `V22`, three `O23`, three `O25`: one length everyone
sees, two that hide behind the orange colour), hands of 3, three paliers of one step
each, so the bag holds 2 tiles (enough for both actions).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from tablier.games.quiwin.tiles import HAND_SIZE, TILE_COUNTS
from tablier.games.quiwin.verdict import PALIER_SIZES


@dataclass(frozen=True)
class Rules:
    counts: tuple[tuple[str, int], ...]  # code -> number of tiles, in the full game's order
    hand_size: int
    palier_sizes: tuple[int, int, int]

    @cached_property
    def tile_counts(self) -> Mapping[str, int]:
        return dict(self.counts)

    @cached_property
    def all_tiles(self) -> tuple[str, ...]:
        return tuple(code for code, n in self.counts for _ in range(n))

    @property
    def bag_size(self) -> int:
        return len(self.all_tiles) - 2 * self.hand_size

    @cached_property
    def palier_starts(self) -> tuple[int, int, int]:
        a, b, _ = self.palier_sizes
        return (0, a, a + b)

    @property
    def steps(self) -> int:
        return sum(self.palier_sizes)

    @cached_property
    def step_paliers(self) -> tuple[int, ...]:
        """The palier of each 0-based step, looked up rather than worked out each time."""
        return tuple(self.palier_of(step) for step in range(self.steps))

    @cached_property
    def palier_ends(self) -> frozenset[int]:
        """The steps that end a palier (`is_palier_end`), as a set to look in."""
        return frozenset(step for step in range(self.steps) if self.is_palier_end(step))

    def palier_of(self, step: int) -> int:
        """The palier (0, 1 or 2) a 0-based step belongs to."""
        for index in (2, 1, 0):
            if step >= self.palier_starts[index]:
                return index
        raise ValueError(f"no palier holds step {step}")

    def is_palier_end(self, step: int) -> bool:
        palier = self.palier_of(step)
        return step == self.palier_starts[palier] + self.palier_sizes[palier] - 1


FULL = Rules(tuple(TILE_COUNTS.items()), HAND_SIZE, PALIER_SIZES)
REDUCED = Rules((("V22", 2), ("O23", 3), ("O25", 3)), 3, (1, 1, 1))


def shuffled(rng: random.Random, tiles: Sequence[str]) -> list[str]:
    """`tiles` in the order `rng.shuffle` gives them, drawing the same numbers from
    `rng` (a deal, once a game: written out, it spares two calls a tile)."""
    order = list(tiles)
    getrandbits = rng.getrandbits
    for i in range(len(order) - 1, 0, -1):
        # `Random._randbelow(i + 1)`: draw bits until the number fits
        bits = (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]
    return order


def rules_of(options: Mapping[str, Any]) -> Rules:
    return REDUCED if options.get("reduced") else FULL
