"""HTTP requests paced per address, as WebSocket messages are (server/pacing.py).

A browser loading a page asks for a few dozen files at once and then little; a script
flooding an endpoint asks hundreds of times a second, each answer read, routed and
written on the one event loop every honest game shares. Every address draws from one
bucket: `burst` requests at once, then `per_second`. A request past that waits its turn
(its client, which waits for the answer before it sends the next request on that
connection, is slowed, not refused); past `max_waiting` requests already waiting from
the same address, the next one is answered at once with a JSON 429 `too_many_requests`,
so a waiting crowd cannot hold the process's connections either.

The address is the one the proxy middleware settled (server/settings.py
`trusted_proxies`), so this middleware sits inside it. WebSocket handshakes are left to
the socket's own limits.
"""

from __future__ import annotations

import json
from collections import Counter

from starlette.types import ASGIApp, Receive, Scope, Send

from tablier.server.pacing import MessagePacer

# the JSON a refused request gets, with the seconds after which to try again
REFUSAL = json.dumps(
    {
        "error": "too_many_requests",
        "code": "too_many_requests",
        "message": "too many requests from this address at once: try again shortly",
    }
).encode()
RETRY_AFTER = b"2"


class HttpPacer:
    """ASGI middleware: one bucket per client address for plain HTTP requests."""

    def __init__(self, app: ASGIApp, burst: int, per_second: float, max_waiting: int) -> None:
        self.app = app
        self.pacer = MessagePacer(burst, per_second)
        self.max_waiting = max(0, max_waiting)
        self.waiting = Counter[str]()
        # how many requests were made to wait and how many refused (server info, tests)
        self.delayed = 0
        self.refused = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = client[0] if client else "?"
        if self.pacer.would_wait(address):
            if self.waiting[address] >= self.max_waiting:
                self.refused += 1
                await _refuse(send)
                return
            self.delayed += 1
            self.waiting[address] += 1
            try:
                await self.pacer.take(address)
            finally:
                self.waiting[address] -= 1
                if not self.waiting[address]:
                    del self.waiting[address]
        else:
            await self.pacer.take(address)
        await self.app(scope, receive, send)


async def _refuse(send: Send) -> None:
    """A JSON 429 that says why and when to come back."""
    await send(
        {
            "type": "http.response.start",
            "status": 429,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(REFUSAL)).encode()),
                (b"retry-after", RETRY_AFTER),
            ],
        }
    )
    await send({"type": "http.response.body", "body": REFUSAL})
