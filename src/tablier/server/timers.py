"""The room's decision timer: when the first awaited seat runs out of time, the game's
timeout move is played for it where the game has one, else the seat loses on time."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablier.server.rooms import Room


def arm(room: Room) -> None:
    """(Re)start the timer for the earliest deadline of the room's running clocks."""
    if room.timer is not None:
        room.timer.cancel()
        room.timer = None
    if room.clock is None or room.over:
        return
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
        if seat not in room.awaited():
            return
        legal = [str(m) for m in room.state.legal_moves(seat)]
        room.timer = None
        timeout = room.game.timeout_move
        if timeout is not None and timeout in legal:
            await room.commit(seat, timeout)
        else:
            await room.end(seat, "time")
    room.after_change()
