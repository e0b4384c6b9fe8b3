"""The party's own tables: room codes, uploaded texts, lobbies.

They live on the storage's engine but in a metadata of their own, so the rooms and
their records keep their shape; the migrations create them (server/migrations).
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

party_codes = sa.Table(
    "party_codes",
    metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("room_id", sa.String(32), nullable=False, unique=True),
    sa.Column("created_at", sa.Float, nullable=False),
)

party_uploads = sa.Table(
    "party_uploads",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("room_id", sa.String(32), nullable=True, index=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("name", sa.String(120), nullable=False),
    sa.Column("format", sa.String(8), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

# a lobby is kept whole as JSON: its guests change shape more often than a table would
party_lobbies = sa.Table(
    "party_lobbies",
    metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("room_id", sa.String(32), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
)
