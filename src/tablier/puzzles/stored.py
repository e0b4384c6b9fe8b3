"""Finished games stored by a Tablier server (`tablier serve --db …`), as records to mine."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from tablier.server import storage


def finished_records(db: str, game_id: str) -> list[dict[str, Any]]:
    """Every finished game of `game_id` in the database `db` (a URL as `tablier serve
    --db` takes it, or an SQLite file), oldest first, as a record `tablier.replay` reads
    (a game resigned early is kept: its positions are real)."""
    engine = sa.create_engine(db if "://" in db else f"sqlite:///{db}")
    found: list[dict[str, Any]] = []
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(
                storage.rooms.c.id, storage.rooms.c.options, storage.rooms.c.num_players,
                storage.games.c.number, storage.games.c.seed,
            )
            .join(storage.games, storage.games.c.room_id == storage.rooms.c.id)
            .where(storage.rooms.c.game == game_id, storage.games.c.finished.is_(True))
            .order_by(storage.games.c.started_at)
        ).all()  # fmt: skip
        for room_id, options, num_players, number, seed in rows:
            played = conn.execute(
                sa.select(storage.moves.c.seat, storage.moves.c.notation)
                .where(storage.moves.c.room_id == room_id, storage.moves.c.number == number)
                .order_by(storage.moves.c.idx)
            ).all()
            found.append({
                "game": game_id, "options": dict(options or {}), "seed": int(seed),
                "num_players": num_players, "moves": [[s, n] for s, n in played],
            })  # fmt: skip
    engine.dispose()
    return found
