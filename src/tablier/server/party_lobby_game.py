"""The lobby's game: Commencer makes the room, and the host pauses and resumes it.

At the start the room gets one seat per guest in an order drawn by lot; each phone's
lobby secret becomes its seat's token, so a phone takes its seat with what it already
holds, and the lobby's code names the room from then on. A party's clocks wait for its
phones and stand still while it is paused (`timers.hold_party`).
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy.engine import Engine

from tablier.server import timers
from tablier.server.manager import RoomManager, SeatRequest
from tablier.server.party_context import fail, manager
from tablier.server.party_lobby_bodies import PauseBody, TokenBody
from tablier.server.party_lobby_context import (
    hosted_lobby,
    is_host,
    limits,
    lobbies,
    lobby_or_404,
    public_status,
)
from tablier.server.party_lobby_model import Guest, Lobby
from tablier.server.party_tables import party_codes
from tablier.server.rooms import Room
from tablier.server.seats import hash_token
from tablier.server.storage import Storage

game_router = APIRouter(tags=["party"])


def _may_start(lobby: Lobby, token: str) -> bool:
    """The host, or the first phone to have joined (a party without a TV)."""
    first = next((g for g in lobby.present() if g.kind == "human"), None)
    return is_host(lobby, token) or (first is not None and first.token_hash == hash_token(token))


async def _seat_guests(rooms: RoomManager, room: Room, order: list[Guest]) -> None:
    """Each phone's lobby secret becomes its seat's token."""
    async with room.lock:
        for seat, guest in enumerate(order):
            guest.seat = seat
            if guest.kind == "human" and guest.token_hash:
                await rooms.storage.write(
                    Storage.op_take_seat(
                        room.id, room.number, seat, guest.token_hash, None, guest.name
                    )
                )
                room.seats[seat].token_hash = guest.token_hash


async def _make_room(request: Request, lobby: Lobby) -> Room | JSONResponse:
    """The room of a lobby with enough guests (the lobby lock held)."""
    present = lobby.present()
    low, high = limits(lobby.game)
    if not low <= len(present) <= high:
        return fail(409, f"{low} to {high} players are needed", code="players", n=len(present))
    order = list(present)
    random.SystemRandom().shuffle(order)
    requests = [
        SeatRequest(g.kind, level=g.level if g.kind == "computer" else None, name=g.name)
        for g in order
    ]
    rooms = manager(request)
    try:
        created = await rooms.create(
            lobby.game, dict(lobby.options), len(order), requests, False, None, None
        )
    except ValueError as exc:
        return fail(422, str(exc), code="bad_options")
    room = created.room
    # before this coroutine yields: the new room's clocks wait for the phones
    timers.hold_party(room.id, paused=lobby.paused)
    room.after_change()
    lobby.guests = order + [g for g in lobby.guests if g.left]
    await _seat_guests(rooms, room, order)
    return room


@game_router.post("/api/party/lobbies/{code}/start", summary="Commencer: the game begins")
async def start(code: str, body: TokenBody, request: Request) -> Any:
    """The host, or the first phone to have joined, starts the game once enough are in."""
    lobby = await lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    if not _may_start(lobby, body.token):
        return fail(403, "only the host or the first player may start", code="forbidden")
    kept = lobbies(request)
    async with kept.lock:
        if lobby.room is not None:
            return public_status(request, lobby)
        room = await _make_room(request, lobby)
        if isinstance(room, JSONResponse):
            return room
        lobby.room = room.id
        await kept.save(lobby)
        await asyncio.to_thread(_code_the_room, kept.engine, lobby.code, room.id)
    room._presence()
    return public_status(request, lobby)


@game_router.post("/api/party/lobbies/{code}/pause", summary="Pause or resume the game")
async def pause(code: str, body: PauseBody, request: Request) -> Any:
    lobby = await hosted_lobby(request, code, body.token)
    if isinstance(lobby, JSONResponse):
        return lobby
    lobby.paused = body.paused
    await lobbies(request).save(lobby)
    if lobby.room is not None:
        # a paused party's clocks stand still: the room's timers read this hold
        timers.hold_party(lobby.room, paused=body.paused)
        room = await manager(request).get_room(lobby.room)
        if room is not None:
            room.after_change()
    return public_status(request, lobby)


def _code_the_room(engine: Engine, code: str, room_id: str) -> None:
    """The lobby's code now names its room too (the phones' and TV's links keep working)."""
    with engine.begin() as conn:
        conn.execute(
            party_codes.insert().values(code=code, room_id=room_id, created_at=time.time())
        )
