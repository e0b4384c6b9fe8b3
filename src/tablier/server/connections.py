"""Connections that hold a file descriptor and send nothing are closed on time.

Uvicorn closes a kept-alive connection after `timeout_keep_alive`, but a socket that
connects and never finishes its request headers is held forever: a thousand of them use
up the common 1,024-file limit. `with_header_deadline` gives uvicorn's HTTP protocol a
deadline for the headers of each request, counted from the connection (or from the first
byte of the next request on a kept-alive connection).

Past the process's connection limit (`limit_concurrency`) uvicorn would answer a
plain-text 503; the protocol here answers it as JSON, `{"error": "server_full", ...}`,
like every other refusal of the server.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

log = logging.getLogger("tablier.server")

FULL = json.dumps(
    {
        "error": "server_full",
        "code": "server_full",
        "message": "the server has as many connections as it can take: try again shortly",
    }
).encode()


def with_header_deadline(base: type[Any], seconds: float) -> type[Any]:
    """A subclass of uvicorn's HTTP protocol class `base` that closes slow headers."""

    class HeaderDeadline(base):
        _deadline: asyncio.TimerHandle | None = None
        limit_concurrency: int | None
        app: ASGIApp

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            limit = self.limit_concurrency
            if limit is not None:
                # the limit is checked below, so that the refusal is JSON
                self.limit_concurrency = None
                self.app = _refused_past(limit, self, self.app)

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            before = self.cycle
            waiting = before is None or before.response_complete
            super().data_received(data)
            if self.cycle is not before:
                self._disarm()  # a request's headers are complete
            elif waiting and self._deadline is None:
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            transport = self.transport
            # an upgraded connection (a WebSocket) belongs to another protocol now
            if transport.is_closing() or transport.get_protocol() is not self:
                return
            if self.cycle is None or self.cycle.response_complete:
                transport.close()

    HeaderDeadline.__name__ = f"HeaderDeadline{base.__name__}"
    return HeaderDeadline


def _refused_past(limit: int, protocol: Any, app: ASGIApp) -> ASGIApp:
    """`app`, answering a JSON 503 while the server holds `limit` connections or runs
    `limit` requests (uvicorn's own test, made once this request's task has started)."""

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if len(protocol.connections) >= limit or len(protocol.tasks) > limit:
            held = len(protocol.connections)
            log.warning("a request refused: %d connections held, the limit is %d", held, limit)
            await server_full(send)
            return
        await app(scope, receive, send)

    return guarded


async def server_full(send: Send) -> None:
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(FULL)).encode()),
        (b"retry-after", b"5"),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": 503, "headers": headers})
    await send({"type": "http.response.body", "body": FULL})


def http_protocol(seconds: float, parser: str = "auto") -> type[Any]:
    """The HTTP protocol uvicorn would choose, with a header deadline: "auto" is httptools
    where it is installed, else h11, uvicorn's pure-Python parser; "h11" forces that one."""
    if parser not in ("auto", "h11"):
        raise ValueError(f"unknown HTTP parser {parser!r}: auto or h11")
    try:
        if parser == "h11":
            raise ImportError("h11 asked for")
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        base: type[Any] = HttpToolsProtocol
    except ImportError:  # httptools is optional: the pure-Python parser then
        from uvicorn.protocols.http.h11_impl import H11Protocol

        base = H11Protocol
    return with_header_deadline(base, seconds)
