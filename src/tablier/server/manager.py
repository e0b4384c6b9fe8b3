"""The rooms of the server: creating, joining, loading and recovering them."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tablier.core import registry
from tablier.server.cluster import Cluster
from tablier.server.computer import ComputerPool
from tablier.server.rooms import Room
from tablier.server.seats import draws_lots, hash_token, new_token
from tablier.server.settings import Settings
from tablier.server.storage import Storage

if TYPE_CHECKING:
    from tablier.server.relay import Relays

log = logging.getLogger("tablier.server")


@dataclass
class SeatRequest:
    kind: str
    level: str | None = None
    name: str | None = None
    mine: bool = False
    # the seat's own player (a profile); None: the creator's `player_id`
    player_id: str | None = None


class AlreadySeated(LookupError):
    """A player who may hold one seat of a room asked for a second."""


@dataclass
class Created:
    room: Room
    tokens: dict[int, str] = field(default_factory=dict)


class RoomManager:
    def __init__(self, storage: Storage, settings: Settings) -> None:
        self.storage = storage
        self.settings = settings
        self.pool = ComputerPool(settings.ai_workers)
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        # several processes behind one address (server/cluster.py); None: this one alone
        self.cluster: Cluster | None = None
        self.relays: Relays | None = None
        # who created each room in memory (a client address): its share of the memory
        self.creators: dict[str, str] = {}

    async def join_cluster(self, url: str) -> None:
        from tablier.server.relay import Relays

        self.cluster = Cluster(url)
        self.relays = Relays(self.cluster, self)
        await self.cluster.start(self.relays.receive)

    async def get_room(self, room_id: str) -> Room | None:
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        pending = self._loading.get(room_id)
        if pending is not None:
            return await pending
        if self.cluster is not None:
            owner = await self.cluster.claim(room_id)
            if owner != self.cluster.me:
                return await self._remote_copy(room_id, owner)
            if room_id in self.rooms:  # loaded while the claim was on its way
                return self.rooms[room_id]
            pending = self._loading.get(room_id)
            if pending is not None:
                return await pending
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[room_id] = future
        # an old room read back takes the place of the least recently used unwatched one
        self.make_space()
        try:
            stored = await asyncio.to_thread(self.storage.load_room, room_id)
            loaded = (
                Room(
                    stored,
                    storage=self.storage,
                    pool=self.pool,
                    settings=self.settings,
                    on_idle=self.forget,
                )
                if stored is not None and stored.current
                else None
            )
            if loaded is not None:
                self.rooms[room_id] = loaded
                loaded.start()
            elif self.cluster is not None:
                await self.cluster.release(room_id)
            future.set_result(loaded)
            return loaded
        except Exception as exc:
            future.set_exception(exc)
            raise
        finally:
            del self._loading[room_id]

    async def _remote_copy(self, room_id: str, owner: str) -> Room | None:
        """A read-only copy of a room another process plays, from the database."""
        stored = await asyncio.to_thread(self.storage.load_room, room_id)
        if stored is None or not stored.current:
            return None
        copy = Room(stored, storage=self.storage, pool=self.pool, settings=self.settings)
        copy.remote_owner = owner
        return copy

    async def recover(self) -> int:
        """Rebuild every unfinished game by replay; returns how many rooms were loaded.

        In a cluster, rooms are loaded when a client asks for them: which process
        plays a room is decided then."""
        if self.cluster is not None:
            return 0
        ids = await asyncio.to_thread(self.storage.unfinished_room_ids)
        count = 0
        for room_id in ids:
            if len(self.rooms) >= self.settings.max_rooms:
                # the others load when someone asks for them
                log.info("%d unfinished room(s) left in the database", len(ids) - count)
                break
            try:
                if await self.get_room(room_id) is not None:
                    count += 1
            except Exception:
                log.exception("room %s could not be rebuilt", room_id)
        return count

    async def create(
        self,
        game_id: str,
        options: dict[str, Any],
        num_players: int | None,
        seat_requests: list[SeatRequest],
        shuffle: bool | None,
        clock: dict[str, Any] | None,
        player_id: str | None,
        setup: dict[str, Any] | None = None,
    ) -> Created:
        """Create a room (ValueError says what is wrong with the request).

        `setup` (e.g. an explicit deal) is for the first game only; it is not
        offered to clients, who could otherwise choose their own luck.
        """
        game_cls = registry.game_class(game_id)
        game = game_cls(**options)
        if num_players is None and seat_requests:
            # more seats listed than the game's default: that many players
            default = game_cls.default_players or game_cls.min_players
            num_players = max(default, len(seat_requests))
        state = game.new_state(seed=secrets.randbits(62), num_players=num_players, **(setup or {}))
        n = state.num_players
        requests = list(seat_requests) or [SeatRequest("human", mine=True)]
        if len(requests) > n:
            raise ValueError(
                f"{game_id} is set for {n} players but {len(requests)} seats were given"
            )
        requests += [SeatRequest("human") for _ in range(n - len(requests))]
        if shuffle is None:
            shuffle = draws_lots(game_cls)
        if shuffle:
            random.SystemRandom().shuffle(requests)
        room_id = secrets.token_urlsafe(8)
        tokens: dict[int, str] = {}
        seat_rows: list[dict[str, Any]] = []
        for i, req in enumerate(requests):
            token_hash = None
            if req.kind == "human" and req.mine:
                tokens[i] = new_token()
                token_hash = hash_token(tokens[i])
            seat_rows.append(
                {
                    "room_id": room_id,
                    "seat": i,
                    "kind": req.kind,
                    "level": req.level,
                    "name": req.name,
                    "token_hash": token_hash,
                    "player_id": (req.player_id or player_id) if token_hash else None,
                }
            )
        now = time.time()
        await self.storage.write(
            Storage.op_create_room(
                {
                    "id": room_id,
                    "game": game_id,
                    "options": dict(game.options),
                    "num_players": n,
                    "clock": clock,
                    "created_at": now,
                },
                seat_rows,
                {
                    "room_id": room_id,
                    "number": 1,
                    "seed": state.seed,
                    "setup": dict(state.setup),
                    "finished": False,
                    "result": None,
                    "started_at": now,
                },
            )
        )
        room = await self.get_room(room_id)
        assert room is not None
        return Created(room, tokens)

    async def join(
        self,
        room: Room,
        seat: int | None,
        player_id: str | None,
        name: str | None,
        once: bool = False,
    ) -> tuple[int, str]:
        """Take a free human seat (the given one, else the first free); ValueError if none.

        `once`: `player_id` may hold one seat of the room only (a rated room's profile);
        AlreadySeated otherwise, decided under the room's lock."""
        if room.remote_owner is not None and self.cluster is not None:
            return await self._join_remote(room, seat, player_id, name)
        async with room.lock:
            if once and any(s.player_id == player_id for s in room.seats):
                raise AlreadySeated("this player already holds a seat of the room")
            free = [s.seat for s in room.seats if s.kind == "human" and s.token_hash is None]
            if seat is None:
                if not free:
                    raise LookupError("every seat of this room is taken")
                seat = free[0]
            elif not 0 <= seat < room.num_players:
                raise ValueError(f"there is no seat {seat}: seats are 0 to {room.num_players - 1}")
            elif room.seats[seat].kind != "human":
                raise LookupError(f"seat {seat} is played by the computer")
            elif seat not in free:
                raise LookupError(f"seat {seat} is already taken")
            token = new_token()
            token_hash = hash_token(token)
            await self.storage.write(
                Storage.op_take_seat(
                    room.id, room.number, seat, token_hash, player_id, name or room.seats[seat].name
                )
            )
            target = room.seats[seat]
            target.token_hash, target.player_id = token_hash, player_id
            if name:
                target.name = name
        room._presence()
        return seat, token

    async def _join_remote(
        self, room: Room, seat: int | None, player_id: str | None, name: str | None
    ) -> tuple[int, str]:
        assert self.cluster is not None and room.remote_owner is not None
        request = {"op": "join", "room": room.id, "seat": seat, "player_id": player_id}
        try:
            answer = await self.cluster.call(room.remote_owner, {**request, "name": name})
        except TimeoutError:
            raise LookupError("the server process playing this room does not answer") from None
        if not answer.get("ok"):
            error = str(answer.get("error"))
            raise (ValueError(error) if answer.get("status") == 400 else LookupError(error))
        return int(answer["seat"]), str(answer["token"])

    async def claim(self, room: Room, player_id: str) -> tuple[int, str]:
        """A fresh token for the seat `player_id` holds (LookupError if none); the old
        token stops opening the seat. Asked of the room's owner when another process plays it."""
        if room.remote_owner is not None and self.cluster is not None:
            request = {"op": "claim", "room": room.id, "player_id": player_id}
            try:
                answer = await self.cluster.call(room.remote_owner, request)
            except TimeoutError:
                raise LookupError("the server process playing this room does not answer") from None
            if not answer.get("ok"):
                raise LookupError(str(answer.get("error")))
            return int(answer["seat"]), str(answer["token"])
        async with room.lock:
            held = [s for s in room.seats if s.kind == "human" and s.player_id == player_id]
            if not held:
                raise LookupError("no seat of this room is yours")
            target = held[0]
            token = new_token()
            token_hash = hash_token(token)
            await self.storage.write(
                Storage.op_take_seat(
                    room.id, room.number, target.seat, token_hash, player_id, target.name
                )
            )
            target.token_hash = token_hash
        return target.seat, token

    def make_space(self, wanted: int = 1) -> bool:
        """Let the least recently used unwatched rooms leave memory (the database keeps
        them) until `wanted` more fit under `max_rooms`; False when they still do not."""
        excess = len(self.rooms) + wanted - self.settings.max_rooms
        if excess > 0:
            self._let_go(list(self.rooms.values()), excess)
        return len(self.rooms) + wanted <= self.settings.max_rooms

    def share_left(self, creator: str) -> bool:
        """Whether `creator` may have one more room in memory: past its share, its own
        least recently used unwatched rooms leave first; False when every one is in use."""
        mine = [r for r in self.rooms.values() if self.creators.get(r.id) == creator]
        excess = len(mine) + 1 - self.settings.rooms_per_client
        if excess > 0:
            self._let_go(mine, excess)
            mine = [r for r in mine if self.rooms.get(r.id) is r]
        return len(mine) < self.settings.rooms_per_client

    def _let_go(self, candidates: list[Room], count: int) -> None:
        unwatched = sorted(
            (r for r in candidates if not (r.connections or r.thinking or r.lock.locked())),
            key=lambda r: r.last_active,
        )
        for room in unwatched[:count]:
            self.forget(room)

    def forget(self, room: Room) -> None:
        """Drop a room from memory; the next request loads it again from the database."""
        if self.rooms.get(room.id) is room and not room.lock.locked():
            self.drop(room)

    def drop(self, room: Room) -> None:
        """Let a room leave memory now (and, in a cluster, let another process claim it)."""
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            self.creators.pop(room.id, None)
        room.stop()
        if self.cluster is not None:
            self.cluster.release_soon(room.id)

    def sweep(self, now: float | None = None) -> int:
        """Let rooms idle for longer than the setting leave memory; how many left."""
        now = time.monotonic() if now is None else now
        idle = [
            room
            for room in self.rooms.values()
            if room.idle_for(now) > self.settings.room_idle_seconds
        ]
        for room in idle:
            self.forget(room)
        return len(idle)

    async def sweep_forever(self) -> None:
        """Sweep idle rooms every so often, for as long as the server runs."""
        period = max(1.0, min(60.0, self.settings.room_idle_seconds / 4))
        while True:
            await asyncio.sleep(period)
            try:
                swept = self.sweep()
            except Exception:
                log.exception("sweeping idle rooms failed")
                continue
            if swept:
                log.info("%d idle room(s) left memory", swept)

    async def say_goodbye(self, grace: float = 0.5) -> None:
        """Close every connection with 1001 (going away) and give the frames time to leave."""
        closing = [conn for room in self.rooms.values() for conn in room.connections]
        for conn in closing:
            conn.close(1001, "the server is shutting down")
        if closing:
            await asyncio.sleep(grace)

    async def shutdown(self) -> None:
        for room in self.rooms.values():
            room.stop()
            for conn in list(room.connections):
                conn.close(1001, "the server is shutting down")
        if self.cluster is not None:
            await asyncio.sleep(0.1)  # let the goodbyes to relayed sockets leave
            await self.cluster.stop(list(self.rooms))
        self.pool.shutdown()
