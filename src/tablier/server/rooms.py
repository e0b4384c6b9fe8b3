"""Rooms at run time: the authoritative state, its seats, connections, clocks and computers.

Every change to a room happens under its lock, in this order: the engine checks and
plays the move, the move is committed to the database, then the players are told.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import json
import logging
import os
import random
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from tablier.core import records, registry
from tablier.core.errors import IllegalMove
from tablier.core.game import Game
from tablier.core.state import State
from tablier.server.clocks import TIMEOUT_MOVE, Clock
from tablier.server.computer import ComputerPool
from tablier.server.protocol import (
    PROTOCOL_VERSION,
    RATE_BURST,
    RATE_PER_SECOND,
    BadMessage,
    limits,
)
from tablier.server.storage import Storage, StoredRoom

log = logging.getLogger("tablier.server")

# games whose rules draw lots for the first player: the server shuffles their seats
DRAWS_LOTS = frozenset({"kwinty", "turris"})
# outcome reasons after which the room deals a new game at once (Qui'win's void deal)
NEW_DEAL_REASONS = frozenset({"void", "replay"})


def draws_lots(game_cls: type[Game]) -> bool:
    declared = getattr(game_cls, "draws_lots", None)
    if isinstance(declared, bool):
        return declared
    return game_cls.id in DRAWS_LOTS


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits


@dataclass
class Settings:
    """Tunable behaviour; `from_env` reads TABLIER_* variables (used by tests)."""

    ai_delay: float = 0.8  # a computer's move is shown no sooner, so people can follow
    ai_think_limit: float = 15.0
    ai_workers: int | None = None
    hello_timeout: float = 15.0
    send_queue: int = 512
    # the protocol's defaults; a load benchmark may raise them for its robot clients
    rate_burst: int = RATE_BURST
    rate_per_second: float = RATE_PER_SECOND

    @classmethod
    def from_env(cls) -> Settings:
        def number(name: str, default: float) -> float:
            raw = os.environ.get(name)
            return float(raw) if raw else default

        workers = os.environ.get("TABLIER_AI_WORKERS")
        return cls(
            ai_delay=number("TABLIER_AI_DELAY", cls.ai_delay),
            ai_think_limit=number("TABLIER_AI_THINK_LIMIT", cls.ai_think_limit),
            ai_workers=int(workers) if workers else None,
            hello_timeout=number("TABLIER_HELLO_TIMEOUT", cls.hello_timeout),
            rate_burst=int(number("TABLIER_RATE_BURST", cls.rate_burst)),
            rate_per_second=number("TABLIER_RATE_PER_SECOND", cls.rate_per_second),
        )


@dataclass
class Seat:
    seat: int
    kind: str  # "human" or "computer"
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None
    player_id: str | None = None

    def public(self, connected: bool) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "taken": self.kind == "computer" or self.token_hash is not None,
            "connected": connected,
        }


class Connection:
    """One WebSocket: the seats it plays (none: a spectator) and its outgoing queue."""

    def __init__(self, ws: WebSocket, queue_size: int) -> None:
        self.ws = ws
        self.seats: set[int] = set()
        self.spectator = True
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(queue_size)
        self.closed = False
        self.close_code: int | None = None
        self.close_reason = ""
        self.writer = asyncio.create_task(self._write())

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


class Room:
    def __init__(self, manager: RoomManager, stored: StoredRoom) -> None:
        self.manager = manager
        self.id = stored.id
        self.game_id = stored.game
        self.options = dict(stored.options)
        self.num_players = stored.num_players
        self.clock_config = stored.clock
        self.game: Game = registry.load(self.game_id, **self.options)
        self.seats = [
            Seat(
                seat=s["seat"],
                kind=s["kind"],
                level=s["level"],
                name=s["name"],
                token_hash=s["token_hash"],
                player_id=s["player_id"],
            )
            for s in stored.seats
        ]
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.rematch: set[int] = set()
        self.thinking: set[int] = set()
        self.timer: asyncio.Task[None] | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.previous_result = stored.previous_result
        current = stored.current
        assert current is not None, "a room always has a game"
        self.number = current.number
        self.state: State = records.replay(
            {
                "game": self.game_id,
                "options": self.options,
                "seed": current.seed,
                "num_players": self.num_players,
                "setup": current.setup,
                "moves": [[p, m] for p, m in current.moves],
            }
        )
        self.result: dict[str, Any] | None = current.result if current.finished else None
        self.clock = Clock.build(self.clock_config, self.options, self.num_players)
        if self.clock is not None:
            self.clock.restore(current.last_clock)
            if not self.over:
                # a restarted server gives the awaited seats a fresh start on this decision
                self.clock.update(None, self.state.current_players())

    # ------------------------------------------------------------------ views
    @property
    def over(self) -> bool:
        return self.result is not None

    def outcome(self) -> dict[str, Any] | None:
        return self.result

    def awaited(self) -> list[int]:
        return [] if self.over else self.state.current_players()

    def connected_seats(self) -> set[int]:
        seats: set[int] = set()
        for conn in self.connections:
            seats |= conn.seats
        return seats

    def public_seats(self) -> list[dict[str, Any]]:
        online = self.connected_seats()
        return [s.public(s.seat in online or s.kind == "computer") for s in self.seats]

    def _legal(self) -> dict[int, list[str]]:
        return {p: [str(m) for m in self.state.legal_moves(p)] for p in self.awaited()}

    def clocks_view(self, legal: dict[int, list[str]] | None = None) -> dict[str, Any] | None:
        if self.clock is None:
            return None
        return self.clock.view(self._legal() if legal is None else legal)

    def state_message(
        self,
        seat: int | None,
        legal: dict[int, list[str]],
        seats: list[dict[str, Any]],
        clocks: dict[str, Any] | None,
    ) -> dict[str, Any]:
        state = self.state
        return {
            "type": "state",
            "room": self.id,
            "game_number": self.number,
            "seat": seat,
            "observation": state.observation(seat),
            "legal_moves": legal.get(seat, []) if seat is not None else [],
            "awaited": self.awaited(),
            "moves": state.public_history(seat),
            "move_count": len(state.history),
            "terminal": self.over,
            "outcome": self.outcome(),
            "clocks": clocks,
            "seats": seats,
            "rematch": sorted(self.rematch),
            "previous_outcome": self.previous_result,
        }

    def status(self) -> dict[str, Any]:
        """The room's public status (REST): no seed, no token, nobody's private view."""
        return {
            "room": self.id,
            "game": self.game_id,
            "options": self.options,
            "num_players": self.num_players,
            "clock": self.clock_config,
            "game_number": self.number,
            "seats": self.public_seats(),
            "awaited": self.awaited(),
            "move_count": len(self.state.history),
            "moves": self.state.public_history(None),
            "finished": self.over,
            "outcome": self.outcome(),
            "previous_outcome": self.previous_result,
            "spectators": sum(1 for c in self.connections if c.spectator),
        }

    # ------------------------------------------------------------------ connections
    def seats_for_tokens(self, tokens: Iterable[str]) -> set[int] | None:
        by_hash = {s.token_hash: s.seat for s in self.seats if s.token_hash}
        found: set[int] = set()
        for token in tokens:
            seat = by_hash.get(hash_token(token))
            if seat is None:
                return None
            found.add(seat)
        return found

    def attach(self, conn: Connection) -> None:
        self.connections.add(conn)
        describe = type(self.game).describe()
        conn.push(
            {
                "type": "welcome",
                "v": PROTOCOL_VERSION,
                "room": self.id,
                "game": describe,
                "options": self.options,
                "num_players": self.num_players,
                "seats": sorted(conn.seats),
                "spectator": conn.spectator,
                "limits": limits(
                    self.manager.settings.rate_burst, self.manager.settings.rate_per_second
                ),
            }
        )
        legal = self._legal()
        seats = self.public_seats()
        clocks = self.clocks_view(legal)
        for seat in _viewers(conn):
            conn.push(self.state_message(seat, legal, seats, clocks))
        self._presence(exclude=conn)

    def detach(self, conn: Connection) -> None:
        if conn in self.connections:
            self.connections.discard(conn)
            self._presence()
        if not self.connections and self.over:
            # nobody left to ask for a rematch: the database keeps it, memory need not
            self.manager.forget(self)

    def _presence(self, exclude: Connection | None = None) -> None:
        text = encode({"type": "presence", "seats": self.public_seats()})
        for conn in self.connections:
            if conn is not exclude:
                conn.push_text(text)

    def broadcast(self) -> None:
        """Send every connection the state of each of its seats (spectators: None)."""
        if not self.connections:
            return
        legal = self._legal()
        seats = self.public_seats()
        clocks = self.clocks_view(legal)
        cache: dict[int | None, str] = {}
        for conn in list(self.connections):
            for seat in _viewers(conn):
                if seat not in cache:
                    cache[seat] = encode(self.state_message(seat, legal, seats, clocks))
                conn.push_text(cache[seat])

    # ------------------------------------------------------------------ actions
    async def play(
        self, seat: int, move: str, conn: Connection | None = None, ref: str | int | None = None
    ) -> None:
        """Play a person's move (BadMessage if refused); `conn` hears `accepted` first."""
        async with self.lock:
            await self._commit(seat, move, conn, ref)
        self._after_change()

    async def _commit(
        self, seat: int, move: str, conn: Connection | None = None, ref: str | int | None = None
    ) -> None:
        """Check, store, then announce one move. The caller holds the lock."""
        if self.over:
            raise BadMessage("game_over", "the game is over: no more moves are accepted")
        state = self.state
        awaited = state.current_players()
        if seat not in awaited:
            who = ", ".join(str(p) for p in awaited)
            raise BadMessage(
                "not_awaited", f"seat {seat} is not awaited now: the game waits for seat {who}"
            )
        try:
            state.apply(seat, move)
        except IllegalMove as exc:
            raise BadMessage("illegal_move", str(exc)) from None
        except Exception:
            # an engine bug: the position may be half-changed, so rebuild it from the record
            log.exception("room %s: the engine failed on %r by seat %s", self.id, move, seat)
            self._rebuild(list(state.history))
            raise BadMessage(
                "server_error", "the game engine failed on this move; nothing changed"
            ) from None
        notation = state.history[-1][1]
        idx = len(state.history) - 1
        clock_before = copy.deepcopy(self.clock)
        if self.clock is not None:
            self.clock.update(seat, state.current_players())
        result = state.outcome() if state.is_terminal() else None
        try:
            await self.manager.storage.write(
                Storage.op_move(
                    self.id,
                    self.number,
                    idx,
                    seat,
                    notation,
                    self.clock.snapshot() if self.clock else None,
                    result,
                )
            )
        except Exception:
            log.exception("room %s: storing a move failed; the move is withdrawn", self.id)
            self._rebuild(state.history[:-1])
            self.clock = clock_before
            raise BadMessage("server_error", "the move could not be stored; try again") from None
        self.rematch.clear()
        if conn is not None:
            conn.push(
                {
                    "type": "accepted",
                    "ref": ref,
                    "seat": seat,
                    "move": notation,
                    "game_number": self.number,
                    "move_count": idx + 1,
                }
            )
        if result is not None:
            await self._finished(result)
        else:
            self.broadcast()

    def _rebuild(self, history: list[tuple[int, str]]) -> None:
        record = self.state.record()
        record["moves"] = [[p, m] for p, m in history]
        self.state = records.replay(record)

    async def _finished(self, result: dict[str, Any]) -> None:
        """The game just ended (already stored): tell everyone, deal again if void."""
        self.result = result
        if self.clock is not None:
            self.clock.stop()
        self.broadcast()
        if result.get("reason") in NEW_DEAL_REASONS:
            await self._new_game()

    async def _end(self, seat: int, reason: str) -> None:
        """End the game by the server's decision (resignation, time): `seat` loses."""
        returns = [0.0] * self.num_players
        returns[seat] = -1.0
        if self.num_players == 2:
            returns[1 - seat] = 1.0
        result = {"returns": returns, "reason": reason, "seat": seat}
        await self.manager.storage.write(Storage.op_finish(self.id, self.number, result))
        await self._finished(result)

    async def resign(
        self, seat: int, conn: Connection | None = None, ref: str | int | None = None
    ) -> None:
        async with self.lock:
            if self.over:
                raise BadMessage("game_over", "the game is already over")
            await self._end(seat, "resign")
            _ack(conn, ref, "resign", seat)
        self._after_change()

    async def ask_rematch(
        self, seat: int, conn: Connection | None = None, ref: str | int | None = None
    ) -> None:
        async with self.lock:
            if not self.over:
                raise BadMessage("game_not_over", "a rematch can be asked once the game is over")
            self.rematch.add(seat)
            self.rematch |= {s.seat for s in self.seats if s.kind == "computer"}
            if len(self.rematch) >= self.num_players:
                await self._new_game()
            else:
                self.broadcast()
            _ack(conn, ref, "rematch", seat)
        self._after_change()

    async def _new_game(self) -> None:
        """Start the room's next game (rematch or new deal). The caller holds the lock."""
        seed = secrets.randbits(62)
        state = self.game.new_state(seed=seed, num_players=self.num_players)
        number = self.number + 1
        await self.manager.storage.write(
            Storage.op_new_game(
                {
                    "room_id": self.id,
                    "number": number,
                    "seed": seed,
                    "setup": dict(state.setup),
                    "finished": False,
                    "result": None,
                    "started_at": time.time(),
                }
            )
        )
        self.previous_result = self.result
        self.number = number
        self.state = state
        self.result = None
        self.rematch.clear()
        self.clock = Clock.build(self.clock_config, self.options, self.num_players)
        if self.clock is not None:
            self.clock.update(None, state.current_players())
        self.broadcast()

    # ------------------------------------------------------------------ computers and clocks
    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _after_change(self) -> None:
        """Re-arm the clock and wake the computer seats whose decision is awaited."""
        self._arm_timer()
        for seat in self.awaited():
            if self.seats[seat].kind == "computer" and seat not in self.thinking:
                self.thinking.add(seat)
                self._spawn(self._computer_turn(seat))

    def start(self) -> None:
        self._after_change()

    def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        if self.timer is not None:
            self.timer.cancel()

    async def _computer_turn(self, seat: int) -> None:
        loop = asyncio.get_running_loop()
        settings = self.manager.settings
        try:
            number, count = self.number, len(self.state.history)
            observation = self.state.observation(seat)
            level = self.seats[seat].level or "random"
            started = loop.time()
            try:
                move = await self.manager.pool.choose(
                    self.game_id,
                    self.options,
                    level,
                    secrets.randbits(32),
                    observation,
                    seat,
                    settings.ai_think_limit,
                )
            except Exception as exc:
                log.warning("room %s seat %s: computer failed (%r)", self.id, seat, exc)
                move = None
            wait = settings.ai_delay - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            async with self.lock:
                if number != self.number or self.over or seat not in self.awaited():
                    return
                # someone else moved meanwhile (a simultaneous step): check it still fits
                moved = count != len(self.state.history)
                if moved and move not in {str(m) for m in self.state.legal_moves(seat)}:
                    move = None
                try:
                    if move is None:
                        raise BadMessage("illegal_move", "no move")
                    await self._commit(seat, move)
                except BadMessage:
                    fallback = self._fallback_move(seat)
                    if fallback is None:
                        await self._end(seat, "computer_failed")
                    else:
                        await self._commit(seat, fallback)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s seat %s: computer turn failed", self.id, seat)
        finally:
            self.thinking.discard(seat)
        self._after_change()

    def _fallback_move(self, seat: int) -> str | None:
        moves = [str(m) for m in self.state.legal_moves(seat)]
        concrete = [m for m in moves if "<" not in m and m != TIMEOUT_MOVE]
        if concrete:
            return random.choice(concrete)
        return TIMEOUT_MOVE if TIMEOUT_MOVE in moves else None

    def _arm_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.clock is None or self.over:
            return
        deadlines = self.clock.deadlines(self._legal())
        if deadlines:
            seat = min(deadlines, key=lambda s: deadlines[s])
            self.timer = asyncio.create_task(
                self._expire(seat, deadlines[seat], self.number, len(self.state.history))
            )

    async def _expire(self, seat: int, deadline: float, number: int, count: int) -> None:
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        async with self.lock:
            if self.over or number != self.number or count != len(self.state.history):
                return
            if seat not in self.awaited():
                return
            legal = [str(m) for m in self.state.legal_moves(seat)]
            self.timer = None
            if TIMEOUT_MOVE in legal:
                await self._commit(seat, TIMEOUT_MOVE)
            else:
                await self._end(seat, "time")
        self._after_change()


