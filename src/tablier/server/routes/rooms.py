"""Rooms over HTTP: making one, its public status, taking a free seat. Play itself
goes over the room's WebSocket (play_socket.py)."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from tablier.server.fair_compute import requester_key
from tablier.server.games_quota import TooManyGames, quota_for
from tablier.server.manager import AlreadySeated
from tablier.server.party import PartyStore
from tablier.server.people import rated_rooms
from tablier.server.routes.bodies import CreateRoom, JoinSeat
from tablier.server.routes.checks import check_text, checked_options
from tablier.server.routes.errors import ApiError
from tablier.server.routes.new_room import (
    check_room_limits,
    claim_uploads,
    client_address,
    create_claimed,
    seat_requests,
)
from tablier.server.routes.state import Manager, ServerSettings, links, party_of, room_of
from tablier.server.seat_names import BadSeatName, clean_seat_name

router = APIRouter(tags=["rooms"])

Uploads = Annotated[PartyStore, Depends(party_of)]


@router.post("/api/rooms", status_code=201, summary="Create a room")
async def create_room(
    body: CreateRoom, request: Request, manager: Manager, settings: ServerSettings, store: Uploads
) -> dict[str, Any]:
    check_text(body.model_dump(), settings.max_option_text, body.options)
    check_room_limits(request, manager, settings)
    options = checked_options(body.game, body.options)
    requests = seat_requests(body, options)
    await _charge_game(request, manager, settings)
    if body.rated:
        # the creator's seat is bound to the signed-in profile (people/rated_rooms.py)
        await rated_rooms.creator(request, requests)
    claim = await claim_uploads(store, options)
    created = await create_claimed(manager, body, options, requests, store, claim)
    room = created.room
    manager.creators[room.id] = client_address(request)
    # its computer seats' work counts against its creator, watched or not
    room.requester = await requester_key(request)
    if body.rated:
        await rated_rooms.mark_rated(request, room.id, body.game, options)
    await asyncio.to_thread(store.finish_claim, claim, room.id)
    return {
        **room.status(),
        "rated": body.rated,
        "my_seats": [{"seat": s, "token": t} for s, t in sorted(created.tokens.items())],
        "links": links(request, room.id, room.num_players),
    }


async def _charge_game(request: Request, manager: Manager, settings: ServerSettings) -> None:
    # a new room's first game is stored for good, as a rematch is: one hourly share
    # for both, or a loop of "create, play out, leave" grows the database instead
    try:
        quota_for(manager.storage, settings).charge(await requester_key(request))
    except TooManyGames as exc:
        raise ApiError(429, str(exc), code="too_many_games") from None


@router.get("/api/rooms/{room_id}", summary="A room's public status")
async def room_status(room_id: str, request: Request, manager: Manager) -> dict[str, Any]:
    room = await room_of(manager, room_id)
    rated = await rated_rooms.rated_key(request, room.id) is not None
    return {
        **room.status(),
        "rated": rated,
        "links": links(request, room.id, room.num_players),
    }


def _seat_name(body: JoinSeat) -> str | None:
    if body.name is None:
        return None
    try:
        return clean_seat_name(body.name)
    except BadSeatName as exc:
        raise ApiError(400, str(exc), code=exc.code) from None


@router.post("/api/rooms/{room_id}/join", summary="Take a free seat")
async def join_room(
    room_id: str, body: JoinSeat, request: Request, manager: Manager, settings: ServerSettings
) -> dict[str, Any]:
    check_text(body.model_dump(), settings.max_option_text, {})
    name = _seat_name(body)
    room = await room_of(manager, room_id)
    # a rated room's seat goes to the signed-in profile, under its name
    profile = await rated_rooms.joiner(request, room)
    player_id = body.player_id if profile is None else profile.id
    if profile is not None:
        name = profile.name
    try:
        seat, token = await manager.join(room, body.seat, player_id, name, once=profile is not None)
    except ValueError as exc:
        raise ApiError(400, str(exc)) from None
    except AlreadySeated:
        raise rated_rooms.already_seated() from None
    except LookupError as exc:
        raise ApiError(409, str(exc.args[0])) from None
    return {"room": room.id, "seat": seat, "token": token}
