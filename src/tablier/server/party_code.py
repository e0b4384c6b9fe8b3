"""The short party codes: drawn, read back from what a person typed, given back.

One code names a lobby and, once its game starts, the room too; a room opened without
a lobby gets its own code on first request. Codes are few (22⁴), so those of ended
rooms and forgotten lobbies return to the pool.
"""

from __future__ import annotations

import re
import secrets
import time

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tablier.server.party_tables import party_codes, party_lobbies

# no I, L, O, U: they read as 1, 1, 0 and V on a screen across the room
CODE_LETTERS = "ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 4
# an ended room's code is given back after this long (its phones may still look)
CODE_GRACE_SECONDS = 3600.0
# a lobby nobody started is forgotten after a day
UNSTARTED_LOBBY_SECONDS = 86400.0


class CodesExhausted(RuntimeError):
    """No free party code was found (the table is nearly full)."""


def new_code(rng: secrets.SystemRandom | None = None) -> str:
    chooser = rng or secrets.SystemRandom()
    return "".join(chooser.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """What a person typed, as a code: upper case, no spaces or dashes."""
    return re.sub(r"[\s-]+", "", text).upper()


def plausible_code(code: str) -> bool:
    """Whether the text could be a code at all (anything else is a miss without a query)."""
    return bool(re.fullmatch(f"[{CODE_LETTERS}]{{{CODE_LENGTH},8}}", normal_code(code)))


def code_taken(conn: sa.Connection, code: str) -> bool:
    """Whether a room or a lobby holds the code."""
    if conn.execute(sa.select(party_codes.c.code).where(party_codes.c.code == code)).scalar():
        return True
    return bool(
        conn.execute(sa.select(party_lobbies.c.code).where(party_lobbies.c.code == code)).scalar()
    )


def free_code(conn: sa.Connection) -> str:
    """A code no room or lobby holds; a few draws, since a nearly full pool is a fault."""
    for _ in range(50):
        code = new_code()
        if not code_taken(conn, code):
            return code
    raise CodesExhausted("no free party code left")


def free_ended_codes(engine: Engine, now: float | None = None) -> list[str]:
    """Give back the codes of rooms that ended (no unfinished game, none finished in the
    last CODE_GRACE_SECONDS) and of lobbies never started for a day; the lobby codes freed."""
    # imported on use: the storage layer is heavy, and only this sweep needs its games
    from tablier.server.storage import games

    now = time.time() if now is None else now
    cutoff = now - CODE_GRACE_SECONDS
    lively = sa.select(games.c.room_id).where(
        sa.or_(games.c.finished == sa.false(), games.c.finished_at > cutoff)
    )
    lobbies = party_lobbies
    ended = sa.or_(
        sa.and_(lobbies.c.room_id.is_(None), lobbies.c.created_at < now - UNSTARTED_LOBBY_SECONDS),
        sa.and_(
            lobbies.c.room_id.is_not(None),
            lobbies.c.created_at < cutoff,
            lobbies.c.room_id.not_in(lively),
        ),
    )
    with engine.begin() as conn:
        conn.execute(
            party_codes.delete().where(
                party_codes.c.created_at < cutoff, party_codes.c.room_id.not_in(lively)
            )
        )
        freed = [str(r.code) for r in conn.execute(sa.select(lobbies.c.code).where(ended))]
        if freed:
            conn.execute(lobbies.delete().where(lobbies.c.code.in_(freed)))
    return freed
