"""The tables of rooms, their seats, their games and the moves of each game.

A game row holds what `tablier.replay` needs besides the moves (game, options, seed,
players, setup); every accepted move is one row in `moves` (event sourcing). The people
layer and the party declare their tables on the same `metadata`: one schema, one
migration history.
"""

from __future__ import annotations

import sqlalchemy as sa

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
