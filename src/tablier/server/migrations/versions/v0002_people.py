"""people: profiles, sessions, passkeys, ratings, rated rooms and the open-games challenges

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27

A database made by a development build between these tables' arrival and this revision
already holds some of them (made by `create_all`): those are left as they are.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

from tablier.server.migrations.missing import create_missing, drop_all

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _profiles() -> None:
    op.create_table(
        "profiles",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=True),
        sa.Column("name_key", sa.String(length=80), nullable=True),
        sa.Column("password_hash", sa.String(length=255), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("seen_at", sa.Float(), nullable=False),
        sa.Column("deleted_at", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name_key"),
    )


def _sessions() -> None:
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("profile_id", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("used_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"]),
        sa.PrimaryKeyConstraint("token_hash"),
    )
    op.create_index(op.f("ix_sessions_profile_id"), "sessions", ["profile_id"], unique=False)


def _passkeys() -> None:
    op.create_table(
        "passkeys",
        sa.Column("credential_id", sa.String(length=1024), nullable=False),
        sa.Column("profile_id", sa.String(length=32), nullable=False),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"]),
        sa.PrimaryKeyConstraint("credential_id"),
    )
    op.create_index(op.f("ix_passkeys_profile_id"), "passkeys", ["profile_id"], unique=False)


def _webauthn_challenges() -> None:
    op.create_table(
        "webauthn_challenges",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("challenge", sa.LargeBinary(), nullable=False),
        sa.Column("profile_id", sa.String(length=32), nullable=True),
        sa.Column("purpose", sa.String(length=16), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )


def _ratings() -> None:
    op.create_table(
        "ratings",
        sa.Column("profile_id", sa.String(length=32), nullable=False),
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("system", sa.String(length=16), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=True),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"]),
        sa.PrimaryKeyConstraint("profile_id", "key"),
    )


def _rating_events() -> None:
    op.create_table(
        "rating_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("profile_id", sa.String(length=32), nullable=False),
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("room_id", sa.String(length=32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("before", sa.Float(), nullable=False),
        sa.Column("after", sa.Float(), nullable=False),
        sa.Column("rd_after", sa.Float(), nullable=False),
        sa.Column("opponents", sa.JSON(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("profile_id", "room_id", "number", name="uq_rating_event_game"),
    )
    op.create_index(
        op.f("ix_rating_events_profile_id"), "rating_events", ["profile_id"], unique=False
    )


def _rated_rooms() -> None:
    op.create_table(
        "rated_rooms",
        sa.Column("room_id", sa.String(length=32), nullable=False),
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"]),
        sa.PrimaryKeyConstraint("room_id"),
    )


def _challenges() -> None:
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("profile_id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("clock", sa.JSON(), nullable=True),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("min_rating", sa.Float(), nullable=True),
        sa.Column("max_rating", sa.Float(), nullable=True),
        sa.Column("quick", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("accepted_by", sa.String(length=32), nullable=True),
        sa.Column("room_id", sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_challenges_profile_id"), "challenges", ["profile_id"], unique=False)
    op.create_index(op.f("ix_challenges_status"), "challenges", ["status"], unique=False)


# profiles first: the others refer to it
TABLES: list[tuple[str, Callable[[], None]]] = [
    ("profiles", _profiles),
    ("sessions", _sessions),
    ("passkeys", _passkeys),
    ("webauthn_challenges", _webauthn_challenges),
    ("ratings", _ratings),
    ("rating_events", _rating_events),
    ("rated_rooms", _rated_rooms),
    ("challenges", _challenges),
]


def upgrade() -> None:
    create_missing(TABLES)


def downgrade() -> None:
    drop_all(TABLES)
