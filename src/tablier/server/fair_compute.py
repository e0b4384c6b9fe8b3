"""The web side of fair computer work: who asks, refusals, cancellation and caches.

`fair_queue` decides whose work runs; this module names the requester of an HTTP
request or a socket, answers a refusal as JSON (429, code `busy`), drops work whose
HTTP request went away, and keeps what a finished game gives (it never changes).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, Generic, TypeVar

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse

from tablier.core import background
from tablier.server.fair_queue import Busy, Priority, charge

log = logging.getLogger("tablier.server")

T = TypeVar("T")

# seconds a puzzle search may work in a worker (they are bounded by their own budgets
# well within this; past it the worker is stopped)
SEARCH_LIMIT = 90.0
# how often a waiting HTTP request checks that its client is still there
DISCONNECT_POLL = 0.25


async def requester_key(conn: Request | WebSocket) -> str:
    """The signed-in profile, else the client's address."""
    from tablier.server.people.session import current_profile

    profile = None
    with contextlib.suppress(Exception):  # no profile store (a bare app): the address
        profile = await current_profile(conn)
    if profile is not None:
        return f"profile:{profile.id}"
    return f"address:{conn.client.host if conn.client else '?'}"


class ClientGone(Exception):
    """The HTTP client went away before its answer was ready."""


async def while_connected(request: Request, work: Awaitable[T]) -> T:
    """`work`'s result, or ClientGone (and `work` cancelled) once the client leaves."""
    task = asyncio.ensure_future(work)
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=DISCONNECT_POLL)
            if done:
                return task.result()
            if await request.is_disconnected():
                raise ClientGone
    finally:
        if not task.done():
            task.cancel()
            with contextlib.suppress(BaseException):
                await task


async def search(request: Request, fn: Callable[..., T], *args: Any) -> T:
    """A puzzle search in the computer pool, charged to its requester (background)."""
    pool = request.app.state.manager.pool
    key = await requester_key(request)

    async def run() -> T:
        with charge(key, Priority.BACKGROUND):
            result: T = await pool.run(fn, *args, limit=SEARCH_LIMIT)
            return result

    return await while_connected(request, run())


def busy_answer(exc: Busy) -> JSONResponse:
    return JSONResponse(
        {"error": exc.message, "code": "busy", "kind": exc.priority.name.lower()},
        status_code=429,
        headers={"Retry-After": "5"},
    )


def install(app: FastAPI) -> None:
    """The answers for refused, abandoned and overlong computer work."""

    @app.exception_handler(Busy)
    async def _busy(_request: Request, exc: Busy) -> JSONResponse:
        return busy_answer(exc)

    @app.exception_handler(ClientGone)
    async def _gone(_request: Request, _exc: ClientGone) -> JSONResponse:
        # nobody reads it; 499 is what proxies log for a client that closed
        return JSONResponse({"error": "the client went away"}, status_code=499)

    @app.exception_handler(TimeoutError)
    async def _too_long(_request: Request, _exc: TimeoutError) -> JSONResponse:
        return JSONResponse(
            {"error": "the computer could not answer in time; try again", "code": "timeout"},
            status_code=503,
            headers={"Retry-After": "5"},
        )

    app.state.finished_views = FinishedCache[dict[str, Any]](512)
    # what a game's own routes call to search (core/background.py): charged like any other
    setattr(app.state, background.STATE_NAME, search)


class FinishedCache(Generic[T]):
    """What a finished game gives, computed once per key, the least used forgotten
    first; requests for a key being computed wait for that one computation."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept: OrderedDict[Hashable, asyncio.Future[T]] = OrderedDict()
        self.computed = 0

    async def get(self, key: Hashable, compute: Callable[[], Awaitable[T]]) -> T:
        found = self.kept.get(key)
        if found is not None:
            self.kept.move_to_end(key)
            return await asyncio.shield(found)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self.kept[key] = future
        while len(self.kept) > self.size:
            self.kept.popitem(last=False)
        self.computed += 1
        try:
            value = await compute()
        except BaseException as exc:
            # a failure is not kept: the next request tries again
            if self.kept.get(key) is future:
                del self.kept[key]
            if isinstance(exc, Exception):
                future.set_exception(exc)
                future.exception()  # retrieved: the waiters, if any, get it too
            else:
                future.cancel()
            raise
        future.set_result(value)
        return value
