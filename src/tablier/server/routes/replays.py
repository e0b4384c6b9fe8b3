"""A stored game replayed: its record, and each position as one seat saw it."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

from tablier.core import records
from tablier.core.records import Record, Replayable
from tablier.server.manager import RoomManager
from tablier.server.routes.errors import ApiError
from tablier.server.storage import StoredGame


async def load_game(
    manager: RoomManager, room_id: str, number: int
) -> tuple[dict[str, Any], StoredGame]:
    """A room's row and its game `number`, or a 404."""
    found = await asyncio.to_thread(manager.storage.load_game, room_id, number)
    if found is None:
        raise ApiError(404, f"no game {number} in room {room_id!r}")
    return found


def stored_record(room_row: dict[str, Any], stored: StoredGame) -> Replayable:
    record: Replayable = {
        "game": room_row["game"],
        "options": room_row["options"],
        "seed": stored.seed,
        "num_players": room_row["num_players"],
        "moves": [[p, m] for p, m in stored.moves],
    }
    if stored.setup:
        record["setup"] = stored.setup
    return record


def open_views(
    room_row: dict[str, Any], stored: StoredGame, seat: int | None
) -> list[dict[str, Any]]:
    """`seat`'s view after 0, 1, ... moves, replaying the record once.

    Only for a finished game: nothing is secret any more, so each position is its open
    observation (a hidden-information game shows the hands and pending choices).
    """
    if not stored.finished:
        raise ValueError("a game's open views are released at its end only")
    state = records.replay(stored_record(room_row, stored), upto=0)
    # copies: an observation may share lists with the state that the next move changes
    views = [copy.deepcopy(state.open_observation(seat))]
    for player, move in stored.moves:
        state.apply(player, move)
        views.append(copy.deepcopy(state.open_observation(seat)))
    return views


def finished_record(room_row: dict[str, Any], stored: StoredGame) -> Record:
    full = records.replay(stored_record(room_row, stored)).record()
    if stored.result is not None:
        # resignations and time losses are decided by the server, not the engine
        full["returns"] = stored.result.get("returns")
        full["outcome"] = stored.result
    return full
