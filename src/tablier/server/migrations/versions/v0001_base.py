"""base: the rooms, games and party tables, as Tablier made them before it had migrations

Revision ID: 0001
Revises:
Create Date: 2026-11-27

Earlier Tablier made these tables with SQLAlchemy's `create_all`, adding tables as it grew
(game_seats, then the party tables) but never changing a column. So a table that already
exists is left as it is, and only the missing ones are created: a database from any earlier
version reaches this revision with its data, and a fresh one gets every table.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

from tablier.server.migrations.missing import create_missing, drop_all

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _rooms() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("num_players", sa.Integer(), nullable=False),
        sa.Column("clock", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )


def _games() -> None:
    op.create_table(
        "games",
        sa.Column("room_id", sa.String(length=32), nullable=False),
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("setup", sa.JSON(), nullable=True),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("started_at", sa.Float(), nullable=False),
        sa.Column("finished_at", sa.Float(), nullable=True),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"]),
        sa.PrimaryKeyConstraint("room_id", "number"),
    )
    op.create_index(op.f("ix_games_finished"), "games", ["finished"], unique=False)


def _seats() -> None:
    op.create_table(
        "seats",
        sa.Column("room_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("level", sa.String(length=64), nullable=True),
        sa.Column("name", sa.String(length=80), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.Column("player_id", sa.String(length=80), nullable=True),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"]),
        sa.PrimaryKeyConstraint("room_id", "seat"),
    )
    op.create_index(op.f("ix_seats_player_id"), "seats", ["player_id"], unique=False)
    op.create_index(op.f("ix_seats_token_hash"), "seats", ["token_hash"], unique=False)


def _game_seats() -> None:
    op.create_table(
        "game_seats",
        sa.Column("room_id", sa.String(length=32), nullable=False),
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("level", sa.String(length=64), nullable=True),
        sa.Column("name", sa.String(length=80), nullable=True),
        sa.Column("player_id", sa.String(length=80), nullable=True),
        sa.ForeignKeyConstraint(["room_id", "number"], ["games.room_id", "games.number"]),
        sa.PrimaryKeyConstraint("room_id", "number", "seat"),
    )
    op.create_index(op.f("ix_game_seats_player_id"), "game_seats", ["player_id"], unique=False)


def _moves() -> None:
    op.create_table(
        "moves",
        sa.Column("room_id", sa.String(length=32), nullable=False),
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("idx", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("notation", sa.Text(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("clock", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(["room_id", "number"], ["games.room_id", "games.number"]),
        sa.PrimaryKeyConstraint("room_id", "number", "idx"),
    )


def _party_codes() -> None:
    op.create_table(
        "party_codes",
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("room_id", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("code"),
        sa.UniqueConstraint("room_id"),
    )


def _party_uploads() -> None:
    op.create_table(
        "party_uploads",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("room_id", sa.String(length=32), nullable=True),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("format", sa.String(length=8), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_party_uploads_room_id"), "party_uploads", ["room_id"], unique=False)


def _party_lobbies() -> None:
    op.create_table(
        "party_lobbies",
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("room_id", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("code"),
    )


# in an order that creates a referenced table before those that refer to it
TABLES: list[tuple[str, Callable[[], None]]] = [
    ("rooms", _rooms),
    ("games", _games),
    ("seats", _seats),
    ("game_seats", _game_seats),
    ("moves", _moves),
    ("party_codes", _party_codes),
    ("party_uploads", _party_uploads),
    ("party_lobbies", _party_lobbies),
]


def upgrade() -> None:
    create_missing(TABLES)


def downgrade() -> None:
    drop_all(TABLES)
