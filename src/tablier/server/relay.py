"""Sockets held by one process for rooms another process plays, both sides of the relay.

On the owner, a socket held elsewhere is a `RelayedConnection`: the room treats it as
any connection, and what it pushes goes to the holder's inbox. On the holder, a `Link`
forwards what the client sends; when the owner's heartbeat lapses, the holder claims the
room, rebuilds it from the database and attaches its sockets to it directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tablier.server.cluster import Cluster
from tablier.server.connection import Connection
from tablier.server.handling import handle
from tablier.server.rooms import Room

if TYPE_CHECKING:
    from tablier.server.manager import RoomManager

log = logging.getLogger("tablier.server")

MOVED = (1012, "this room is now played by another server process: reconnect")


class RelayedConnection(Connection):
    """On the owner: a client socket that another process holds."""

    def __init__(self, cluster: Cluster, process: str, conn_id: str) -> None:
        # no socket here, hence no writer: frames go to the holder's inbox
        self.cluster, self.process, self.conn_id = cluster, process, conn_id
        self.seats: set[int] = set()
        self.spectator = True
        self.closed = False
        self.close_code: int | None = None
        self.close_reason = ""
        # the client's messages, played in the order it sent them
        self.inbox: asyncio.Queue[str] = asyncio.Queue()
        self.worker: asyncio.Task[None] | None = None

    def push_text(self, text: str) -> None:
        if not self.closed:
            self.cluster.send(self.process, {"op": "frame", "conn": self.conn_id, "text": text})

    def close(self, code: int, reason: str) -> None:
        if self.closed:
            return
        self.closed = True
        self.close_code, self.close_reason = code, reason
        message = {"op": "close", "conn": self.conn_id, "code": code, "reason": reason}
        self.cluster.send(self.process, message)


@dataclass(eq=False)
class Link:
    """On the holder: a client socket for a room another process plays."""

    relays: Relays
    room_id: str
    owner: str
    tokens: list[str]
    conn: Connection
    conn_id: str = field(default_factory=lambda: secrets.token_hex(8))
    # set once this process has taken the room over
    room: Room | None = None

    def forward(self, text: str) -> None:
        self.relays.cluster.send(self.owner, {"op": "text", "conn": self.conn_id, "text": text})

    def open(self) -> None:
        self.relays.cluster.send(
            self.owner,
            {
                "op": "open",
                "conn": self.conn_id,
                "room": self.room_id,
                "tokens": self.tokens,
                "from": self.relays.cluster.me,
                # who the owner charges this socket's rematches and moves to
                "requester": self.conn.requester,
            },
        )


class Relays:
    """This process's relayed sockets, on both sides, and the cluster's messages."""

    def __init__(self, cluster: Cluster, manager: RoomManager) -> None:
        self.cluster = cluster
        self.manager = manager
        self.links: dict[str, Link] = {}
        self.remote: dict[str, tuple[Room, RelayedConnection]] = {}
        cluster.on_beat = self.check

    # ------------------------------------------------------------------ the holder's side
    def open_link(self, room_id: str, owner: str, tokens: list[str], conn: Connection) -> Link:
        link = Link(self, room_id, owner, list(tokens), conn)
        self.links[link.conn_id] = link
        link.open()
        return link

    def close_link(self, link: Link) -> None:
        self.links.pop(link.conn_id, None)
        if link.room is not None:
            link.room.detach(link.conn)
        else:
            self.cluster.send(link.owner, {"op": "gone", "conn": link.conn_id})

    # ------------------------------------------------------------------ messages
    async def receive(self, message: dict[str, Any]) -> None:
        op = message.get("op")
        conn_id = str(message.get("conn", ""))
        if op == "frame":
            link = self.links.get(conn_id)
            if link is not None and link.room is None:
                link.conn.push_text(str(message["text"]))
        elif op == "close":
            link = self.links.get(conn_id)
            if link is not None and link.room is None:
                link.conn.close(int(message["code"]), str(message["reason"]))
        elif op == "open":
            await self._open_remote(message)
        elif op == "text":
            entry = self.remote.get(conn_id)
            if entry is not None:
                entry[1].inbox.put_nowait(str(message["text"]))
        elif op == "gone":
            self._drop_remote(conn_id)
        elif op == "join":
            await self._join(message)
        elif op == "claim":
            await self._claim(message)

    async def _open_remote(self, message: dict[str, Any]) -> None:
        rconn = RelayedConnection(self.cluster, str(message["from"]), str(message["conn"]))
        rconn.requester = str(message.get("requester") or "-")
        room = await self.manager.get_room(str(message["room"]))
        if room is None:
            rconn.close(4404, f"no room {message['room']!r}")
            return
        if room.remote_owner is not None:
            rconn.close(*MOVED)
            return
        seats = room.seats_for_tokens(message.get("tokens") or [])
        if seats is None:
            rconn.close(4403, "unknown seat token for this room")
            return
        rconn.seats, rconn.spectator = seats, not seats
        self.remote[rconn.conn_id] = (room, rconn)
        rconn.worker = asyncio.create_task(self._play(room, rconn))
        room.attach(rconn)

    async def _play(self, room: Room, rconn: RelayedConnection) -> None:
        while True:
            text = await rconn.inbox.get()
            try:
                await handle(room, rconn, text)
            except Exception:
                log.exception("a relayed message for room %s failed", room.id)

    def _drop_remote(self, conn_id: str) -> None:
        entry = self.remote.pop(conn_id, None)
        if entry is None:
            return
        room, rconn = entry
        if rconn.worker is not None:
            rconn.worker.cancel()
        rconn.closed = True
        room.detach(rconn)

    async def _join(self, message: dict[str, Any]) -> None:
        room = self.manager.rooms.get(str(message["room"]))
        if room is None:
            self.cluster.reply(message, {"ok": False, "status": 409, "error": MOVED[1]})
            return
        try:
            seat, token = await self.manager.join(
                room, message.get("seat"), message.get("player_id"), message.get("name")
            )
        except LookupError as exc:
            self.cluster.reply(message, {"ok": False, "status": 409, "error": str(exc)})
        except ValueError as exc:
            self.cluster.reply(message, {"ok": False, "status": 400, "error": str(exc)})
        else:
            self.cluster.reply(message, {"ok": True, "seat": seat, "token": token})

    async def _claim(self, message: dict[str, Any]) -> None:
        """A profile's seat token asked through another process (people/challenges_api)."""
        room = self.manager.rooms.get(str(message["room"]))
        if room is None:
            self.cluster.reply(message, {"ok": False, "error": MOVED[1]})
            return
        try:
            seat, token = await self.manager.claim(room, str(message["player_id"]))
        except LookupError as exc:
            self.cluster.reply(message, {"ok": False, "error": str(exc)})
        else:
            self.cluster.reply(message, {"ok": True, "seat": seat, "token": token})

    # ------------------------------------------------------------------ every heartbeat
    async def check(self) -> None:
        await self._check_owned()
        await self._check_holders()
        await self._check_owners()

    async def _check_owned(self) -> None:
        """Rooms in memory that another process has claimed are no longer ours to play."""
        ids = list(self.manager.rooms)
        for room_id, owner in zip(ids, await self.cluster.owners(ids), strict=True):
            room = self.manager.rooms.get(room_id)
            if room is not None and owner != self.cluster.me:
                log.warning("room %s was claimed by process %s: letting it go", room_id, owner)
                for conn in list(room.connections):
                    conn.close(*MOVED)
                self.manager.drop(room)

    async def _check_holders(self) -> None:
        """Sockets relayed from a process that died are gone."""
        holders = {rconn.process for _, rconn in self.remote.values()}
        living = await self.cluster.alive(holders)
        for conn_id, (_, rconn) in list(self.remote.items()):
            if rconn.process not in living:
                self._drop_remote(conn_id)

    async def _check_owners(self) -> None:
        """Take over the rooms whose owner died, for the sockets held here."""
        waiting = [link for link in self.links.values() if link.room is None]
        living = await self.cluster.alive({link.owner for link in waiting})
        for link in waiting:
            if link.owner in living or link.conn.closed:
                continue
            room = await self.manager.get_room(link.room_id)
            if room is None:
                link.conn.close(4404, f"no room {link.room_id!r}")
            elif room.remote_owner is not None:
                # another process took it first: open the link there
                link.owner = room.remote_owner
                link.open()
            else:
                self._attach_here(link, room)

    def _attach_here(self, link: Link, room: Room) -> None:
        seats = room.seats_for_tokens(link.tokens)
        if seats is None:
            link.conn.close(4403, "unknown seat token for this room")
            return
        log.info("room %s taken over after its process died", room.id)
        link.room = room
        link.conn.seats, link.conn.spectator = seats, not seats
        with contextlib.suppress(Exception):
            room.attach(link.conn)
