"""The deal's shuffle, written out for speed, draws what `random.shuffle` draws."""

from __future__ import annotations

import random

from tablier.games.quiwin.rules import FULL, REDUCED, shuffled


def test_the_shuffle_is_random_shuffle_number_for_number() -> None:
    for seed in range(300):
        for rules in (FULL, REDUCED):
            theirs, ours = random.Random(seed), random.Random(seed)
            order = list(rules.all_tiles)
            theirs.shuffle(order)
            assert shuffled(ours, rules.all_tiles) == order
            # the generator is left where `shuffle` leaves it: later coin tosses agree
            assert ours.getstate() == theirs.getstate()