@dataclass
class SeatRequest:
    kind: str
    level: str | None = None
    name: str | None = None
    mine: bool = False


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

    async def get_room(self, room_id: str) -> Room | None:
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        pending = self._loading.get(room_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[room_id] = future
        try:
            stored = await asyncio.to_thread(self.storage.load_room, room_id)
            loaded = Room(self, stored) if stored is not None and stored.current else None
            if loaded is not None:
                self.rooms[room_id] = loaded
                loaded.start()
            future.set_result(loaded)
            return loaded
        except Exception as exc:
            future.set_exception(exc)
            raise
        finally:
            del self._loading[room_id]

    async def recover(self) -> int:
        """Rebuild every unfinished game by replay; returns how many rooms were loaded."""
        ids = await asyncio.to_thread(self.storage.unfinished_room_ids)
        count = 0
        for room_id in ids:
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

        `setup` (e.g. an explicit Qui'win deal) is for the first game only; it is not
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
                    "player_id": player_id if token_hash else None,
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
        self, room: Room, seat: int | None, player_id: str | None, name: str | None
    ) -> tuple[int, str]:
        """Take a free human seat (the given one, else the first free); ValueError if none."""
        async with room.lock:
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
                    room.id, seat, token_hash, player_id, name or room.seats[seat].name
                )
            )
            target = room.seats[seat]
            target.token_hash, target.player_id = token_hash, player_id
            if name:
                target.name = name
        room._presence()
        return seat, token

    def forget(self, room: Room) -> None:
        """Drop a room from memory; the next request loads it again from the database."""
        if self.rooms.get(room.id) is room and not room.lock.locked():
            del self.rooms[room.id]
            room.stop()

    async def shutdown(self) -> None:
        for room in self.rooms.values():
            room.stop()
            for conn in list(room.connections):
                conn.close(1001, "the server is shutting down")
        self.pool.shutdown()


def _viewers(conn: Connection) -> list[int | None]:
    """The views a connection receives: each of its seats, or the spectator's."""
    return list(sorted(conn.seats)) or [None]


def _ack(conn: Connection | None, ref: str | int | None, action: str, seat: int) -> None:
    if conn is not None:
        conn.push({"type": "ack", "ref": ref, "action": action, "seat": seat})


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
