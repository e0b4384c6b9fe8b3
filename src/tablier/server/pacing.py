"""WebSocket messages paced per requester, so that a flood costs the server nothing.

Every socket of one requester (its signed-in profile, else its address) draws from one
leaky bucket: `burst` messages at once, then `per_second`. When the bucket is full the
socket's reader waits before it reads the next frame; meanwhile the frames stay in the
client's and the kernel's buffers (TCP back-pressure), so nothing is lost and nothing is
refused, and a person, who sends a message now and then, never waits. WebSocket pings
and pongs are answered by the protocol layer below and are never paced.
"""

from __future__ import annotations

from aiolimiter import AsyncLimiter

# past this many requesters remembered, the idle ones (an empty bucket) are forgotten
FORGET_PAST = 10_000


class MessagePacer:
    """One bucket per requester, shared by all of its sockets."""

    def __init__(self, burst: int, per_second: float) -> None:
        self.burst = max(1, burst)
        self.per_second = max(per_second, 1e-9)
        self.buckets: dict[str, AsyncLimiter] = {}

    def _bucket(self, requester: str) -> AsyncLimiter:
        bucket = self.buckets.get(requester)
        if bucket is None:
            if len(self.buckets) >= FORGET_PAST:
                self._forget_idle()
            # a bucket of `burst` that leaks `per_second`: `burst` over burst/per_second s
            bucket = AsyncLimiter(self.burst, self.burst / self.per_second)
            self.buckets[requester] = bucket
        return bucket

    def _forget_idle(self) -> None:
        for key, bucket in list(self.buckets.items()):
            if bucket.has_capacity(bucket.max_rate):
                del self.buckets[key]

    async def take(self, requester: str) -> None:
        """Returns once `requester` may send one more message (at once, usually)."""
        await self._bucket(requester).acquire()

    def would_wait(self, requester: str) -> bool:
        """Whether the next message of `requester` would wait now."""
        bucket = self.buckets.get(requester)
        return bucket is not None and not bucket.has_capacity()
