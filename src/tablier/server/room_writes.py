"""The writes of rooms and games, as operations for the group-committing writer.

Each function returns an `Op`: the caller awaits `Storage.write(op)`, and the op runs
inside the transaction the writer thread commits.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from tablier.core.outcome import Outcome
from tablier.server.driver_writes import RowInsert
from tablier.server.group_commit import Op
from tablier.server.room_tables import SEAT_FIELDS, game_seats, games, moves, rooms, seats


def create_room(
    room: dict[str, Any], seat_rows: list[dict[str, Any]], first_game: dict[str, Any]
) -> Op:
    def op(conn: Connection) -> None:
        conn.execute(rooms.insert().values(**room))
        conn.execute(seats.insert(), seat_rows)
        conn.execute(games.insert().values(**first_game))
        conn.execute(game_seats.insert(), _game_seat_rows(first_game["number"], seat_rows))

    return op


def take_seat(
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


def move(
    *,
    room_id: str,
    number: int,
    idx: int,
    seat: int,
    notation: str,
    clock: dict[str, Any] | None,
    result: Outcome | None,
) -> Op:
    row = {
        "room_id": room_id,
        "number": number,
        "idx": idx,
        "seat": seat,
        "notation": notation,
        "at": time.time(),
        "clock": clock,
    }

    insert = RowInsert(moves, row)
    if result is None:
        # a plain row: on SQLite the writer runs it on the driver (server/driver_writes.py)
        return insert

    def op(conn: Connection) -> None:
        insert(conn)
        _finish(conn, room_id, number, result)

    return op


def finish(room_id: str, number: int, result: Outcome) -> Op:
    def op(conn: Connection) -> None:
        _finish(conn, room_id, number, result)

    return op


def new_game(row: dict[str, Any], seat_rows: list[dict[str, Any]]) -> Op:
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


FinishHook = Callable[[Connection, str, int, Outcome], None]

# run inside the transaction that stores a game's end (the people layer rates it there,
# so a result and its rating changes are stored together or not at all)
finish_hooks: list[FinishHook] = []


def _finish(conn: Connection, room_id: str, number: int, result: Outcome) -> None:
    conn.execute(
        games.update()
        .where(games.c.room_id == room_id, games.c.number == number)
        .values(finished=True, result=result, finished_at=time.time())
    )
    for hook in finish_hooks:
        hook(conn, room_id, number, result)


def backfill_game_seats(engine: Engine) -> None:
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
    with engine.begin() as conn:
        conn.execute(
            game_seats.insert().from_select(
                ["room_id", "number", "seat", "kind", "level", "name", "player_id"], source
            )
        )
