"""Spending a search's budget: iterations, time, and stopping once the choice is settled.

The tree holds no reference cycles, so the garbage collector is paused while the
search runs: a full collection in the middle of a timed search would only cost time
(and overrun the budget).
"""

from __future__ import annotations

import contextlib
import gc
import heapq
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from tablier.ai.search_settings import SearchSettings
from tablier.ai.search_tree import Node

# how often (in iterations) the search checks whether its choice is already settled
CHECK_EVERY = 64


@dataclass(frozen=True)
class Budget:
    start: float
    deadline: float
    limit: float

    @classmethod
    def of(cls, settings: SearchSettings, start: float) -> Budget:
        # keep a margin for the final choice and the clock's own granularity
        deadline = start + settings.seconds * 0.92 if settings.seconds is not None else math.inf
        limit = settings.iterations if settings.iterations is not None else math.inf
        return cls(start, deadline, limit)


def spend(budget: Budget, iterate: Callable[[int], None], stop: Callable[[int], bool]) -> int:
    """Run `iterate(done)` until the budget is spent or `stop(done)`, checked every
    CHECK_EVERY iterations, says the search may stop; returns the iterations done."""
    done = 0
    with _collection_paused():
        # the longest iteration so far: one more must fit before the deadline
        longest = 0.0
        last = time.perf_counter()
        while done < budget.limit:
            iterate(done)
            done += 1
            now = time.perf_counter()
            longest = max(longest, now - last)
            last = now
            if now + longest > budget.deadline:
                break
            if done % CHECK_EVERY == 0 and stop(done):
                break
    return done


def decided(root: Node, seat: int, done: int, budget: Budget, settled_enough: bool = True) -> bool:
    """Whether the search may stop: the root is proved or, when `settled_enough`,
    the rest of the budget can no longer change the most visited move."""
    if root.proven is not None:
        return True
    if not settled_enough:
        return False
    stats = root.edges.get(seat)
    if not stats or len(stats) < 2:
        return False
    now = time.perf_counter()
    left = budget.limit - done
    if budget.deadline != math.inf:
        rate = done / max(now - budget.start, 1e-9)
        left = min(left, rate * (budget.deadline - now))
    first, second = heapq.nlargest(2, (e.visits for e in stats.values()))
    return first - second > left


@contextlib.contextmanager
def _collection_paused() -> Iterator[None]:
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
