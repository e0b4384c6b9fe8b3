"""A player's games, as the server stored them."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query

from tablier.server.routes.state import Manager

router = APIRouter()


@router.get("/api/players/{player_id}/games", tags=["players"], summary="A player's games")
async def player_games(
    player_id: str, manager: Manager, limit: Annotated[int, Query(ge=1, le=200)] = 20
) -> list[dict[str, Any]]:
    rows = await asyncio.to_thread(manager.storage.player_games, player_id, limit)
    return [
        {
            "room": r["room_id"],
            "game_number": r["number"],
            "game": r["game"],
            "seat": r["seat"],
            "num_players": r["num_players"],
            "finished": bool(r["finished"]),
            "outcome": r["result"],
            "started_at": r["started_at"],
            "finished_at": r["finished_at"],
        }
        for r in rows
    ]
