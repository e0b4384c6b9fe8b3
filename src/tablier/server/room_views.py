"""What a room tells: each seat's state message (WebSocket) and its public status (REST)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablier.server.words import spoken_moves

if TYPE_CHECKING:
    from tablier.server.rooms import Room


def state_message(
    room: Room,
    seat: int | None,
    legal: dict[int, list[str]],
    seats: list[dict[str, Any]],
    clocks: dict[str, Any] | None,
) -> dict[str, Any]:
    """What `seat` sees (None: a spectator); `legal`, `seats` and `clocks` are computed
    once for every connection of a broadcast."""
    state = room.state
    return {
        "type": "state",
        "room": room.id,
        "game_number": room.number,
        "seat": seat,
        "observation": state.observation(seat),
        "legal_moves": legal.get(seat, []) if seat is not None else [],
        "awaited": room.awaited(),
        "moves": state.public_history(seat),
        # the same list in words, {fr, en} per move (None: the notation only)
        "words": spoken_moves(state, seat),
        "move_count": len(state.history),
        "terminal": room.over,
        "outcome": room.outcome(),
        "clocks": clocks,
        "seats": seats,
        "rematch": sorted(room.rematch),
        "previous_outcome": room.told(room.previous_result),
    }


def status(room: Room) -> dict[str, Any]:
    """The room's public status: no seed, no token, nobody's private view."""
    return {
        "room": room.id,
        "game": room.game_id,
        "options": room.options,
        "num_players": room.num_players,
        "clock": room.clock_config,
        "game_number": room.number,
        "seats": room.public_seats(),
        "awaited": room.awaited(),
        "move_count": len(room.state.history),
        "moves": room.state.public_history(None),
        "finished": room.over,
        "outcome": room.outcome(),
        "previous_outcome": room.told(room.previous_result),
        "spectators": sum(1 for c in room.connections if c.spectator),
    }
