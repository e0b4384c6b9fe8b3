"""Computer work shared fairly between the people who ask for it.

Every piece of work for the computer pool (a live game's move, a hint, one position of
an analysis, a puzzle search) is charged to a *requester*: the signed-in profile, else
the client's address, else (a computers-only room after a restart) the room itself.
The queue gives a free worker to the most urgent kind of work first and, within one
kind, takes requesters in turn, so one requester's pile never delays another's. A
requester has only a share of the workers at once and only a few requests waiting;
past that the request is refused (`Busy`) rather than queued for ever.

Who pays for what is carried by a context variable (`charged`), so the code between
the asker and the pool (a room's computer seat, the hint handler) need not pass it on.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import enum
import os
import time
from collections import OrderedDict, deque
from collections.abc import Iterator
from dataclasses import dataclass, field


class Priority(enum.IntEnum):
    """Lower runs first."""

    MOVE = 0  # a computer seat's move in a live game where a person waits for it
    HINT = 1  # a hint for a person playing now
    SHOW = 2  # a move in a game of computers only, watched or not
    BACKGROUND = 3  # an analysis of a finished game, a puzzle search

    @property
    def urgent(self) -> bool:
        """A person is waiting for this answer to go on playing."""
        return self <= Priority.HINT


class Busy(Exception):
    """The requester already has as much work running and waiting as it may."""

    def __init__(self, priority: Priority, message: str) -> None:
        super().__init__(message)
        self.priority = priority
        self.message = message


@dataclass(frozen=True)
class Charge:
    requester: str
    priority: Priority


# who the work being asked for now is charged to; None: nobody in particular (tests,
# the command line), charged to one shared requester
charged: contextvars.ContextVar[Charge | None] = contextvars.ContextVar("charged", default=None)

ANONYMOUS = "-"


@contextlib.contextmanager
def charge(requester: str, priority: Priority) -> Iterator[None]:
    token = charged.set(Charge(requester, priority))
    try:
        yield
    finally:
        charged.reset(token)


@dataclass
class FairLimits:
    """Per-requester shares; TABLIER_FAIR_* variables override them."""

    # workers one requester may hold at once (None: half the pool, at least one)
    running: int | None = None
    # requests one requester may have waiting, by kind of work
    queued_moves: int = 64
    queued_hints: int = 4
    queued_shows: int = 64
    queued_background: int = 2
    # analyses one requester may have in progress
    analyses: int = 2
    # seconds a request may wait for a worker before it is dropped, by kind
    wait_moves: float = 60.0
    wait_hints: float = 20.0
    wait_shows: float = 120.0
    wait_background: float = 120.0
    # workers that only urgent work (moves a person waits for, hints) may take (None:
    # one when there are several): work nobody waits for never fills every worker
    reserved: int | None = None

    @classmethod
    def from_env(cls) -> FairLimits:
        def number(name: str, default: float) -> float:
            raw = os.environ.get(f"TABLIER_FAIR_{name}")
            return float(raw) if raw else default

        running = os.environ.get("TABLIER_FAIR_RUNNING")
        reserved = os.environ.get("TABLIER_FAIR_RESERVED")
        base = cls()
        return cls(
            running=int(running) if running else None,
            queued_moves=int(number("QUEUED_MOVES", base.queued_moves)),
            queued_hints=int(number("QUEUED_HINTS", base.queued_hints)),
            queued_shows=int(number("QUEUED_SHOWS", base.queued_shows)),
            queued_background=int(number("QUEUED_BACKGROUND", base.queued_background)),
            analyses=int(number("ANALYSES", base.analyses)),
            wait_moves=number("WAIT_MOVES", base.wait_moves),
            wait_hints=number("WAIT_HINTS", base.wait_hints),
            wait_shows=number("WAIT_SHOWS", base.wait_shows),
            wait_background=number("WAIT_BACKGROUND", base.wait_background),
            reserved=int(reserved) if reserved else None,
        )

    def queued(self, priority: Priority) -> int:
        return (self.queued_moves, self.queued_hints, self.queued_shows, self.queued_background)[
            priority
        ]

    def wait(self, priority: Priority) -> float:
        return (self.wait_moves, self.wait_hints, self.wait_shows, self.wait_background)[priority]


@dataclass(eq=False)
class Ticket:
    """One request waiting for a worker; `granted` gives it the worker's index."""

    requester: str
    priority: Priority
    deadline: float  # monotonic: not started by then, it is dropped
    granted: asyncio.Future[int] = field(repr=False)


