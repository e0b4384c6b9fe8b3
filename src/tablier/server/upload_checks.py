"""Uploaded texts are checked in worker processes, never on the event loop.

A deck of 512 KB with an error on every line takes seconds to check and finds hundreds
of thousands of problems: on the event loop every other request would wait. Here each
check runs in a process of its own slot with a deadline (past it the process is ended
and the next check starts a fresh one), and only the first problems, with their count,
come back across the pipe.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
import os
import threading
from multiprocessing.pool import Pool
from typing import Any

from tablier.core import uploads

log = logging.getLogger("tablier.server")

# problems told back at most; the others are counted
PROBLEMS_SHOWN = 100


def more_words(count: int) -> dict[str, str]:
    """The count of problems left out, in both languages ("… and 463,980 more")."""
    french = f"{count:,}".replace(",", "\u202f")
    return {"fr": f"… et {french} autres", "en": f"… and {count:,} more"}


def checked(target: str, text: str, fmt: str, name: str) -> dict[str, Any]:
    """An upload checker's answer as plain data (it runs in the worker process)."""
    try:
        return {"summary": uploads.check(target, text, fmt, name)}
    except uploads.UploadError as exc:
        problems = exc.problems
        return {"problems": problems[:PROBLEMS_SHOWN], "count": len(problems)}
    except RecursionError:
        return {"refused": "the text is nested too deeply"}
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        # a checker that did not foresee some input: one line, never a traceback
        return {"refused": f"the text cannot be read: {str(exc).splitlines()[0][:200]}"}


def ready(target: str) -> bool:
    """Import the checker's module (a fresh worker process's slow first step)."""
    importlib.import_module(target.partition(":")[0])
    return True


class CheckTimeout(Exception):
    """The check took longer than its deadline (the text is refused)."""


class UploadChecks:
    """`slots` worker processes, each checking one text at a time, each check timed."""

    def __init__(self, slots: int = 2, seconds: float = 5.0) -> None:
        self.seconds = seconds
        self._pools: list[Pool | None] = [None] * slots
        # a fresh process has not yet imported the checkers
        self._fresh = [True] * slots
        self._free: asyncio.Queue[int] | None = None

    def _pool(self, slot: int) -> Pool:
        pool = self._pools[slot]
        if pool is None:
            # spawn: forking a process that runs an event loop and threads is unsafe; at a
            # lower priority than the server, so a flood of checks never slows its loop
            pool = multiprocessing.get_context("spawn").Pool(1, initializer=os.nice, initargs=(10,))
            self._pools[slot] = pool
            self._fresh[slot] = True
        return pool

    async def check(self, target: str, text: str, fmt: str, name: str) -> dict[str, Any]:
        if self._free is None:
            self._free = asyncio.Queue()
            for slot in range(len(self._pools)):
                self._free.put_nowait(slot)
        slot = await self._free.get()
        try:
            return await self._run(slot, (target, text, fmt, name))
        finally:
            self._free.put_nowait(slot)

    async def _run(self, slot: int, args: tuple[str, str, str, str]) -> dict[str, Any]:
        if self._fresh[slot]:
            # a fresh process imports the games first, outside the check's deadline
            await self._call(slot, ready, (args[0],), 60.0)
            self._fresh[slot] = False
        return await self._call(slot, checked, args, self.seconds)

    async def _call(self, slot: int, fn: Any, args: tuple[Any, ...], seconds: float) -> Any:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Any] = loop.create_future()

        def settle(value: Any, exc: BaseException | None) -> None:
            if done.done():  # past its deadline already
                return
            if exc is None:
                done.set_result(value)
            else:
                done.set_exception(exc)

        def finished(value: Any) -> None:
            loop.call_soon_threadsafe(settle, value, None)

        def failed(exc: BaseException) -> None:
            loop.call_soon_threadsafe(settle, None, exc)

        pool = self._pool(slot)
        pool.apply_async(fn, args, callback=finished, error_callback=failed)
        try:
            return await asyncio.wait_for(done, seconds)
        except TimeoutError:
            log.warning("an upload check took longer than %.0f s: refused", seconds)
            self._end(slot)
            raise CheckTimeout from None

    def _end(self, slot: int) -> None:
        pool = self._pools[slot]
        self._pools[slot] = None
        self._fresh[slot] = True
        if pool is not None:
            # terminate() joins the process: not on the event loop
            threading.Thread(target=pool.terminate, name="tablier-upload-end", daemon=True).start()

    def warm(self) -> None:
        """Start the worker processes now rather than on the first upload."""
        for slot in range(len(self._pools)):
            self._pool(slot)

    def close(self) -> None:
        for slot in range(len(self._pools)):
            self._end(slot)
