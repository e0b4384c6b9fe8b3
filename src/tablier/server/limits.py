"""Limits that keep one anonymous visitor from knocking the server over.

Every limit is a setting (`Settings`, TABLIER_* variables) and every refusal is a 4xx
JSON answer: a body larger than `max_body`, an option text longer than
`max_option_text`, text that is not valid Unicode, more rooms than `rooms_per_minute`
from one address or than `max_rooms` live in memory. Unexpected failures answer a JSON
500, never a plain-text traceback.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# the largest game number or seat a path may name (SQLite integers are 64-bit)
MAX_INDEX = 2**31 - 1


def json_answer(status: int, error: str, **extra: Any) -> Callable[[Send], Awaitable[None]]:
    """A plain ASGI JSON response (for middleware, before FastAPI's handlers run)."""
    import json

    body = json.dumps({"error": error, **extra}).encode()

    async def send_it(send: Send) -> None:
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})

    return send_it


class BodyLimit:
    """Refuses request bodies over `limit` bytes with 413, whether announced or streamed."""

    def __init__(self, app: ASGIApp, limit: int, larger: dict[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        # paths allowed a larger body (an upload)
        self.larger = larger or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        announced = headers.get(b"content-length")
        limit = self.larger.get(scope.get("path", ""), self.limit)
        too_big = json_answer(413, f"the request body is limited to {limit} bytes")
        if announced is not None and (not announced.isdigit() or int(announced) > limit):
            await too_big(send)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooBig
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched_send)
        except _TooBig:
            if not started:
                await too_big(send)


class _TooBig(Exception):
    pass


class RoomRate:
    """At most `per_minute` rooms created per client address in any 60 seconds."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.created: MutableMapping[str, deque[float]] = {}

    def allow(self, client: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        recent = self.created.setdefault(client, deque())
        while recent and recent[0] <= now - 60:
            recent.popleft()
        if len(recent) >= self.per_minute:
            return False
        recent.append(now)
        if len(self.created) > 10_000:
            # forget addresses with nothing recent, so the table stays small
            for key in [k for k, v in self.created.items() if not v]:
                del self.created[key]
        return True


def unicode_problem(value: Any, path: str = "") -> str | None:
    """Where a JSON value holds text that is not valid Unicode (a lone surrogate)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return path or "value"
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            found = unicode_problem(key, path) or unicode_problem(item, f"{path}.{key}")
            if found:
                return found
    if isinstance(value, list):
        for i, item in enumerate(value):
            found = unicode_problem(item, f"{path}[{i}]")
            if found:
                return found
    return None


def short(value: Any, limit: int = 40) -> str:
    """A value as it may be quoted back in an error: never the whole of a huge one."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 1]}…"
