"""The profile store: plain functions on a SQLAlchemy connection.

Writes run inside `Storage.write` (the single writer's transaction), reads in a thread
with their own connection; no function here opens one itself.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tablier.server.people.tables import passkeys, profiles, sessions, webauthn_challenges
from tablier.server.seats import hash_token
from tablier.server.storage import game_seats, seats


class NameTaken(Exception):
    """Another profile already has this name (or one folded the same)."""


def new_profile_id() -> str:
    return secrets.token_hex(16)


def create_profile(conn: Connection, profile_id: str, name: str, key: str, now: float) -> None:
    if name_owner(conn, key) is not None:
        raise NameTaken(name)
    conn.execute(
        profiles.insert().values(
            id=profile_id, name=name, name_key=key, created_at=now, seen_at=now
        )
    )


def name_owner(conn: Connection, key: str) -> str | None:
    """The id of the live profile holding this folded name, if any."""
    row = conn.execute(sa.select(profiles.c.id).where(profiles.c.name_key == key)).first()
    return None if row is None else str(row.id)


def rename_profile(conn: Connection, profile_id: str, name: str, key: str) -> None:
    owner = name_owner(conn, key)
    if owner is not None and owner != profile_id:
        raise NameTaken(name)
    conn.execute(
        profiles.update().where(profiles.c.id == profile_id).values(name=name, name_key=key)
    )


def delete_profile(conn: Connection, profile_id: str, now: float) -> None:
    """Forget who the person was; the id stays so that their games keep their seats."""
    conn.execute(sessions.delete().where(sessions.c.profile_id == profile_id))
    conn.execute(passkeys.delete().where(passkeys.c.profile_id == profile_id))
    conn.execute(webauthn_challenges.delete().where(webauthn_challenges.c.profile_id == profile_id))
    conn.execute(
        profiles.update()
        .where(profiles.c.id == profile_id)
        .values(name=None, name_key=None, password_hash=None, deleted_at=now)
    )
    # the seats they held keep the games' shape but no longer say who sat there
    for table in (seats, game_seats):
        conn.execute(table.update().where(table.c.player_id == profile_id).values(name=None))


def set_password_hash(conn: Connection, profile_id: str, password_hash: str | None) -> None:
    conn.execute(
        profiles.update().where(profiles.c.id == profile_id).values(password_hash=password_hash)
    )


def password_hash_of(conn: Connection, key: str) -> tuple[str, str] | None:
    """(profile id, hash) of the live profile with this folded name and a password."""
    row = conn.execute(
        sa.select(profiles.c.id, profiles.c.password_hash).where(
            profiles.c.name_key == key, profiles.c.password_hash.is_not(None)
        )
    ).first()
    return None if row is None else (str(row.id), str(row.password_hash))


# ------------------------------------------------------------------ sessions
def add_session(conn: Connection, token: str, profile_id: str, now: float) -> None:
    conn.execute(
        sessions.insert().values(
            token_hash=hash_token(token), profile_id=profile_id, created_at=now, used_at=now
        )
    )


def drop_session(conn: Connection, token: str) -> None:
    conn.execute(sessions.delete().where(sessions.c.token_hash == hash_token(token)))


def touch_session(conn: Connection, token: str, profile_id: str, now: float) -> None:
    conn.execute(
        sessions.update().where(sessions.c.token_hash == hash_token(token)).values(used_at=now)
    )
    conn.execute(profiles.update().where(profiles.c.id == profile_id).values(seen_at=now))


def session_profile(conn: Connection, token: str) -> dict[str, Any] | None:
    """The live profile a session token holds, with the session's last use."""
    row = conn.execute(
        sa.select(
            profiles.c.id,
            profiles.c.name,
            profiles.c.password_hash,
            sessions.c.used_at,
        )
        .select_from(sessions.join(profiles, sessions.c.profile_id == profiles.c.id))
        .where(sessions.c.token_hash == hash_token(token), profiles.c.deleted_at.is_(None))
    ).first()
    if row is None:
        return None
    return {
        "id": str(row.id),
        "name": str(row.name),
        "has_password": row.password_hash is not None,
        "used_at": float(row.used_at),
    }


def profile_row(
    conn: Connection, profile_id: str, with_hash: bool = False
) -> dict[str, Any] | None:
    """A live profile as the API shows it (the password's hash only when asked)."""
    row = conn.execute(
        sa.select(profiles.c.id, profiles.c.name, profiles.c.password_hash).where(
            profiles.c.id == profile_id, profiles.c.deleted_at.is_(None)
        )
    ).first()
    if row is None:
        return None
    found: dict[str, Any] = {
        "id": str(row.id),
        "name": str(row.name),
        "has_password": row.password_hash is not None,
    }
    if with_hash:
        found["password_hash"] = row.password_hash
    return found


def passkey_count(conn: Connection, profile_id: str) -> int:
    count = conn.execute(
        sa.select(sa.func.count()).select_from(passkeys).where(passkeys.c.profile_id == profile_id)
    ).scalar_one()
    return int(count)


def names_of(conn: Connection, ids: Iterable[str]) -> dict[str, str | None]:
    """Each known id's name; None for a deleted profile. Unknown ids are left out."""
    wanted = sorted(set(ids))
    found: dict[str, str | None] = {}
    # a long list of ids is asked in slices (SQLite caps the number of parameters)
    for start in range(0, len(wanted), 500):
        part = wanted[start : start + 500]
        for row in conn.execute(
            sa.select(profiles.c.id, profiles.c.name).where(profiles.c.id.in_(part))
        ):
            found[str(row.id)] = None if row.name is None else str(row.name)
    return found


def now() -> float:
    return time.time()
