"""Analyses of finished games, run position by position in the computer pool.

One analysis per game at a time, kept in memory once done (it is cheap to run again
after a restart, and it is the same every time: the searches are seeded). Clients
start it and then read its progress; positions arrive one by one.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

from tablier.ai.analysis import analyse_step, judge
from tablier.core.records import Replayable
from tablier.server.computer import ComputerPool
from tablier.server.fair_queue import ANONYMOUS, Busy, Priority, charge

log = logging.getLogger("tablier.server")

# seconds one position may take in a worker before the analysis gives up
POSITION_LIMIT = 60.0
# finished analyses kept in memory (the oldest are forgotten first)
KEPT = 200


@dataclass
class Analysis:
    total: int  # positions to look at: the moves played, plus one
    positions: list[dict[str, Any]] = field(default_factory=list)
    moves: list[dict[str, Any]] = field(default_factory=list)
    state: str = "running"  # running, done, failed
    task: asyncio.Task[None] | None = None
    # who asked first: each position is computer work charged to it (background)
    requester: str = ANONYMOUS

    def view(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "done": len(self.positions),
            "total": self.total,
            "positions": self.positions,
            "moves": self.moves,
        }


class Analyses:
    def __init__(self, pool: ComputerPool) -> None:
        self.pool = pool
        self.jobs: dict[tuple[str, int], Analysis] = {}

    def get(self, room: str, number: int) -> Analysis | None:
        return self.jobs.get((room, number))

    def start(
        self, room: str, number: int, record: Replayable, requester: str = ANONYMOUS
    ) -> Analysis:
        """The game's analysis, started now unless it is already running or done (a
        finished game never changes: it is analysed once). Busy when `requester` has
        as many analyses in progress as it may."""
        key = (room, number)
        found = self.jobs.get(key)
        if found is not None and found.state != "failed":
            return found
        share = self.pool.queue.limits.analyses
        mine = sum(
            1 for j in self.jobs.values() if j.requester == requester and j.state == "running"
        )
        if mine >= share:
            raise Busy(
                Priority.BACKGROUND,
                f"at most {share} analyses at a time from one address or profile: "
                "wait for one to finish",
            )
        job = Analysis(total=len(record["moves"]) + 1, requester=requester)
        self.jobs[key] = job
        job.task = asyncio.create_task(self._run(job, record))
        while len(self.jobs) > KEPT:
            oldest = next(iter(self.jobs))
            if self.jobs[oldest].state == "running":
                break
            del self.jobs[oldest]
        return job

    async def _run(self, job: Analysis, record: Replayable) -> None:
        try:
            for upto in range(job.total):
                with charge(job.requester, Priority.BACKGROUND):
                    found = await self.pool.run(analyse_step, record, upto, limit=POSITION_LIMIT)
                job.positions.append(found)
            job.moves = judge(record["moves"], job.positions)
            job.state = "done"
        except Exception:
            log.exception("analysis failed")
            job.state = "failed"
