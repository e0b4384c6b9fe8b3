"""Finished games read back: a record to download, the positions of a replay."""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi import Path as FastPath
from fastapi.responses import Response

from tablier.core import registry
from tablier.server.fair_compute import FinishedCache
from tablier.server.limits import MAX_INDEX
from tablier.server.manager import RoomManager
from tablier.server.outcomes import told_outcome
from tablier.server.routes.errors import ApiError
from tablier.server.routes.replays import finished_record, load_game, open_views, stored_record
from tablier.server.routes.state import Manager
from tablier.server.words import record_words

router = APIRouter()

GameNumber = Annotated[int, FastPath(ge=1, le=MAX_INDEX)]


@router.get(
    "/api/rooms/{room_id}/games/{number}/record",
    tags=["rooms"],
    summary="Download a finished game's record (.tablier.json)",
)
async def game_record(room_id: str, number: GameNumber, manager: Manager) -> Response:
    room_row, stored = await load_game(manager, room_id, number)
    if not stored.finished:
        raise ApiError(
            409, "the game is not over: its record (with the seed) is released at the end"
        )
    record = await asyncio.to_thread(finished_record, room_row, stored)
    name = f"{room_row['game']}-{room_id}-{number}.tablier.json"
    return Response(
        json.dumps(record, ensure_ascii=False, indent=2) + "\n",
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get(
    "/api/rooms/{room_id}/games/{number}/views",
    tags=["rooms"],
    summary="A finished game's position after each move, as one seat (or a spectator) saw it",
)
async def game_views(
    room_id: str,
    number: GameNumber,
    request: Request,
    manager: Manager,
    seat: Annotated[int | None, Query(description="omit for the spectator's view")] = None,
) -> dict[str, Any]:
    cache: FinishedCache[dict[str, Any]] = request.app.state.finished_views
    # a finished game never changes: its views are computed once
    return await cache.get(
        (room_id, number, seat), lambda: _views_answer(manager, room_id, number, seat)
    )


async def _views_answer(
    manager: RoomManager, room_id: str, number: int, seat: int | None
) -> dict[str, Any]:
    room_row, stored = await load_game(manager, room_id, number)
    if not stored.finished:
        raise ApiError(409, "the game is not over: its views are released at the end")
    num_players = room_row["num_players"]
    if seat is not None and not 0 <= seat < num_players:
        raise ApiError(400, f"there is no seat {seat}: seats are 0 to {num_players - 1}")
    views = await asyncio.to_thread(open_views, room_row, stored, seat)
    final = await asyncio.to_thread(finished_record, room_row, stored)
    game = registry.load(room_row["game"], **room_row["options"])
    return {
        "room": room_id,
        "game_number": number,
        "seat": seat,
        "seats": stored.seats,
        "views": views,
        # each move in words, {fr, en}, as this seat saw it
        "words": await asyncio.to_thread(record_words, stored_record(room_row, stored), seat),
        # why the game ended, in words (the record keeps only the data)
        "outcome": told_outcome(game, final.get("outcome")),
    }
