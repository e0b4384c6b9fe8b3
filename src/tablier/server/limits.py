"""Limits that keep one anonymous visitor from knocking the server over.

Every limit is a setting (`Settings`, TABLIER_* variables) and every refusal is a 4xx
JSON answer: a body larger than `max_body`, an option text longer than
`max_option_text`, text that is not valid Unicode, more rooms than `rooms_per_minute`
from one address, more rooms in use at once than one address's share, more uploads
than its hourly quota, too many party code lookups naming nothing. Past `max_rooms` in
memory the least recently used unwatched rooms leave it (server/manager.py). Unexpected
failures answer a JSON 500, never a plain-text traceback.
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


class UploadQuota:
    """Per client address, at most `count` uploads and `size` bytes in any `period`."""

    def __init__(self, count: int, size: int, period: float = 3600.0) -> None:
        self.count, self.size, self.period = count, size, period
        self.seen: dict[str, deque[tuple[float, int]]] = {}

    def _recent(self, client: str, now: float) -> deque[tuple[float, int]]:
        recent = self.seen.setdefault(client, deque())
        while recent and recent[0][0] <= now - self.period:
            recent.popleft()
        return recent

    def used_up(self, client: str, now: float | None = None) -> str | None:
        """Why no upload at all is allowed now (None: one may be, if small enough)."""
        recent = self._recent(client, time.monotonic() if now is None else now)
        if len(recent) >= self.count:
            return f"at most {self.count} uploads an hour from one address"
        if sum(n for _, n in recent) >= self.size:
            return f"at most {self.size} bytes of uploads an hour from one address"
        return None

    def refusal(self, client: str, size: int, now: float | None = None) -> str | None:
        """Why this upload is one too many (None: allowed, and counted)."""
        now = time.monotonic() if now is None else now
        recent = self._recent(client, now)
        if len(recent) >= self.count:
            return f"at most {self.count} uploads an hour from one address"
        if sum(n for _, n in recent) + size > self.size:
            return f"at most {self.size} bytes of uploads an hour from one address"
        recent.append((now, size))
        if len(self.seen) > 10_000:
            for key in [k for k, v in self.seen.items() if not v]:
                del self.seen[key]
        return None


class MissBudget:
    """Party code lookups: each one that names no party costs one of `per_minute`
    tokens (refilled evenly); an address with none left is refused every lookup until
    one comes back, so walking the code space takes days rather than minutes."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = max(1, per_minute)
        self.left: dict[str, tuple[float, float]] = {}

    def _now_left(self, client: str, now: float) -> float:
        tokens, since = self.left.get(client, (float(self.per_minute), now))
        return min(float(self.per_minute), tokens + (now - since) * self.per_minute / 60)

    def allowed(self, client: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        return self._now_left(client, now) >= 1

    def missed(self, client: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self.left[client] = (self._now_left(client, now) - 1, now)
        if len(self.left) > 10_000:
            for key, (_, since) in list(self.left.items()):
                if now - since > 60:
                    del self.left[key]


def client_of(request: Any) -> str:
    """The client's address (a trusted proxy's X-Forwarded-For already applied)."""
    client = getattr(request, "client", None)
    return client.host if client else "?"
