"""The shared state a route reaches, typed: `create_app` and its lifespan put it on
`app.state`; routes take it through these functions (as FastAPI dependencies or
called with the request)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Request, WebSocket

from tablier.server.analysis import Analyses
from tablier.server.manager import RoomManager
from tablier.server.party import PartyStore
from tablier.server.rooms import Room
from tablier.server.routes.errors import ApiError
from tablier.server.settings import Settings


def manager_of(request: Request) -> RoomManager:
    manager: RoomManager = request.app.state.manager
    return manager


def settings_of(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def analyses_of(request: Request) -> Analyses:
    analyses: Analyses = request.app.state.analyses
    return analyses


def party_of(request: Request) -> PartyStore:
    store: PartyStore = request.app.state.party
    return store


def socket_manager(ws: WebSocket) -> RoomManager:
    manager: RoomManager = ws.app.state.manager
    return manager


Manager = Annotated[RoomManager, Depends(manager_of)]
ServerSettings = Annotated[Settings, Depends(settings_of)]


async def room_of(manager: RoomManager, room_id: str) -> Room:
    room = await manager.get_room(room_id)
    if room is None:
        raise ApiError(404, f"no room {room_id!r}")
    return room


def links(request: Request, room_id: str, num_players: int) -> dict[str, Any]:
    """The addresses a room's creator shares: one invitation a seat, watching, its socket."""
    base = str(request.base_url).rstrip("/")
    return {
        "invite": {str(s): f"{base}/?room={room_id}&join={s}" for s in range(num_players)},
        "watch": f"{base}/?room={room_id}&watch=1",
        "ws": f"{base.replace('http', 'ws', 1)}/ws/rooms/{room_id}",
    }
