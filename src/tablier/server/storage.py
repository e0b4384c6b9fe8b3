"""Durable storage: rooms, seats and games, each game stored as its record (event sourcing).

A game row holds what `tablier.replay` needs besides the moves (game, options, seed,
players, setup); every accepted move is one row in `moves`. Writes go through one
writer thread that commits whatever is queued in a single transaction (group commit),
so a move is on disk before anyone hears of it without one fsync per move.
SQL stays portable (SQLAlchemy Core): SQLite by default, PostgreSQL by URL.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from tablier.server import schema
from tablier.server.db_lock import FileLock, sqlite_file

log = logging.getLogger("tablier.server")

DEFAULT_DB_URL = "sqlite:///tablier.db"


class StorageUnavailable(Exception):
    """The database cannot take writes (gone, replaced, read-only, full, failing).

    Every action that must be stored is refused with this (HTTP 503, a WebSocket error
    message); what is already in memory keeps being served.
    """


metadata = sa.MetaData()

rooms = sa.Table(
    "rooms",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("num_players", sa.Integer, nullable=False),
    sa.Column("clock", sa.JSON, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("level", sa.String(64), nullable=True),
    sa.Column("name", sa.String(80), nullable=True),
    # only a hash of the seat token is kept: a leaked database does not leak seats
    sa.Column("token_hash", sa.String(64), nullable=True, index=True),
    sa.Column("player_id", sa.String(80), nullable=True, index=True),
)

games = sa.Table(
    "games",
    metadata,
    sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("setup", sa.JSON, nullable=True),
    sa.Column("finished", sa.Boolean, nullable=False, default=False, index=True),
    # the final outcome, including server-decided ends (resignation, time)
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("started_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=True),
)

# who held each seat in each game: a rematch may reseat the players (in a game whose
# loser begins the next one), while `seats` holds the room's current assignment
game_seats = sa.Table(
    "game_seats",
    metadata,
    sa.Column("room_id", sa.String(32), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("level", sa.String(64), nullable=True),
    sa.Column("name", sa.String(80), nullable=True),
    sa.Column("player_id", sa.String(80), nullable=True, index=True),
    sa.ForeignKeyConstraint(["room_id", "number"], ["games.room_id", "games.number"]),
)

SEAT_FIELDS = ("kind", "level", "name", "token_hash", "player_id")

moves = sa.Table(
    "moves",
    metadata,
    sa.Column("room_id", sa.String(32), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("notation", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    # clock readings after the move, so a restarted server resumes the clocks
    sa.Column("clock", sa.JSON, nullable=True),
    sa.ForeignKeyConstraint(["room_id", "number"], ["games.room_id", "games.number"]),
)

Op = Callable[[Connection], None]


@dataclass
class StoredGame:
    number: int
    seed: int
    setup: dict[str, Any]
    finished: bool
    result: dict[str, Any] | None
    moves: list[tuple[int, str]] = field(default_factory=list)
    last_clock: dict[str, Any] | None = None
    # who held each seat in this game (public fields only); filled by load_game
    seats: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class StoredRoom:
    id: str
    game: str
    options: dict[str, Any]
    num_players: int
    clock: dict[str, Any] | None
    created_at: float
    seats: list[dict[str, Any]]
    current: StoredGame | None = None
    previous_result: dict[str, Any] | None = None


def _open_existing(path: str) -> Callable[[], sqlite3.Connection]:
    """Connections that open the file only if it is there: once the server runs, a
    vanished database must give errors, not a fresh empty file."""
    uri = "file:" + path.replace("?", "%3f").replace("#", "%23") + "?mode=rw"

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=30)

    return connect


def make_engine(db_url: str | None) -> Engine:
    url = db_url or DEFAULT_DB_URL
    if url.startswith("sqlite"):
        path = sqlite_file(url)
        if path is not None:
            sqlite3.connect(path).close()  # the first start creates the file
            engine = sa.create_engine(url, creator=_open_existing(path), pool_pre_ping=False)
        else:
            engine = sa.create_engine(
                url, connect_args={"check_same_thread": False, "timeout": 30}, pool_pre_ping=False
            )

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            # FULL: a commit is on disk before we answer (WAL keeps that cheap)
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return sa.create_engine(url, pool_pre_ping=True)


class Storage:
    """The database, with an asynchronous group-committing writer."""

    def __init__(self, db_url: str | None) -> None:
        path = sqlite_file(db_url or DEFAULT_DB_URL)
        self._lock = FileLock(path) if path else None
        if self._lock is not None:
            self._lock.acquire()
        self.path = path
        self.engine = make_engine(db_url)
        # the file this server opened: if it vanishes or is replaced, writes stop
        self._identity = _identity(path) if path else None
        self.failure: str | None = None
        # the people layer's tables live on the same metadata (imported here: they import it)
        import tablier.server.people.tables  # noqa: F401

        schema.upgrade(self.engine)
        self._backfill_game_seats()
        self._queue: queue.Queue[tuple[Op, asyncio.Future[None]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._writer, name="tablier-db-writer", daemon=True)
        self._thread.start()

    def _backfill_game_seats(self) -> None:
        """Give games stored before `game_seats` existed their seats (never reseated then)."""
        known = sa.select(game_seats.c.room_id).where(
            game_seats.c.room_id == games.c.room_id, game_seats.c.number == games.c.number
        )
        source = (
            sa.select(
                games.c.room_id,
                games.c.number,
                seats.c.seat,
                seats.c.kind,
                seats.c.level,
                seats.c.name,
                seats.c.player_id,
            )
            .select_from(games.join(seats, seats.c.room_id == games.c.room_id))
            .where(~sa.exists(known))
        )
        with self.engine.begin() as conn:
            conn.execute(
                game_seats.insert().from_select(
                    ["room_id", "number", "seat", "kind", "level", "name", "player_id"], source
                )
            )

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)
        self.engine.dispose()
        if self._lock is not None:
            self._lock.release()

    # ------------------------------------------------------------------ writing
    async def write(self, op: Op) -> None:
        """Run `op` in a transaction; returns once it is committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put((op, future))
        await future

    def _writer(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < 500:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)
                    break
                batch.append(more)
            self._commit(batch)

    def _writable(self) -> str | None:
        """Why the database file cannot take writes now, or None."""
        if self.path is None or self._identity is None:
            return None
        now = _identity(self.path)
        if now is None:
            return "the database file has vanished"
        if now != self._identity:
            return "the database file was replaced by another one"
        if not os.access(self.path, os.W_OK):
            return "the database file is read-only"
        return None

    def _commit(self, batch: list[tuple[Op, asyncio.Future[None]]]) -> None:
        problem = self._writable()
        if problem is not None:
            if self.failure != problem:
                log.error("database writes refused: %s", problem)
            self.failure = problem
            for _, future in batch:
                _settle(future, StorageUnavailable(problem))
            return
        try:
            with self.engine.begin() as conn:
                for op, _ in batch:
                    op(conn)
        except sa.exc.OperationalError as exc:
            # read-only, full, locked for too long, I/O error: the whole batch is refused
            log.error("database writes failed: %s", exc.orig)
            self.failure = f"the database cannot be written: {exc.orig}"
            for _, future in batch:
                _settle(future, StorageUnavailable(self.failure))
            return
        except Exception as exc:
            if len(batch) == 1:
                log.exception("database write failed")
                _settle(batch[0][1], exc)
                return
            # one bad write must not sink the others: retry them one by one
            for one in batch:
                self._commit([one])
            return
        self.failure = None
        for _, future in batch:
            _settle(future, None)

    # ------------------------------------------------------------------ operations
    @staticmethod
    def op_create_room(
        room: dict[str, Any], seat_rows: list[dict[str, Any]], first_game: dict[str, Any]
    ) -> Op:
        def op(conn: Connection) -> None:
            conn.execute(rooms.insert().values(**room))
            conn.execute(seats.insert(), seat_rows)
            conn.execute(games.insert().values(**first_game))
            conn.execute(game_seats.insert(), _game_seat_rows(first_game["number"], seat_rows))

        return op

    @staticmethod
    def op_take_seat(
        room_id: str,
        number: int,
        seat: int,
        token_hash: str,
        player_id: str | None,
        name: str | None,
    ) -> Op:
        """Take `seat` in the room and in its current game `number`."""

        def op(conn: Connection) -> None:
            conn.execute(
                seats.update()
                .where(seats.c.room_id == room_id, seats.c.seat == seat)
                .values(token_hash=token_hash, player_id=player_id, name=name)
            )
            conn.execute(
                game_seats.update()
                .where(
                    game_seats.c.room_id == room_id,
                    game_seats.c.number == number,
                    game_seats.c.seat == seat,
                )
                .values(player_id=player_id, name=name)
            )

        return op

    @staticmethod
    def op_move(
        *,
        room_id: str,
        number: int,
        idx: int,
        seat: int,
        notation: str,
        clock: dict[str, Any] | None,
        result: dict[str, Any] | None,
    ) -> Op:
        at = time.time()

        def op(conn: Connection) -> None:
            conn.execute(
                moves.insert().values(
                    room_id=room_id,
                    number=number,
                    idx=idx,
                    seat=seat,
                    notation=notation,
                    at=at,
                    clock=clock,
                )
            )
            if result is not None:
                _finish(conn, room_id, number, result)

        return op

    @staticmethod
    def op_finish(room_id: str, number: int, result: dict[str, Any]) -> Op:
        def op(conn: Connection) -> None:
            _finish(conn, room_id, number, result)

        return op

    @staticmethod
    def op_new_game(row: dict[str, Any], seat_rows: list[dict[str, Any]]) -> Op:
        """Start a room's next game with its seats (`seat_rows`: rows of `seats`).

        The room's seats are rewritten too, so a reseating and the new game are
        committed together.
        """

        def op(conn: Connection) -> None:
            conn.execute(games.insert().values(**row))
            for seat_row in seat_rows:
                conn.execute(
                    seats.update()
                    .where(seats.c.room_id == row["room_id"], seats.c.seat == seat_row["seat"])
                    .values(**{key: seat_row[key] for key in SEAT_FIELDS})
                )
            conn.execute(game_seats.insert(), _game_seat_rows(row["number"], seat_rows))

        return op

    # ------------------------------------------------------------------ reading
    def load_room(self, room_id: str) -> StoredRoom | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(rooms).where(rooms.c.id == room_id)).mappings().first()
            if row is None:
                return None
            seat_rows = (
                conn.execute(
                    sa.select(seats).where(seats.c.room_id == room_id).order_by(seats.c.seat)
                )
                .mappings()
                .all()
            )
            game_rows = (
                conn.execute(
                    sa.select(games)
                    .where(games.c.room_id == room_id)
                    .order_by(games.c.number.desc())
                    .limit(2)
                )
                .mappings()
                .all()
            )
            stored = StoredRoom(
                id=row["id"],
                game=row["game"],
                options=dict(row["options"]),
                num_players=row["num_players"],
                clock=row["clock"],
                created_at=row["created_at"],
                seats=[dict(s) for s in seat_rows],
            )
            if game_rows:
                current = game_rows[0]
                stored.current = StoredGame(
                    number=current["number"],
                    seed=int(current["seed"]),
                    setup=dict(current["setup"] or {}),
                    finished=bool(current["finished"]),
                    result=current["result"],
                )
                move_rows = conn.execute(
                    sa.select(moves.c.seat, moves.c.notation, moves.c.clock)
                    .where(moves.c.room_id == room_id, moves.c.number == current["number"])
                    .order_by(moves.c.idx)
                ).all()
                stored.current.moves = [(m.seat, m.notation) for m in move_rows]
                if move_rows:
                    stored.current.last_clock = move_rows[-1].clock
                if len(game_rows) > 1:
                    stored.previous_result = game_rows[1]["result"]
            return stored

    def unfinished_room_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(games.c.room_id).where(games.c.finished == sa.false()).distinct()
            ).all()
            return [r.room_id for r in rows]

    def load_game(self, room_id: str, number: int) -> tuple[dict[str, Any], StoredGame] | None:
        """A room's row and one of its games with all its moves."""
        with self.engine.connect() as conn:
            room = conn.execute(sa.select(rooms).where(rooms.c.id == room_id)).mappings().first()
            game = (
                conn.execute(
                    sa.select(games).where(games.c.room_id == room_id, games.c.number == number)
                )
                .mappings()
                .first()
            )
            if room is None or game is None:
                return None
            move_rows = conn.execute(
                sa.select(moves.c.seat, moves.c.notation)
                .where(moves.c.room_id == room_id, moves.c.number == number)
                .order_by(moves.c.idx)
            ).all()
            stored = StoredGame(
                number=number,
                seed=int(game["seed"]),
                setup=dict(game["setup"] or {}),
                finished=bool(game["finished"]),
                result=game["result"],
                moves=[(m.seat, m.notation) for m in move_rows],
            )
            seat_rows = conn.execute(
                sa.select(
                    game_seats.c.seat, game_seats.c.kind, game_seats.c.level, game_seats.c.name
                )
                .where(game_seats.c.room_id == room_id, game_seats.c.number == number)
                .order_by(game_seats.c.seat)
            ).mappings()
            stored.seats = [dict(r) for r in seat_rows]
            return dict(room), stored

    def player_games(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """The most recent games in rooms where `player_id` holds a seat."""
        with self.engine.connect() as conn:
            rows = (
                conn.execute(
                    sa.select(
                        games.c.room_id,
                        games.c.number,
                        games.c.finished,
                        games.c.result,
                        games.c.started_at,
                        games.c.finished_at,
                        rooms.c.game,
                        rooms.c.num_players,
                        game_seats.c.seat,
                    )
                    .select_from(
                        game_seats.join(rooms, rooms.c.id == game_seats.c.room_id).join(
                            games,
                            (games.c.room_id == game_seats.c.room_id)
                            & (games.c.number == game_seats.c.number),
                        )
                    )
                    .where(game_seats.c.player_id == player_id)
                    .order_by(games.c.started_at.desc())
                    .limit(limit)
                )
                .mappings()
                .all()
            )
            return [dict(r) for r in rows]


def _game_seat_rows(number: int, seat_rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "room_id": r["room_id"],
            "number": number,
            "seat": r["seat"],
            "kind": r["kind"],
            "level": r["level"],
            "name": r["name"],
            "player_id": r["player_id"],
        }
        for r in seat_rows
    ]


FinishHook = Callable[[Connection, str, int, dict[str, Any]], None]

# run inside the transaction that stores a game's end (the people layer rates it there,
# so a result and its rating changes are stored together or not at all)
finish_hooks: list[FinishHook] = []


def _finish(conn: Connection, room_id: str, number: int, result: dict[str, Any]) -> None:
    conn.execute(
        games.update()
        .where(games.c.room_id == room_id, games.c.number == number)
        .values(finished=True, result=result, finished_at=time.time())
    )
    for hook in finish_hooks:
        hook(conn, room_id, number, result)


def _identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _settle(future: asyncio.Future[None], exc: BaseException | None) -> None:
    loop = future.get_loop()

    def done() -> None:
        if future.done():
            return
        if exc is None:
            future.set_result(None)
        else:
            future.set_exception(exc)

    # RuntimeError: the loop is closed (shutdown), nobody waits any more
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(done)
