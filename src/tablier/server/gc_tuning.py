"""Garbage collection for a server holding thousands of long-lived rooms.

Python's collector scans every tracked object of the oldest generation in a full
collection; with thousands of rooms (states, connections, tasks) those pauses grow with
the number of rooms and show as latency spikes for every player. Objects made at start-up
(modules, game tables) never become garbage, so they are frozen out of the scans, and the
young generation is collected less often (a move allocates many short-lived objects,
which reference counting frees anyway).
"""

from __future__ import annotations

import gc
import os

# collections of the young generation every 10,000 net allocations instead of 700
THRESHOLDS = (10_000, 20, 100)


def tune_for_many_rooms() -> None:
    if os.environ.get("TABLIER_GC_DEFAULT") == "1":
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
