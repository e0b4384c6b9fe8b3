"""Durable storage: rooms, seats and games, each game stored as its record (event sourcing).

`Storage` holds the database for a server: the tables (`room_tables`), the engine
(`db_engine`), the group-committing writer (`group_commit`), the write operations
(`room_writes`) and the reads (`room_reads`). SQL stays portable (SQLAlchemy Core):
SQLite by default, PostgreSQL by URL.
"""

from __future__ import annotations

from typing import Any

from tablier.server import room_reads, room_writes, schema
from tablier.server.db_engine import DEFAULT_DB_URL, make_engine
from tablier.server.db_lock import FileLock, sqlite_file
from tablier.server.group_commit import GroupWriter, Op, StorageUnavailable
from tablier.server.room_reads import StoredGame, StoredRoom
from tablier.server.room_tables import SEAT_FIELDS, game_seats, games, metadata, moves, rooms, seats
from tablier.server.room_writes import FinishHook, finish_hooks

__all__ = [
    "DEFAULT_DB_URL",
    "SEAT_FIELDS",
    "FinishHook",
    "Op",
    "Storage",
    "StorageUnavailable",
    "StoredGame",
    "StoredRoom",
    "finish_hooks",
    "game_seats",
    "games",
    "make_engine",
    "metadata",
    "moves",
    "rooms",
    "seats",
]


class Storage:
    """The database, with an asynchronous group-committing writer."""

    # the operations to hand to `write`, kept here where callers have always found them
    op_create_room = staticmethod(room_writes.create_room)
    op_take_seat = staticmethod(room_writes.take_seat)
    op_move = staticmethod(room_writes.move)
    op_finish = staticmethod(room_writes.finish)
    op_new_game = staticmethod(room_writes.new_game)

    def __init__(self, db_url: str | None) -> None:
        path = sqlite_file(db_url or DEFAULT_DB_URL)
        self._lock = FileLock(path) if path else None
        if self._lock is not None:
            self._lock.acquire()
        self.path = path
        self.engine = make_engine(db_url)
        # the people layer's tables live on the same metadata (imported here: they import it)
        import tablier.server.people.tables  # noqa: F401

        schema.upgrade(self.engine)
        room_writes.backfill_game_seats(self.engine)
        self._writer = GroupWriter(self.engine, path)

    @property
    def failure(self) -> str | None:
        """Why the last writes were refused, or None once writes succeed again."""
        return self._writer.failure

    def close(self) -> None:
        self._writer.close()
        self.engine.dispose()
        if self._lock is not None:
            self._lock.release()

    async def write(self, op: Op) -> None:
        """Run `op` in a transaction; returns once it is committed."""
        await self._writer.write(op)

    def load_room(self, room_id: str) -> StoredRoom | None:
        return room_reads.load_room(self.engine, room_id)

    def unfinished_room_ids(self) -> list[str]:
        return room_reads.unfinished_room_ids(self.engine)

    def load_game(self, room_id: str, number: int) -> tuple[dict[str, Any], StoredGame] | None:
        """A room's row and one of its games with all its moves."""
        return room_reads.load_game(self.engine, room_id, number)

    def player_games(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """The most recent games in rooms where `player_id` holds a seat."""
        return room_reads.player_games(self.engine, player_id, limit)
