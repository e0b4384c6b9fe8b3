"""The open-games lobby's store: challenges and quick seeks, as plain functions on a connection.

The database is the truth for every process: a challenge is accepted by one conditional
UPDATE (`WHERE status = 'open' AND expires_at > now`) whose row count says who won, so two
accepts at the same moment, on one process or two, start one game. Writes run inside
`Storage.write` (the single writer's transaction); reads in a thread with their own
connection.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tablier.server.people.ratings import current_rating, rating_key
from tablier.server.people.tables import challenges, profiles, rated_rooms, sessions
from tablier.server.storage import games, moves, rooms, seats

# a challenge nobody accepts leaves the list after this long
TTL_SECONDS = 600.0
# what one profile may post: open challenges at once, and new ones a minute
MAX_OPEN = 3
POSTS_PER_MINUTE = 6
# "partie rapide": a seek pairs with a rating this close, wider the longer it waited
QUICK_WINDOW = 100.0
QUICK_WIDENING_PER_SECOND = 5.0
QUICK_WINDOW_MAX = 600.0
# a game counts as "in play" while something happened in it this recently
IN_PLAY_SECONDS = 900.0


@dataclass
class Refused(Exception):
    """A lobby request refused: HTTP status, a stable code, and the reason in English."""

    status: int
    code: str
    message: str

    def __str__(self) -> str:
        return self.message


def new_id() -> str:
    return secrets.token_urlsafe(9)


def now() -> float:
    return time.time()


def quick_window(waited: float) -> float:
    """How far apart two quick seekers' ratings may be once one waited `waited` seconds."""
    return min(QUICK_WINDOW_MAX, QUICK_WINDOW + QUICK_WIDENING_PER_SECOND * max(0.0, waited))


# ------------------------------------------------------------------ writing
# Writers answer a Refused rather than raising it: a refusal is no failed transaction.
def post(conn: Connection, row: dict[str, Any]) -> Refused | None:
    """Insert an open challenge, within the poster's limits."""
    pid, at, quick = row["profile_id"], row["created_at"], row["quick"]
    recent = conn.execute(
        sa.select(sa.func.count())
        .select_from(challenges)
        .where(
            challenges.c.profile_id == pid,
            challenges.c.created_at > at - 60,
            challenges.c.quick.is_(quick),
        )
    ).scalar_one()
    if recent >= POSTS_PER_MINUTE:
        return Refused(429, "too_fast", f"at most {POSTS_PER_MINUTE} challenges a minute")
    if not quick:
        still_open = conn.execute(
            sa.select(sa.func.count())
            .select_from(challenges)
            .where(
                challenges.c.profile_id == pid,
                challenges.c.status == "open",
                challenges.c.quick.is_(False),
                challenges.c.expires_at > at,
            )
        ).scalar_one()
        if still_open >= MAX_OPEN:
            return Refused(
                409, "too_many_challenges", f"at most {MAX_OPEN} open challenges at once"
            )
    conn.execute(challenges.insert().values(**row))
    return None


def take(conn: Connection, challenge_id: str, taker: str | None, at: float) -> Refused | None:
    """Mark an open challenge accepted by `taker`; Refused if someone was quicker.

    The one conditional UPDATE is the whole race: its row count is 1 for one caller only.
    """
    done = conn.execute(
        challenges.update()
        .where(
            challenges.c.id == challenge_id,
            challenges.c.status == "open",
            challenges.c.expires_at > at,
            _poster_here(),
        )
        .values(status="accepted", accepted_by=taker)
    )
    if done.rowcount == 1:
        return None
    row = conn.execute(
        sa.select(challenges.c.status, challenges.c.expires_at).where(
            challenges.c.id == challenge_id
        )
    ).first()
    if row is not None and row.status == "open" and row.expires_at > at:
        # open, but its poster signed out or left: withdrawn (the sweep will say so too)
        return _not_open(challenge_id, "cancelled", at)
    return _not_open(challenge_id, None if row is None else row.status, at)


