"""The database's single writer thread, committing whatever is queued in one transaction.

A move is on disk before anyone hears of it, without one fsync per move (group commit).
Once the SQLite file this server opened vanishes, is replaced or stops taking writes,
every write is refused with `StorageUnavailable` while reads keep being served.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import sqlite3
import threading
from collections.abc import Callable

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from tablier.server.db_engine import file_identity
from tablier.server.driver_writes import DriverWrites, RowInsert

log = logging.getLogger("tablier.server")

Op = Callable[[Connection], None]

# the most operations one transaction commits
BATCH_LIMIT = 500


class StorageUnavailable(Exception):
    """The database cannot take writes (gone, replaced, read-only, full, failing).

    Every action that must be stored is refused with this (HTTP 503, a WebSocket error
    message); what is already in memory keeps being served.
    """


class GroupWriter:
    """One thread that runs queued operations in shared transactions."""

    def __init__(self, engine: Engine, path: str | None) -> None:
        self.engine = engine
        self.path = path
        # the file this server opened: if it vanishes or is replaced, writes stop
        self._identity = file_identity(path) if path else None
        self.failure: str | None = None
        # on SQLite, batches of plain row inserts (moves) skip SQLAlchemy's machinery
        self._driver = DriverWrites(engine) if DriverWrites.serves(engine) else None
        # SimpleQueue: a put from the event loop takes no Python-level lock (Queue's
        # Condition.notify was a visible share of the loop's time per move)
        self._queue: queue.SimpleQueue[tuple[Op, asyncio.Future[None]] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="tablier-db-writer", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)

    async def write(self, op: Op) -> None:
        """Run `op` in a transaction; returns once it is committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put((op, future))
        await future

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                if self._driver is not None:
                    self._driver.close()
                return
            batch = [item]
            while len(batch) < BATCH_LIMIT:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)
                    break
                batch.append(more)
            self._commit(batch)

    def _writable(self) -> str | None:
        """Why the database file cannot take writes now, or None."""
        if self.path is None or self._identity is None:
            return None
        now = file_identity(self.path)
        if now is None:
            return "the database file has vanished"
        if now != self._identity:
            return "the database file was replaced by another one"
        if not os.access(self.path, os.W_OK):
            return "the database file is read-only"
        return None

    def _commit(self, batch: list[tuple[Op, asyncio.Future[None]]]) -> None:
        problem = self._writable()
        if problem is not None:
            if self.failure != problem:
                log.error("database writes refused: %s", problem)
            self._refuse(batch, problem)
            return
        try:
            self._run_batch([op for op, _ in batch])
        except (sa.exc.OperationalError, sqlite3.OperationalError) as exc:
            # read-only, full, locked for too long, I/O error: the whole batch is refused
            reason = exc.orig if isinstance(exc, sa.exc.OperationalError) else exc
            log.error("database writes failed: %s", reason)
            self._refuse(batch, f"the database cannot be written: {reason}")
            return
        except Exception as exc:
            if len(batch) == 1:
                log.exception("database write failed")
                _settle([batch[0][1]], exc)
                return
            # one bad write must not sink the others: retry them one by one
            for one in batch:
                self._commit([one])
            return
        self.failure = None
        _settle([future for _, future in batch], None)

    def _run_batch(self, ops: list[Op]) -> None:
        """Run `ops` in one transaction and commit it, or raise with nothing committed."""
        if self._driver is not None:
            inserts = [op for op in ops if isinstance(op, RowInsert)]
            if len(inserts) == len(ops):
                self._driver.run(inserts)
                return
        with self.engine.begin() as conn:
            for op in ops:
                op(conn)

    def _refuse(self, batch: list[tuple[Op, asyncio.Future[None]]], problem: str) -> None:
        self.failure = problem
        for _, future in batch:
            # each its own exception: one raised object must not be shared by many awaits
            _settle([future], StorageUnavailable(problem))


def _settle(futures: list[asyncio.Future[None]], exc: BaseException | None) -> None:
    """Settle `futures` from the writer thread: one wake-up per event loop, not per op."""
    by_loop: dict[asyncio.AbstractEventLoop, list[asyncio.Future[None]]] = {}
    for future in futures:
        by_loop.setdefault(future.get_loop(), []).append(future)

    for loop, waiting in by_loop.items():

        def done(waiting: list[asyncio.Future[None]] = waiting) -> None:
            for future in waiting:
                if future.done():
                    continue
                if exc is None:
                    future.set_result(None)
                else:
                    future.set_exception(exc)

        # RuntimeError: the loop is closed (shutdown), nobody waits any more
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(done)
