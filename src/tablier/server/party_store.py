"""The party's durable side: a room's code, and the texts uploaded for rooms.

A text (a deck of cards, say) is kept when checked, before any room exists; a room being
made claims it, and from then on it serves that room only.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tablier.server import schema
from tablier.server.party_code import free_code, normal_code
from tablier.server.party_tables import party_codes, party_uploads


class _NotClaimed(Exception):
    pass


class PartyStore:
    """The party tables, on the storage's database engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        schema.upgrade(engine)  # a no-op after the storage's own upgrade

    def code_for(self, room_id: str) -> str:
        """The room's code, given on first request and kept."""
        with self.engine.begin() as conn:
            found = conn.execute(
                sa.select(party_codes.c.code).where(party_codes.c.room_id == room_id)
            ).scalar()
            if found:
                return str(found)
            code = free_code(conn)  # CodesExhausted when none is left
            conn.execute(
                party_codes.insert().values(code=code, room_id=room_id, created_at=time.time())
            )
            return code

    def room_of(self, code: str) -> str | None:
        with self.engine.begin() as conn:
            found = conn.execute(
                sa.select(party_codes.c.room_id).where(party_codes.c.code == normal_code(code))
            ).scalar()
        return None if found is None else str(found)

    def add_upload(self, game: str, name: str, fmt: str, text: str) -> str:
        upload_id = secrets.token_urlsafe(9)
        with self.engine.begin() as conn:
            conn.execute(
                party_uploads.insert().values(
                    id=upload_id,
                    room_id=None,
                    game=game,
                    name=name,
                    format=fmt,
                    text=text,
                    created_at=time.time(),
                )
            )
        return upload_id

    def upload(self, upload_id: str) -> dict[str, Any] | None:
        with self.engine.begin() as conn:
            row = conn.execute(
                sa.select(party_uploads).where(party_uploads.c.id == upload_id)
            ).first()
        return None if row is None else dict(row._mapping)

    def room_upload(self, room_id: str) -> dict[str, Any] | None:
        with self.engine.begin() as conn:
            row = conn.execute(
                sa.select(party_uploads).where(party_uploads.c.room_id == room_id)
            ).first()
        return None if row is None else dict(row._mapping)

    def claim_uploads(self, upload_ids: list[str]) -> str | None:
        """Take unused uploads for a room being made, each by one conditional UPDATE (of
        rooms made at once with one upload, one gets it); the claim to finish or release,
        or None (nothing taken) when one of them is missing or already used."""
        claim = f"claim-{secrets.token_hex(8)}"
        try:
            with self.engine.begin() as conn:
                for upload_id in upload_ids:
                    done = conn.execute(
                        party_uploads.update()
                        .where(party_uploads.c.id == upload_id, party_uploads.c.room_id.is_(None))
                        .values(room_id=claim)
                    )
                    if not done.rowcount:
                        raise _NotClaimed  # the ones already taken go back
        except _NotClaimed:
            return None
        return claim

    def release_claim(self, claim: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                party_uploads.update().where(party_uploads.c.room_id == claim).values(room_id=None)
            )

    def finish_claim(self, claim: str, room_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                party_uploads.update()
                .where(party_uploads.c.room_id == claim)
                .values(room_id=room_id)
            )

    def expire_uploads(self, ttl: float, now: float | None = None) -> int:
        """Forget uploads no room took within `ttl` seconds (and claims a crash left)."""
        cutoff = (time.time() if now is None else now) - ttl
        with self.engine.begin() as conn:
            done = conn.execute(
                party_uploads.delete().where(
                    party_uploads.c.created_at < cutoff,
                    sa.or_(
                        party_uploads.c.room_id.is_(None),
                        party_uploads.c.room_id.like("claim-%"),
                    ),
                )
            )
        return int(done.rowcount or 0)

    def attach_upload(self, upload_id: str, room_id: str) -> bool:
        """Give a not yet used upload to a room (an upload serves one room only)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                party_uploads.update()
                .where(party_uploads.c.id == upload_id, party_uploads.c.room_id.is_(None))
                .values(room_id=room_id)
            )
        return bool(done.rowcount)
