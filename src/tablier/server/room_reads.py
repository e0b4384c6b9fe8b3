"""Reading rooms and games back: a room to resume, one game to replay, a player's games."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tablier.core.outcome import Outcome
from tablier.server.room_tables import game_seats, games, moves, rooms, seats


@dataclass
class StoredGame:
    number: int
    seed: int
    setup: dict[str, Any]
    finished: bool
    result: Outcome | None
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
    previous_result: Outcome | None = None


def load_room(engine: Engine, room_id: str) -> StoredRoom | None:
    """A room with its current game's moves and the game before's result (what a
    restarted server resumes from)."""
    with engine.connect() as conn:
        row = conn.execute(sa.select(rooms).where(rooms.c.id == room_id)).mappings().first()
        if row is None:
            return None
        seat_rows = (
            conn.execute(sa.select(seats).where(seats.c.room_id == room_id).order_by(seats.c.seat))
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


def unfinished_room_ids(engine: Engine) -> list[str]:
    """The rooms whose current game has not ended: a starting server resumes them."""
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(games.c.room_id).where(games.c.finished == sa.false()).distinct()
        ).all()
        return [r.room_id for r in rows]


def load_game(
    engine: Engine, room_id: str, number: int
) -> tuple[dict[str, Any], StoredGame] | None:
    """A room's row and one of its games with all its moves."""
    with engine.connect() as conn:
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
            sa.select(game_seats.c.seat, game_seats.c.kind, game_seats.c.level, game_seats.c.name)
            .where(game_seats.c.room_id == room_id, game_seats.c.number == number)
            .order_by(game_seats.c.seat)
        ).mappings()
        stored.seats = [dict(r) for r in seat_rows]
        return dict(room), stored


def player_games(engine: Engine, player_id: str, limit: int) -> list[dict[str, Any]]:
    """The most recent games in rooms where `player_id` holds a seat."""
    with engine.connect() as conn:
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
