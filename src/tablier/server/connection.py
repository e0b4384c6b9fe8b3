"""One WebSocket connection: the seats it plays and its outgoing queue."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Coroutine
from typing import Any

import orjson
from starlette.websockets import WebSocket, WebSocketState


def encode(message: dict[str, Any]) -> str:
    """Compact JSON, UTF-8 as is. orjson: a room encodes a state per seat and move, and
    the standard library's encoder was a tenth of the server's time under load."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:  # what orjson refuses (integers past 64 bits)
        return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


class Connection:
    """One WebSocket: the seats it plays (none: a spectator) and its outgoing queue."""

    # who this socket's computer work (hints) is charged to: see server/fair_queue.py
    requester = "-"
    _aside: set[asyncio.Task[Any]] | None = None

    def __init__(self, ws: WebSocket, queue_size: int) -> None:
        self.ws = ws
        self.seats: set[int] = set()
        self.spectator = True
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(queue_size)
        self.closed = False
        self.close_code: int | None = None
        self.close_reason = ""
        self.writer = asyncio.create_task(self._write())

    def run_aside(self, work: Coroutine[Any, Any, None]) -> None:
        """Work for this socket that must not hold its next messages up (a hint); it
        is cancelled when the socket goes (`stop_aside`)."""
        if self._aside is None:
            self._aside = set()
        task = asyncio.create_task(work)
        self._aside.add(task)
        task.add_done_callback(self._aside.discard)

    def stop_aside(self) -> None:
        for task in list(self._aside or ()):
            task.cancel()

    def push(self, message: dict[str, Any]) -> None:
        self.push_text(encode(message))

    def push_text(self, text: str) -> None:
        """Queue an already encoded message (one encoding serves many connections)."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(4408, "the client does not read its messages")

    def close(self, code: int, reason: str) -> None:
        """Send what is queued, then close with `code` and `reason`."""
        if self.closed:
            return
        self.closed = True
        self.close_code, self.close_reason = code, reason
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        if self.queue.full():
            self.writer.cancel()
            self.writer = asyncio.create_task(self._close_now())

    async def _close_now(self) -> None:
        with contextlib.suppress(Exception):
            if self.ws.application_state == WebSocketState.CONNECTED:
                await self.ws.close(self.close_code or 1000, self.close_reason)

    async def _write(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.ws.send_text(text)
        except Exception:  # the peer went away: the reader notices and cleans up
            self.closed = True
            return
        await self._close_now()
