"""Connections that hold a file descriptor and send nothing are closed on time.

Uvicorn closes a kept-alive connection after `timeout_keep_alive`, but a socket that
connects and never finishes its request headers is held forever: a thousand of them use
up the common 1,024-file limit. `with_header_deadline` gives uvicorn's HTTP protocol a
deadline for the headers of each request, counted from the connection (or from the first
byte of the next request on a kept-alive connection).
"""

from __future__ import annotations

import asyncio
from typing import Any


def with_header_deadline(base: type[Any], seconds: float) -> type[Any]:
    """A subclass of uvicorn's HTTP protocol class `base` that closes slow headers."""

    class HeaderDeadline(base):
        _deadline: asyncio.TimerHandle | None = None

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


def http_protocol(seconds: float) -> type[Any]:
    """The HTTP protocol uvicorn would choose ("auto"), with a header deadline."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        base: type[Any] = HttpToolsProtocol
    except ImportError:  # httptools is optional: the pure-Python parser then
        from uvicorn.protocols.http.h11_impl import H11Protocol

        base = H11Protocol
    return with_header_deadline(base, seconds)
