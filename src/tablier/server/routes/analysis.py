"""The engine's analysis of a finished game: started by one request, read by others."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from tablier.ai.analysis import analysable
from tablier.core import registry
from tablier.server.analysis import Analyses
from tablier.server.fair_compute import requester_key
from tablier.server.manager import RoomManager
from tablier.server.routes.errors import ApiError
from tablier.server.routes.records import GameNumber
from tablier.server.routes.replays import load_game, stored_record
from tablier.server.routes.state import Manager, analyses_of
from tablier.server.storage import StoredGame

router = APIRouter(tags=["rooms"])

Jobs = Annotated[Analyses, Depends(analyses_of)]


async def _analysable(
    manager: RoomManager, room_id: str, number: int
) -> tuple[dict[str, Any], StoredGame]:
    room_row, stored = await load_game(manager, room_id, number)
    if not analysable(registry.game_class(room_row["game"])):
        raise ApiError(400, "this game's moves are written answers: they are not analysed")
    if not stored.finished:
        raise ApiError(409, "the game is not over: it is analysed once finished")
    return room_row, stored


@router.post(
    "/api/rooms/{room_id}/games/{number}/analysis",
    status_code=202,
    summary="Start the engine's analysis of a finished game (every position)",
)
async def start_analysis(
    room_id: str, number: GameNumber, request: Request, manager: Manager, analyses: Jobs
) -> dict[str, Any]:
    room_row, stored = await _analysable(manager, room_id, number)
    record = await asyncio.to_thread(stored_record, room_row, stored)
    job = analyses.start(room_id, number, record, requester=await requester_key(request))
    return job.view()


@router.get(
    "/api/rooms/{room_id}/games/{number}/analysis",
    summary="The analysis of a finished game: its progress, each position and move",
)
async def read_analysis(
    room_id: str, number: GameNumber, manager: Manager, analyses: Jobs
) -> dict[str, Any]:
    await _analysable(manager, room_id, number)
    job = analyses.get(room_id, number)
    if job is None:
        raise ApiError(404, "this game has not been analysed: POST to start")
    return job.view()