def _poster_here() -> Any:
    """The challenge's poster still has a profile and a session somewhere."""
    # aliases: a query that joins `profiles` itself must not swallow these subqueries' own
    poster = profiles.alias("poster")
    signed_in = (
        sa.select(sessions.c.profile_id)
        .where(sessions.c.profile_id == challenges.c.profile_id)
        .correlate(challenges)
    )
    deleted = (
        sa.select(poster.c.id)
        .where(poster.c.id == challenges.c.profile_id, poster.c.deleted_at.is_not(None))
        .correlate(challenges)
    )
    return sa.and_(signed_in.exists(), ~deleted.exists())


def _not_open(challenge_id: str, status: str | None, at: float) -> Refused:
    if status is None:
        return Refused(404, "no_challenge", f"no challenge {challenge_id!r}")
    if status == "accepted":
        return Refused(409, "challenge_taken", "someone else accepted this challenge first")
    if status == "cancelled":
        return Refused(410, "challenge_cancelled", "this challenge was withdrawn")
    return Refused(410, "challenge_expired", "this challenge has expired")


def give_back(conn: Connection, challenge_id: str) -> None:
    """Reopen a challenge whose game could not be created (the acceptor's try failed)."""
    conn.execute(
        challenges.update()
        .where(challenges.c.id == challenge_id, challenges.c.status == "accepted")
        .values(status="open", accepted_by=None)
    )


def bind_room(conn: Connection, challenge_id: str, room_id: str, rating_key: str | None) -> None:
    """The accepted challenge's room; a rated one is recorded in `rated_rooms`."""
    conn.execute(challenges.update().where(challenges.c.id == challenge_id).values(room_id=room_id))
    if rating_key is not None:
        conn.execute(rated_rooms.insert().values(room_id=room_id, key=rating_key, created_at=now()))


def cancel(conn: Connection, challenge_id: str, profile_id: str) -> Refused | None:
    row = conn.execute(
        sa.select(challenges.c.profile_id, challenges.c.status).where(
            challenges.c.id == challenge_id
        )
    ).first()
    if row is None:
        return Refused(404, "no_challenge", f"no challenge {challenge_id!r}")
    if row.profile_id != profile_id:
        return Refused(403, "not_yours", "only its poster may withdraw a challenge")
    done = conn.execute(
        challenges.update()
        .where(challenges.c.id == challenge_id, challenges.c.status == "open")
        .values(status="cancelled")
    )
    return None if done.rowcount == 1 else _not_open(challenge_id, row.status, now())


def cancel_quick(conn: Connection, profile_id: str) -> int:
    done = conn.execute(
        challenges.update()
        .where(
            challenges.c.profile_id == profile_id,
            challenges.c.quick.is_(True),
            challenges.c.status == "open",
        )
        .values(status="cancelled")
    )
    return int(done.rowcount)


def sweep(conn: Connection, at: float) -> int:
    """Expire old challenges and withdraw those of profiles signed out or deleted."""
    expired = conn.execute(
        challenges.update()
        .where(challenges.c.status == "open", challenges.c.expires_at <= at)
        .values(status="expired")
    ).rowcount
    gone = conn.execute(
        challenges.update()
        .where(challenges.c.status == "open", ~_poster_here())
        .values(status="cancelled")
    ).rowcount
    return int(expired) + int(gone)


# ------------------------------------------------------------------ reading
def get(conn: Connection, challenge_id: str) -> dict[str, Any] | None:
    row = conn.execute(sa.select(challenges).where(challenges.c.id == challenge_id)).first()
    return None if row is None else dict(row._mapping)


def rating(conn: Connection, profile_id: str, game: str, options: dict[str, Any]) -> float:
    """A profile's rating for this game and variant (a newcomer's when unrated)."""
    return float(current_rating(conn, profile_id, rating_key(game, options)))


