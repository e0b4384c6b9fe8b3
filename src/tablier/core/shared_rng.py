"""A position's random generator copied only when touched, for games without chance.

Searches clone positions tens of thousands of times a second; copying the generator
(its 625-word state) is then a good part of a clone, and a game without chance never
draws from it. A state using `SharedRng` lets a clone share its parent's generator
and gives either of them its own copy the first time it reads `rng`, so clones stay
independent as the contract requires.
"""

from __future__ import annotations

import random


class SharedRng:
    _rng: random.Random
    _rng_shared: bool = False

    @property
    def rng(self) -> random.Random:
        if self._rng_shared:
            fresh = random.Random.__new__(random.Random)
            fresh.setstate(self._rng.getstate())
            self._rng = fresh
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    def share_rng_with(self, twin: SharedRng) -> None:
        """Call from `clone` after copying the attributes into `twin`."""
        twin._rng = self._rng
        self._rng_shared = True
        twin._rng_shared = True
