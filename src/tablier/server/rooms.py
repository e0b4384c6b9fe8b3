"""Rooms at run time: the authoritative state, its seats, connections and clock.

Every change to a room happens under its lock, in this order: the engine checks and
plays the move, the move is committed to the database, then the players are told.
A room is given what it works with (storage, computer pool, settings); computer seats
take their turns in `computer_turns`, and the decision timer lives in `timers`; what a
room tells is built in `room_views`, the next game's seats in `seating`, and the games a
requester may start an hour are counted in `games_quota`.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import logging
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any

from tablier.core import records, registry
from tablier.core.errors import IllegalMove
from tablier.core.game import Game
from tablier.core.outcome import Outcome
from tablier.core.state import State
from tablier.server import computer_turns, room_views, timers
from tablier.server.bytes_quota import bytes_quota_for
from tablier.server.clocks import Clock
from tablier.server.computer import ComputerPool
from tablier.server.connection import Connection, encode
from tablier.server.games_quota import TooManyGames, quota_for
from tablier.server.outcomes import ToldOutcome, told_outcome
from tablier.server.protocol import PROTOCOL_VERSION, BadMessage, limits
from tablier.server.room_refusals import not_awaited
from tablier.server.seating import next_seating
from tablier.server.seats import Seat, hash_token
from tablier.server.settings import Settings
from tablier.server.storage import Storage, StorageUnavailable, StoredRoom

log = logging.getLogger("tablier.server")


class Room:
    def __init__(
        self,
        stored: StoredRoom,
        *,
        storage: Storage,
        pool: ComputerPool,
        settings: Settings,
        on_idle: Callable[[Room], None] = lambda room: None,
    ) -> None:
        self.storage = storage
        self.pool = pool
        self.settings = settings
        # games started per requester and hour (server/games_quota.py)
        self.games_quota = quota_for(storage, settings)
        # bytes of moves stored per requester and hour (server/bytes_quota.py)
        self.bytes_quota = bytes_quota_for(storage, settings)
        # called when a finished room has nobody left: memory may let it go
        self.on_idle = on_idle
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
        # when something last happened here (monotonic): idle rooms leave memory
        self.last_active = time.monotonic()
        self.connections: set[Connection] = set()
        self.rematch: set[int] = set()
        self.thinking: set[int] = set()
        self.timer: asyncio.Task[None] | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.previous_result = stored.previous_result
        self._told: tuple[Outcome, ToldOutcome | None] | None = None
        # a read-only copy of a room another server process plays (see server/cluster.py)
        self.remote_owner: str | None = None
        # who its computer seats' work is charged to (server/fair_queue.py): its creator,
        # known in memory only; after a restart the room is its own requester
        self.requester: str | None = None
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
        self.result: Outcome | None = current.result if current.finished else None
        self.clock = Clock.build(self.clock_config, self.game, self.num_players)
        if self.clock is not None:
            self.clock.restore(current.last_clock)
            if not self.over:
                # a restarted server gives the awaited seats a fresh start on this decision
                self.clock.update(None, self.state.current_players())

    # ------------------------------------------------------------------ views
    @property
    def over(self) -> bool:
        return self.result is not None

    def outcome(self) -> ToldOutcome | None:
        return self.told(self.result)

    def told(self, result: Outcome | None) -> ToldOutcome | None:
        """`result` told (its reason in words); the last one told is kept, since every
        state message of every seat carries the previous game's outcome."""
        if result is None:
            return None
        kept = self._told
        if kept is None or kept[0] is not result:
            kept = self._told = (result, told_outcome(self.game, result))
        return kept[1]

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

    def legal(self) -> dict[int, list[str]]:
        return {p: [str(m) for m in self.state.legal_moves(p)] for p in self.awaited()}

    def clocks_view(self, legal: dict[int, list[str]] | None = None) -> dict[str, Any] | None:
        if self.clock is None:
            return None
        return self.clock.view(self.legal() if legal is None else legal)

    def status(self) -> dict[str, Any]:
        """The room's public status (REST): no seed, no token, nobody's private view."""
        return room_views.status(self)

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
        self.last_active = time.monotonic()
        conn.push(self._welcome(conn, type(self.game).describe()))
        legal = self.legal()
        seats = self.public_seats()
        clocks = self.clocks_view(legal)
        for seat in _viewers(conn):
            conn.push(room_views.state_message(self, seat, legal, seats, clocks))
        self._presence(exclude=conn)
        if self.id in timers.PARTY_ROOMS:
            # a party game waits for a phone: one coming back lets it go on
            self.after_change()
        elif self.unwatched_computers_only(before=len(self.connections) - 1):
            # a computers-only room paused while nobody watched: a viewer resumes it
            self.after_change()

    def charged_to(self) -> str:
        """The requester its computer seats' moves count against, watched or not."""
        return self.requester or f"room:{self.id}"

    def computers_only(self) -> bool:
        return all(s.kind == "computer" for s in self.seats)

    def unwatched_computers_only(self, before: int | None = None) -> bool:
        """Every seat is a computer and nobody is connected (`before`: as it was)."""
        watching = len(self.connections) if before is None else before
        return watching == 0 and self.computers_only()

    def _welcome(self, conn: Connection, describe: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "welcome",
            "v": PROTOCOL_VERSION,
            "room": self.id,
            "game": describe,
            "options": self.options,
            "num_players": self.num_players,
            "seats": sorted(conn.seats),
            "spectator": conn.spectator,
            "limits": limits(self.settings.rate_burst, self.settings.rate_per_second),
        }

    def idle_for(self, now: float) -> float:
        """How long nobody has been connected and nothing has happened (0: in use)."""
        if self.connections or self.thinking or self.lock.locked():
            return 0.0
        return now - self.last_active

    def detach(self, conn: Connection) -> None:
        self.last_active = time.monotonic()
        if conn in self.connections:
            self.connections.discard(conn)
            self._presence()
            if self.id in timers.PARTY_ROOMS and not self.over:
                # a phone gone: a party game stops its clocks until it is back
                self.after_change()
        if not self.connections and self.over:
            # nobody left to ask for a rematch: the database keeps it, memory need not
            self.on_idle(self)

    def _presence(self, exclude: Connection | None = None) -> None:
        text = encode({"type": "presence", "seats": self.public_seats()})
        for conn in self.connections:
            if conn is not exclude:
                conn.push_text(text)

    def broadcast(self) -> None:
        """Send every connection the state of each of its seats (spectators: None)."""
        if not self.connections:
            return
        legal = self.legal()
        seats = self.public_seats()
        clocks = self.clocks_view(legal)
        cache: dict[int | None, str] = {}
        for conn in list(self.connections):
            for seat in _viewers(conn):
                if seat not in cache:
                    cache[seat] = encode(room_views.state_message(self, seat, legal, seats, clocks))
                conn.push_text(cache[seat])

    # ------------------------------------------------------------------ actions
    async def play(
        self, seat: int, move: str, conn: Connection | None = None, ref: str | int | None = None
    ) -> None:
        """Play a person's move (BadMessage if refused); `conn` hears `accepted` first."""
        async with self.lock:
            await self.commit(seat, move, conn=conn, ref=ref)
        self.after_change()

    async def commit(
        self,
        seat: int,
        move: str,
        *,
        conn: Connection | None = None,
        ref: str | int | None = None,
    ) -> None:
        """Check, store, then announce one move. The caller holds the lock."""
        if self.over:
            raise BadMessage("game_over", "the game is over: no more moves are accepted")
        state = self.state
        awaited = state.current_players()
        if seat not in awaited:
            raise not_awaited(seat, awaited)
        payer = self._payer(conn)
        if payer is not None:
            self.bytes_quota.check(payer, move)  # TooMuchStored: a BadMessage
        try:
            state.apply(seat, move)
        except IllegalMove as exc:
            # the client shows the reason in its own language: send the code and texts
            raise BadMessage("illegal_move", str(exc), reason=exc.to_json()) from None
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
            await self.storage.write(
                Storage.op_move(
                    room_id=self.id,
                    number=self.number,
                    idx=idx,
                    seat=seat,
                    notation=notation,
                    clock=self.clock.snapshot() if self.clock else None,
                    result=result,
                )
            )
        except Exception as exc:
            log.error("room %s: storing a move failed (%s); the move is withdrawn", self.id, exc)
            self._rebuild(state.history[:-1])
            self.clock = clock_before
            if isinstance(exc, StorageUnavailable):
                raise BadMessage(
                    "storage_unavailable",
                    f"the move could not be saved, so it was not played: {exc}",
                ) from None
            raise BadMessage("server_error", "the move could not be stored; try again") from None
        if payer is not None:
            self.bytes_quota.charge(payer, notation)
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
            await self._finished(result, conn)
        else:
            self.broadcast()

    def _rebuild(self, history: list[tuple[int, str]]) -> None:
        record = self.state.record()
        record["moves"] = [[p, m] for p, m in history]
        self.state = records.replay(record)

    async def _finished(self, result: Outcome, conn: Connection | None = None) -> None:
        """The game just ended (already stored): tell everyone, deal again if void."""
        self.result = result
        if self.clock is not None:
            self.clock.stop()
        self.broadcast()
        if result.get("reason") in self.game.new_deal_reasons:
            try:
                self._count_game(conn)
            except BadMessage as exc:
                # the void game stays over: a rematch deals again once the hour allows
                if conn is not None:
                    conn.push(exc.to_message(None))
                return
            await self._new_game()

    def _payer(self, conn: Connection | None) -> str | None:
        """Who a person's move is charged to (None: a computer's or the server's move)."""
        if conn is None:
            return None
        return conn.requester if conn.requester != "-" else self.charged_to()

    def _count_game(self, conn: Connection | None) -> None:
        """Charge one more game to whoever starts it; BadMessage `too_many_games` past
        its hourly share (server/games_quota.py)."""
        requester = conn.requester if conn is not None else "-"
        try:
            self.games_quota.charge(requester if requester != "-" else self.charged_to())
        except TooManyGames as exc:
            raise BadMessage("too_many_games", str(exc)) from None

    async def end(self, seat: int, reason: str) -> None:
        """End the game by the server's decision (resignation, time): `seat` loses."""
        returns = [0.0] * self.num_players
        returns[seat] = -1.0
        if self.num_players == 2:
            returns[1 - seat] = 1.0
        result: Outcome = {"returns": returns, "reason": reason, "seat": seat}
        await self.storage.write(Storage.op_finish(self.id, self.number, result))
        await self._finished(result)

    async def resign(
        self, seat: int, conn: Connection | None = None, ref: str | int | None = None
    ) -> None:
        async with self.lock:
            if self.over:
                raise BadMessage("game_over", "the game is already over")
            await self.end(seat, "resign")
            _ack(conn, ref, "resign", seat)
        self.after_change()

    async def ask_rematch(
        self, seat: int, conn: Connection | None = None, ref: str | int | None = None
    ) -> None:
        async with self.lock:
            if not self.over:
                raise BadMessage("game_not_over", "a rematch can be asked once the game is over")
            wanted = self.rematch | {seat} | {s.seat for s in self.seats if s.kind == "computer"}
            if len(wanted) >= self.num_players:
                self._count_game(conn)  # refused: nothing changes
            self.rematch = wanted
            if len(self.rematch) >= self.num_players:
                await self._new_game()
            else:
                self.broadcast()
            _ack(conn, ref, "rematch", seat)
        self.after_change()

    async def _new_game(self) -> None:
        """Start the room's next game (rematch or new deal). The caller holds the lock."""
        seed = secrets.randbits(62)
        state = self.game.new_state(seed=seed, num_players=self.num_players)
        number = self.number + 1
        order = next_seating(self.game, self.result, self.num_players)
        seats = [dataclasses.replace(self.seats[old], seat=new) for new, old in enumerate(order)]
        await self.storage.write(
            Storage.op_new_game(
                {
                    "room_id": self.id,
                    "number": number,
                    "seed": seed,
                    "setup": dict(state.setup),
                    "finished": False,
                    "result": None,
                    "started_at": time.time(),
                },
                [{"room_id": self.id, **dataclasses.asdict(s)} for s in seats],
            )
        )
        self.previous_result = self.result
        self.number = number
        self.state = state
        self.result = None
        self.rematch.clear()
        self.seats = seats
        if order != list(range(self.num_players)):
            self._reseat_connections(order)
        self.clock = Clock.build(self.clock_config, self.game, self.num_players)
        if self.clock is not None:
            self.clock.update(None, state.current_players())
        self.broadcast()

    def _reseat_connections(self, order: list[int]) -> None:
        """Move live connections with their holders' seats, and tell them their new seats."""
        new_seat = {old: new for new, old in enumerate(order)}
        describe = type(self.game).describe()
        for conn in self.connections:
            if conn.spectator:
                continue
            conn.seats = {new_seat[seat] for seat in conn.seats}
            conn.push(self._welcome(conn, describe))

    # ------------------------------------------------------------------ computers and clocks
    def spawn(self, coro: Any) -> None:
        """Run a task of this room's (cancelled when the room stops)."""
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def after_change(self) -> None:
        """Re-arm the clock and wake the computer seats whose decision is awaited."""
        self.last_active = time.monotonic()
        timers.arm(self)
        if self.unwatched_computers_only():
            # computers playing for nobody would only take time from other rooms
            return
        for seat in self.awaited():
            if self.seats[seat].kind == "computer" and seat not in self.thinking:
                self.thinking.add(seat)
                self.spawn(computer_turns.take_turn(self, seat))

    def start(self) -> None:
        self.after_change()

    def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        if self.timer is not None:
            self.timer.cancel()


def _viewers(conn: Connection) -> list[int | None]:
    """The views a connection receives: each of its seats, or the spectator's."""
    return list(sorted(conn.seats)) or [None]


def _ack(conn: Connection | None, ref: str | int | None, action: str, seat: int) -> None:
    if conn is not None:
        conn.push({"type": "ack", "ref": ref, "action": action, "seat": seat})