def open_list(conn: Connection, at: float) -> list[dict[str, Any]]:
    """The open, listed challenges (not quick seeks), oldest first, with the poster's name
    and rating for the challenge's game."""
    rows = conn.execute(
        sa.select(challenges, profiles.c.name)
        .join(profiles, profiles.c.id == challenges.c.profile_id)
        .where(
            challenges.c.status == "open",
            challenges.c.quick.is_(False),
            challenges.c.expires_at > at,
            _poster_here(),
        )
        .order_by(challenges.c.created_at)
        .limit(200)
    ).all()
    listed = []
    for row in rows:
        listed.append(
            {
                "id": row.id,
                "profile": {"id": row.profile_id, "name": row.name},
                "rating": round(rating(conn, row.profile_id, row.game, row.options)),
                "game": row.game,
                "options": row.options,
                "clock": row.clock,
                "rated": bool(row.rated),
                "min_rating": row.min_rating,
                "max_rating": row.max_rating,
                "created_at": row.created_at,
                "expires_at": row.expires_at,
            }
        )
    return listed


def quick_seeks(conn: Connection, game: str, at: float) -> list[dict[str, Any]]:
    rows = conn.execute(
        sa.select(challenges).where(
            challenges.c.status == "open",
            challenges.c.quick.is_(True),
            challenges.c.game == game,
            challenges.c.expires_at > at,
            _poster_here(),
        )
    ).all()
    return [dict(r._mapping) for r in rows]


def quick_counts(conn: Connection, at: float) -> dict[str, int]:
    """How many people wait for a quick game, per game."""
    rows = conn.execute(
        sa.select(challenges.c.game, sa.func.count())
        .where(
            challenges.c.status == "open",
            challenges.c.quick.is_(True),
            challenges.c.expires_at > at,
        )
        .group_by(challenges.c.game)
    ).all()
    return {str(game): int(n) for game, n in rows}


def live_games(conn: Connection, at: float, limit: int = 12) -> tuple[int, list[dict[str, Any]]]:
    """Games in play (something happened lately) and, to watch, those between profiles."""
    last = (
        sa.select(
            games.c.room_id,
            games.c.number,
            sa.func.coalesce(sa.func.max(moves.c.at), games.c.started_at).label("last"),
        )
        .select_from(
            games.outerjoin(
                moves, (moves.c.room_id == games.c.room_id) & (moves.c.number == games.c.number)
            )
        )
        .where(games.c.finished.is_(False))
        .group_by(games.c.room_id, games.c.number, games.c.started_at)
        .subquery()
    )
    recent = conn.execute(
        sa.select(last.c.room_id, last.c.number)
        .where(last.c.last > at - IN_PLAY_SECONDS)
        .order_by(last.c.last.desc())
    ).all()
    watch: list[dict[str, Any]] = []
    ids = [r.room_id for r in recent[:200]]
    seat_rows = (
        conn.execute(
            sa.select(
                seats.c.room_id, seats.c.seat, seats.c.kind, seats.c.player_id, profiles.c.name
            )
            .select_from(seats.outerjoin(profiles, profiles.c.id == seats.c.player_id))
            .where(seats.c.room_id.in_(ids))
            .order_by(seats.c.room_id, seats.c.seat)
        ).all()
        if ids
        else []
    )
    by_room: dict[str, list[Any]] = {}
    for row in seat_rows:
        by_room.setdefault(row.room_id, []).append(row)
    for r in recent:
        room_seats = by_room.get(r.room_id, [])
        # only games between profiles are public: a game by link stays between friends
        if not room_seats or any(s.kind != "human" or s.name is None for s in room_seats):
            continue
        game = conn.execute(sa.select(rooms.c.game).where(rooms.c.id == r.room_id)).scalar()
        watch.append(
            {
                "room": r.room_id,
                "game": game,
                "players": [{"id": s.player_id, "name": s.name} for s in room_seats],
                "href": f"/?room={r.room_id}&watch=1",
            }
        )
        if len(watch) >= limit:
            break
    return len(recent), watch


def profile_seat(conn: Connection, room_id: str, profile_id: str) -> int | None:
    """The seat a profile holds in a room (the first, should it hold several)."""
    value = conn.execute(
        sa.select(seats.c.seat)
        .where(seats.c.room_id == room_id, seats.c.player_id == profile_id)
        .order_by(seats.c.seat)
    ).scalar()
    return None if value is None else int(value)
