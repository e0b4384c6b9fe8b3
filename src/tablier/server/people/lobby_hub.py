"""The live open-games lobby: the sockets of /ws/open-games on this process, kept current.

The database is the truth. Whatever changes the lobby (a challenge posted, accepted,
withdrawn, expired) calls `changed()`: alone, this process re-reads and pushes; in a
cluster the word goes out on a Redis channel and every process (this one included) re-reads
and pushes to its own sockets. Players online are counted across processes by one Redis key
per process (its socket count, with a short expiry so a dead process stops counting).
Re-reads are coalesced: a burst of changes costs one read.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import Counter
from typing import Any

from fastapi import FastAPI, WebSocket
from starlette.websockets import WebSocketDisconnect

from tablier.server.manager import RoomManager
from tablier.server.people import challenges as store

log = logging.getLogger("tablier.server")

CHANNEL = "tablier:lobby"
ONLINE_PREFIX = "tablier:lobby:online:"
# how often expired challenges are swept and the online count refreshed
TICK_SECONDS = 5.0
ONLINE_TTL_SECONDS = 15
# a client only says "ping"; anything longer is not ours
MAX_MESSAGE = 2000
SOCKETS_PER_ADDRESS = 16
SEND_TIMEOUT = 5.0


class LobbyHub:
    def __init__(self, manager: RoomManager) -> None:
        self.manager = manager
        self.storage = manager.storage
        self.cluster = manager.cluster
        # each socket with the profile it was opened by (None: signed out)
        self.sockets: dict[WebSocket, str | None] = {}
        self.addresses: Counter[str] = Counter()
        self._dirty = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._last: dict[str, Any] | None = None

    # ------------------------------------------------------------------ life
    def start(self) -> None:
        self._tasks.append(asyncio.create_task(self._refresher()))
        self._tasks.append(asyncio.create_task(self._ticker()))
        if self.cluster is not None:
            self._tasks.append(asyncio.create_task(self._listen()))

    def stop(self) -> None:
        for task in self._tasks:
            task.cancel()

    # ------------------------------------------------------------------ news
    async def changed(self, accepted: dict[str, Any] | None = None) -> None:
        """The lobby changed; `accepted` ({poster, room, challenge}) goes to the poster."""
        message = {"op": "changed", "accepted": accepted}
        if self.cluster is None:
            await self._hear(message)
            return
        try:
            await self.cluster.redis.publish(CHANNEL, json.dumps(message))
        except Exception:
            log.exception("the lobby's news could not be published")
            await self._hear(message)

    async def _hear(self, message: dict[str, Any]) -> None:
        accepted = message.get("accepted")
        if isinstance(accepted, dict):
            told = {
                "type": "challenge_accepted",
                "room": accepted["room"],
                "challenge": accepted["challenge"],
            }
            poster = accepted.get("poster")
            await self._push([ws for ws, pid in self.sockets.items() if pid == poster], told)
        self._dirty.set()

    async def _listen(self) -> None:
        assert self.cluster is not None
        while True:
            try:
                pubsub = self.cluster.redis.pubsub(ignore_subscribe_messages=True)
                await pubsub.subscribe(CHANNEL)
                async for raw in pubsub.listen():
                    with contextlib.suppress(ValueError, KeyError, TypeError):
                        await self._hear(json.loads(raw["data"]))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the lobby's channel failed; listening again")
                await asyncio.sleep(1)

    # ------------------------------------------------------------------ reading, pushing
    async def snapshot(self) -> dict[str, Any]:
        def read() -> dict[str, Any]:
            at = store.now()
            with self.storage.engine.connect() as conn:
                listed = store.open_list(conn, at)
                quick = store.quick_counts(conn, at)
                in_play, live = store.live_games(conn, at)
            return {"challenges": listed, "quick": quick, "in_play": in_play, "live": live}

        found = await asyncio.to_thread(read)
        online = await self.online()
        return {
            "type": "lobby",
            "challenges": found["challenges"],
            "quick": found["quick"],
            "counts": {"online": online, "in_play": found["in_play"]},
            "live": found["live"],
        }

    async def online(self) -> int:
        mine = len(self.sockets)
        if self.cluster is None:
            return mine
        try:
            redis = self.cluster.redis
            await redis.set(ONLINE_PREFIX + self.cluster.me, mine, ex=ONLINE_TTL_SECONDS)
            keys = [k async for k in redis.scan_iter(match=ONLINE_PREFIX + "*", count=500)]
            values = await redis.mget(keys) if keys else []
            return sum(int(v) for v in values if v is not None)
        except Exception:
            log.exception("players online could not be counted across processes")
            return mine

    async def _refresher(self) -> None:
        while True:
            await self._dirty.wait()
            # let a burst of news settle into one read
            await asyncio.sleep(0.1)
            self._dirty.clear()
            if not self.sockets:
                continue
            try:
                snap = await self.snapshot()
            except Exception:
                log.exception("the lobby could not be read")
                continue
            self._last = snap
            await self._push(list(self.sockets), snap)

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            try:
                if await self._sweep():
                    await self.changed()
                elif self.sockets:
                    # the counts (online on other processes, games in play) drift
                    self._dirty.set()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sweeping the lobby failed")

    async def _sweep(self) -> int:
        swept: list[int] = []
        moment = store.now()
        await self.storage.write(lambda conn: swept.append(store.sweep(conn, moment)))
        return swept[0]

    async def _push(self, targets: list[WebSocket], message: dict[str, Any]) -> None:
        if not targets:
            return
        text = json.dumps(message, ensure_ascii=False)

        async def one(ws: WebSocket) -> None:
            try:
                await asyncio.wait_for(ws.send_text(text), SEND_TIMEOUT)
            except Exception:
                # a socket too slow or gone: it leaves; its page reconnects
                self.sockets.pop(ws, None)
                with contextlib.suppress(Exception):
                    await ws.close(1011)

        await asyncio.gather(*(one(ws) for ws in targets))

    # ------------------------------------------------------------------ one socket
    async def serve(self, ws: WebSocket, profile_id: str | None) -> None:
        client = ws.client.host if ws.client else "?"
        await ws.accept()
        if self.addresses[client] >= SOCKETS_PER_ADDRESS:
            await ws.close(1013, f"at most {SOCKETS_PER_ADDRESS} lobby connections an address")
            return
        self.addresses[client] += 1
        self.sockets[ws] = profile_id
        try:
            await ws.send_text(json.dumps(await self.snapshot(), ensure_ascii=False))
            # the others' "players online" changed
            self._dirty.set()
            while True:
                text = await ws.receive_text()
                await ws.send_text(json.dumps(_answer(text)))
        except WebSocketDisconnect:
            pass
        finally:
            self.sockets.pop(ws, None)
            self.addresses[client] -= 1
            if not self.addresses[client]:
                del self.addresses[client]
            self._dirty.set()


def _answer(text: str) -> dict[str, Any]:
    """The reply to what a client sent: the lobby needs nothing from it but pings."""
    if len(text) > MAX_MESSAGE:
        return {"type": "error", "code": "too_long", "error": "message too long"}
    try:
        message = json.loads(text)
    except ValueError:
        return {"type": "error", "code": "bad_json", "error": "a message is one JSON object"}
    if not isinstance(message, dict) or message.get("type") != "ping":
        return {"type": "error", "code": "bad_message", "error": "the lobby only takes pings"}
    return {"type": "pong"}


def hub_of(app: FastAPI) -> LobbyHub:
    """This process's hub, started on first use (the routers have no lifespan of their own)."""
    hub: LobbyHub | None = getattr(app.state, "open_games", None)
    manager: RoomManager = app.state.manager
    if hub is None or hub.manager is not manager:
        if hub is not None:
            hub.stop()
        hub = LobbyHub(manager)
        app.state.open_games = hub
        hub.start()
    return hub
