"""Several server processes behind one address: room ownership and delivery through Redis.

Every room is played by exactly one process, its owner, which holds the room in memory
and is the only one to write its moves. Ownership is a Redis key per room naming the
owning process; a process is alive while its heartbeat key exists (a few seconds'
lease), so a killed process's rooms are free again once its heartbeat lapses. Any
process accepts a socket for any room: when the room is owned elsewhere the socket is
relayed, its frames carried both ways through the processes' Redis inboxes (pub/sub).
A relaying process that sees the owner's heartbeat lapse claims the room, rebuilds it
from the database, and goes on serving its sockets itself.

The database stays the single source of truth (a move is acknowledged once committed);
the moves table's primary key refuses a second writer of the same move, so even two
processes that both believed they owned a room could not both record a move.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("tablier.server")

PREFIX = "tablier"
# a process whose heartbeat is older than this is dead; its rooms may be claimed
LEASE_MS = 3000
BEAT_SECONDS = 0.75

# claim a room: free, already mine, or its owner's heartbeat has lapsed
_CLAIM = """
local cur = redis.call('GET', KEYS[1])
if (not cur) or cur == ARGV[1] or redis.call('EXISTS', ARGV[2] .. cur) == 0 then
  redis.call('SET', KEYS[1], ARGV[1])
  return ARGV[1]
end
return cur
"""
# let a room go, only if it is still mine
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

Handler = Callable[[dict[str, Any]], Awaitable[None]]


def _owner_key(room_id: str) -> str:
    return f"{PREFIX}:owner:{room_id}"


def _proc_prefix() -> str:
    return f"{PREFIX}:proc:"


def inbox(process: str) -> str:
    return f"{PREFIX}:inbox:{process}"


class Cluster:
    """This process's membership: its heartbeat, the rooms it claims, its inbox."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as aioredis

        # a burst of sockets (a thousand players coming back) waits for a connection
        # rather than failing: the pool blocks instead of raising
        pool = aioredis.BlockingConnectionPool.from_url(
            url, decode_responses=True, max_connections=64, timeout=20
        )
        self.redis = aioredis.Redis(connection_pool=pool)
        self.me = secrets.token_hex(8)
        self._claim = self.redis.register_script(_CLAIM)
        self._release = self.redis.register_script(_RELEASE)
        self._outgoing: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._handler: Handler | None = None
        self._replies: dict[str, asyncio.Future[dict[str, Any]]] = {}
        # called after every heartbeat (ownership checks, failover)
        self.on_beat: Callable[[], Awaitable[None]] | None = None

    # ------------------------------------------------------------------ life
    async def start(self, handler: Handler) -> None:
        self._handler = handler
        await self._beat_once()
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(inbox(self.me))
        self._tasks = [
            asyncio.create_task(self._listen(pubsub)),
            asyncio.create_task(self._send()),
            asyncio.create_task(self._beat()),
        ]
        log.info("cluster member %s started", self.me)

    async def stop(self, owned: list[str]) -> None:
        for task in self._tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            for room_id in owned:
                await self._release(keys=[_owner_key(room_id)], args=[self.me])
            await self.redis.delete(_proc_prefix() + self.me)
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    async def _beat_once(self) -> None:
        await self.redis.set(_proc_prefix() + self.me, "1", px=LEASE_MS)

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            try:
                await self._beat_once()
                if self.on_beat is not None:
                    await self.on_beat()
            except Exception:
                log.exception("cluster heartbeat failed")

    # ------------------------------------------------------------------ ownership
    async def claim(self, room_id: str) -> str:
        """Make this process the room's owner if it may; returns the owner."""
        owner: str = await self._claim(keys=[_owner_key(room_id)], args=[self.me, _proc_prefix()])
        return owner

    async def release(self, room_id: str) -> None:
        await self._release(keys=[_owner_key(room_id)], args=[self.me])

    def release_soon(self, room_id: str) -> None:
        task = asyncio.get_running_loop().create_task(self.release(room_id))
        task.add_done_callback(lambda t: t.cancelled() or t.exception())

    async def owners(self, room_ids: list[str]) -> list[str | None]:
        if not room_ids:
            return []
        found = await self.redis.mget([_owner_key(r) for r in room_ids])
        return [None if owner is None else str(owner) for owner in found]

    async def alive(self, processes: set[str]) -> set[str]:
        """Which of these processes still beat."""
        ordered = sorted(processes)
        if not ordered:
            return set()
        beats = await self.redis.mget([_proc_prefix() + p for p in ordered])
        return {p for p, beat in zip(ordered, beats, strict=True) if beat is not None}

    # ------------------------------------------------------------------ messages
    def send(self, process: str, message: dict[str, Any]) -> None:
        """Queue a message for another process's inbox; one sender keeps their order."""
        self._outgoing.put_nowait((inbox(process), json.dumps(message, ensure_ascii=False)))

    async def call(
        self, process: str, message: dict[str, Any], timeout: float = 5.0
    ) -> dict[str, Any]:
        """Ask another process and wait for its reply (TimeoutError if it does not answer)."""
        ident = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._replies[ident] = future
        try:
            self.send(process, {**message, "call": ident, "from": self.me})
            return await asyncio.wait_for(future, timeout)
        finally:
            self._replies.pop(ident, None)

    def reply(self, message: dict[str, Any], answer: dict[str, Any]) -> None:
        self.send(message["from"], {"op": "reply", "call": message["call"], **answer})

    async def _send(self) -> None:
        while True:
            batch = [await self._outgoing.get()]
            while not self._outgoing.empty() and len(batch) < 256:
                batch.append(self._outgoing.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, text in batch:
                        pipe.publish(channel, text)
                    await pipe.execute()
            except Exception:
                log.exception("cluster messages could not be sent")

    async def _listen(self, pubsub: Any) -> None:
        async for raw in pubsub.listen():
            try:
                message = json.loads(raw["data"])
                if message.get("op") == "reply":
                    future = self._replies.get(message.get("call", ""))
                    if future is not None and not future.done():
                        future.set_result(message)
                    continue
                assert self._handler is not None
                await self._handler(message)
            except Exception:
                log.exception("a cluster message could not be handled")