class FairQueue:
    """Which request gets the next free worker (no processes here: see computer.py)."""

    def __init__(self, workers: int, limits: FairLimits | None = None) -> None:
        self.limits = limits or FairLimits()
        self.workers = workers
        self.share = self.limits.running or max(1, workers // 2)
        reserved = self.limits.reserved if self.limits.reserved is not None else int(workers > 1)
        # how many workers work nobody waits for may hold at once
        self.idle_share = max(1, workers - reserved)
        self.free: list[int] = list(range(workers))
        # the kind of work each busy worker does
        self.busy: dict[int, Priority] = {}
        # by priority, requesters with waiting tickets in turn order (the first is next)
        self.waiting: list[OrderedDict[str, deque[Ticket]]] = [OrderedDict() for _ in Priority]
        self.running: dict[str, int] = {}
        # what happened, for tests and the benchmark
        self.started = 0
        self.refused = 0
        self.dropped = 0

    # ------------------------------------------------------------------ asking
    def submit(self, requester: str, priority: Priority) -> Ticket:
        """Queue a request (Busy if the requester has its share waiting already)."""
        line = self.waiting[priority].get(requester) or ()
        if len(line) >= self.limits.queued(priority):
            self.refused += 1
            raise Busy(
                priority,
                f"too much computer work asked from here: at most "
                f"{self.limits.queued(priority)} {priority.name.lower()} request(s) may wait",
            )
        ticket = Ticket(
            requester,
            priority,
            time.monotonic() + self.limits.wait(priority),
            asyncio.get_running_loop().create_future(),
        )
        self.waiting[priority].setdefault(requester, deque()).append(ticket)
        self.dispatch()
        return ticket

    async def acquire(self, requester: str, priority: Priority) -> int:
        """Wait for a worker (TimeoutError past the deadline); the caller must `release`."""
        ticket = self.submit(requester, priority)
        try:
            return await asyncio.wait_for(
                asyncio.shield(ticket.granted), ticket.deadline - time.monotonic()
            )
        except BaseException:
            granted = ticket.granted
            if granted.done() and not granted.cancelled() and granted.exception() is None:
                # granted just as it gave up: the worker goes back at once
                self.release(requester, granted.result())
            elif not granted.done():
                self.withdraw(ticket)
                self.dropped += 1
            raise

    def withdraw(self, ticket: Ticket) -> None:
        """A request nobody waits for any more leaves the queue unstarted."""
        line = self.waiting[ticket.priority].get(ticket.requester)
        if line is not None and ticket in line:
            line.remove(ticket)
            if not line:
                del self.waiting[ticket.priority][ticket.requester]
        if not ticket.granted.done():
            ticket.granted.cancel()

    def release(self, requester: str, worker: int) -> None:
        left = self.running.get(requester, 0) - 1
        if left > 0:
            self.running[requester] = left
        else:
            self.running.pop(requester, None)
        self.busy.pop(worker, None)
        self.free.append(worker)
        # handed out on the loop's next turn: requests given up at the same moment
        # (a socket's hints when it closes) leave the queue first
        asyncio.get_running_loop().call_soon(self.dispatch)

    # ------------------------------------------------------------------ choosing
    def dispatch(self) -> None:
        """Hand free workers out: most urgent kind first, requesters in turn."""
        while self.free:
            ticket = self._next()
            if ticket is None:
                return
            worker = self.free.pop()
            self.busy[worker] = ticket.priority
            self.running[ticket.requester] = self.running.get(ticket.requester, 0) + 1
            self.started += 1
            ticket.granted.set_result(worker)

    def _next(self) -> Ticket | None:
        now = time.monotonic()
        idle_work = sum(1 for kind in self.busy.values() if not kind.urgent)
        hints = sum(1 for kind in self.busy.values() if kind is Priority.HINT)
        for priority, turns in zip(Priority, self.waiting, strict=True):
            if priority is Priority.HINT and hints >= self.idle_share:
                continue  # hints never hold every worker: a live game's move comes first
            if not priority.urgent and idle_work >= self.idle_share:
                break  # the last workers wait for people
            for requester in list(turns):
                if self.running.get(requester, 0) >= self.share:
                    continue  # its share is in use: the others go first
                line = turns[requester]
                found: Ticket | None = None
                while line and found is None:
                    ticket = line.popleft()
                    if ticket.granted.done():
                        continue  # given up meanwhile
                    if ticket.deadline < now:
                        self.dropped += 1
                        ticket.granted.set_exception(TimeoutError("no worker in time"))
                        continue
                    found = ticket
                if line:
                    turns.move_to_end(requester)  # its next request waits for its turn
                else:
                    del turns[requester]
                if found is not None:
                    return found
        return None

    def waiting_count(self, requester: str | None = None) -> int:
        return sum(
            len(line)
            for turns in self.waiting
            for who, line in turns.items()
            if requester is None or who == requester
        )
