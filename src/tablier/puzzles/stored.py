"""Finished games stored by a Tablier server (`tablier serve --db …`), as records to mine."""

from __future__ import annotations

import sqlalchemy as sa

from tablier.core.records import Replayable

# the columns read, named here rather than imported from the server: the puzzles sit
# below the server (.importlinter), and a server's database is data they read, like a
# record file (its schema: server/room_tables.py, kept by the migrations)
rooms = sa.table(
    "rooms",
    sa.column("id"),
    sa.column("game"),
    sa.column("options", sa.JSON),
    sa.column("num_players"),
)
games = sa.table(
    "games",
    sa.column("room_id"),
    sa.column("number"),
    sa.column("seed"),
    sa.column("finished", sa.Boolean),
    sa.column("started_at"),
)
moves = sa.table(
    "moves", sa.column("room_id"), sa.column("number"), sa.column("idx"), sa.column("seat"),
    sa.column("notation"),
)  # fmt: skip


def finished_records(db: str, game_id: str) -> list[Replayable]:
    """Every finished game of `game_id` in the database `db` (a URL as `tablier serve
    --db` takes it, or an SQLite file), oldest first, as a record `tablier.replay` reads
    (a game resigned early is kept: its positions are real)."""
    engine = sa.create_engine(db if "://" in db else f"sqlite:///{db}")
    found: list[Replayable] = []
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(
                rooms.c.id, rooms.c.options, rooms.c.num_players,
                games.c.number, games.c.seed,
            )
            .join(games, games.c.room_id == rooms.c.id)
            .where(rooms.c.game == game_id, games.c.finished.is_(True))
            .order_by(games.c.started_at)
        ).all()  # fmt: skip
        for room_id, options, num_players, number, seed in rows:
            played = conn.execute(
                sa.select(moves.c.seat, moves.c.notation)
                .where(moves.c.room_id == room_id, moves.c.number == number)
                .order_by(moves.c.idx)
            ).all()
            found.append({
                "game": game_id, "options": dict(options or {}), "seed": int(seed),
                "num_players": num_players, "moves": [[s, n] for s, n in played],
            })  # fmt: skip
    engine.dispose()
    return found
