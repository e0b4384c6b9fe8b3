"""Rated games between friends by link: a room created "classée" from the create dialog.

A rated room counts for the ratings (the finish hook in `ratings.py` rates it when every
seat is a distinct live profile), so each of its seats is bound to a profile by the
server, from the session cookie, never from what the client sends: the creator's seat
when the room is made, each friend's when they join by the invite link. Refusals are
{"error", "code"} JSON with a code the page words.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from fastapi import Request
from sqlalchemy.engine import Connection

from tablier.server.people.ratings import rating_key
from tablier.server.people.session import PeopleError, Profile, current_profile, storage_of
from tablier.server.people.tables import rated_rooms

if TYPE_CHECKING:
    from tablier.server.manager import SeatRequest
    from tablier.server.rooms import Room

# whether a room is rated never changes once it exists: answers are kept (bounded)
_KNOWN_MAX = 20_000
_known: OrderedDict[str, str | None] = OrderedDict()


class _ProfileNeeded(PeopleError):
    def __init__(self, why: str) -> None:
        super().__init__(401, why, "profile_needed")


async def creator(request: Request, seats: list[SeatRequest]) -> Profile:
    """The profile creating a rated room, with its seat requests bound to it.

    Refused: nobody signed in (401 profile_needed); a computer seat, or the creator on
    more than one seat (400 rated_needs_people). Mutates `seats` (the creator's one seat
    gets the profile's id and name)."""
    profile = await current_profile(request)
    if profile is None:
        raise _ProfileNeeded("a rated game needs a profile: choose a name first")
    if any(s.kind != "human" for s in seats):
        raise PeopleError(
            400, "a rated game is played by people only, no computer seat", "rated_needs_people"
        )
    mine = [s for s in seats if s.mine]
    if len(mine) > 1:
        raise PeopleError(
            400, "a rated game needs one person per seat, each signed in", "rated_needs_people"
        )
    if not mine:
        # the creator always sits down: a rated room is not made for others
        raise PeopleError(400, "the creator of a rated game takes a seat", "rated_needs_people")
    mine[0].player_id, mine[0].name = profile.id, profile.name
    return profile


async def mark_rated(request: Request, room_id: str, game: str, options: dict[str, Any]) -> str:
    """Record the new room as rated (its rating key, decided now and never after)."""
    key = rating_key(game, options)

    def write(conn: Connection) -> None:
        conn.execute(rated_rooms.insert().values(room_id=room_id, key=key, created_at=time.time()))

    await storage_of(request).write(write)
    _remember(room_id, key)
    return key


async def rated_key(request: Request, room_id: str) -> str | None:
    """The room's rating key, None for a casual room."""
    if room_id in _known:
        return _known[room_id]
    engine = storage_of(request).engine

    def read() -> str | None:
        with engine.connect() as conn:
            return conn.execute(
                sa.select(rated_rooms.c.key).where(rated_rooms.c.room_id == room_id)
            ).scalar()

    key = await asyncio.to_thread(read)
    _remember(room_id, key)
    return key


def _remember(room_id: str, key: str | None) -> None:
    _known[room_id] = key
    _known.move_to_end(room_id)
    while len(_known) > _KNOWN_MAX:
        _known.popitem(last=False)


async def joiner(request: Request, room: Room) -> Profile | None:
    """Who takes a seat of `room`: the signed-in profile when the room is rated (refused
    without one, or when it already holds a seat there), None for a casual room."""
    if await rated_key(request, room.id) is None:
        return None
    profile = await current_profile(request)
    if profile is None:
        raise _ProfileNeeded("a rated game needs a profile: choose a name to take this seat")
    if any(s.player_id == profile.id for s in room.seats):
        raise already_seated()
    return profile


def already_seated() -> PeopleError:
    return PeopleError(
        409, "your profile already holds a seat of this rated game", "already_seated"
    )
