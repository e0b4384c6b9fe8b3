"""The room's decision timer: when the first awaited seat runs out of time, the game's
timeout move is played for it where the game has one, else the seat loses on time.

A party game (one shared screen, a phone per player) is never timed while it waits for a
phone: if an awaited person's seat has no connection, or the host paused, every clock
stops and the computers wait too; the awaited seats get a fresh clock when it goes on.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablier.server.rooms import Room


@dataclass
class PartyHold:
    paused: bool = False


# room id -> its party controls (rooms started from a party lobby)
PARTY_ROOMS: dict[str, PartyHold] = {}


def hold_party(room_id: str, paused: bool = False) -> None:
    """Make a room a party game (its clocks wait for phones), paused or not."""
    PARTY_ROOMS.setdefault(room_id, PartyHold()).paused = paused


def absent(room: Room) -> list[int]:
    """The awaited people's seats that have no phone connected."""
    online = room.connected_seats()
    return [s for s in room.awaited() if room.seats[s].kind == "human" and s not in online]


def held(room: Room) -> bool:
    """Whether a party game is waiting (paused, or for a phone): nothing is timed or played."""
    party = PARTY_ROOMS.get(room.id)
    if party is None or room.over:
        return False
    if party.paused or absent(room):
        return True
    # computers do not play on while no person's phone is there
    people = {s.seat for s in room.seats if s.kind == "human"}
    return bool(people) and not people & room.connected_seats()


def arm(room: Room) -> None:
    """(Re)start the timer for the earliest deadline of the room's running clocks."""
    if room.timer is not None:
        room.timer.cancel()
        room.timer = None
    if room.clock is None or room.over:
        return
    if room.id in PARTY_ROOMS:
        if held(room):
            if room.clock.since:
                room.clock.stop()
                room.broadcast()
            return
        awaited = room.awaited()
        if any(seat not in room.clock.since for seat in awaited):
            room.clock.update(None, awaited)
            room.broadcast()
    deadlines = room.clock.deadlines(room.legal())
    if deadlines:
        seat = min(deadlines, key=lambda s: deadlines[s])
        room.timer = asyncio.create_task(
            _expire(room, seat, deadlines[seat], room.number, len(room.state.history))
        )


async def _expire(room: Room, seat: int, deadline: float, number: int, count: int) -> None:
    await asyncio.sleep(max(0.0, deadline - time.monotonic()))
    async with room.lock:
        if room.over or number != room.number or count != len(room.state.history):
            return
        if seat not in room.awaited() or held(room):
            return
        legal = [str(m) for m in room.state.legal_moves(seat)]
        room.timer = None
        timeout = room.game.timeout_move
        if timeout is not None and timeout in legal:
            await room.commit(seat, timeout)
        else:
            await room.end(seat, "time")
    room.after_change()
