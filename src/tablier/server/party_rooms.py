"""The routes of a coded room: its code, join link and QR code for the TV; what a code
names and its free seats for a phone; a seat taken with the code and the join token.

Anyone may try a code, so what a code shows is little (never the room's id nor its
token), and codes that name nothing cost the address (429 past its budget).
"""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from tablier.server.party_code import CodesExhausted, free_ended_codes, normal_code, plausible_code
from tablier.server.party_context import (
    count_miss,
    fail,
    lookup_refused,
    manager,
    settings,
    store,
)
from tablier.server.party_qr import qr_svg
from tablier.server.party_token import code_secret, join_details, join_token_ok
from tablier.server.rooms import Room
from tablier.server.web_manifest import declares

WEB_BOARDS = Path(__file__).resolve().parent.parent / "web" / "js" / "boards"
# how often, at most, a code request sweeps the codes of ended rooms back to the pool
SWEEP_SECONDS = 60

rooms_router = APIRouter(tags=["party"])


class JoinByCode(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    player_id: str | None = Field(None, min_length=1, max_length=80)
    # the digits the TV shows under the code (its link and QR code carry them)
    join_token: str | None = Field(None, max_length=8)


def has_host_view(game_id: str) -> bool:
    """Whether the game's web manifest declares a drawing for the shared screen ("host")."""
    return declares(game_id, "host")


def party_status(room: Room, code: str) -> dict[str, Any]:
    """What anyone with the code may see: never the room's id nor its join token."""
    free = [s.seat for s in room.seats if s.kind == "human" and s.token_hash is None]
    return {
        "game": room.game_id,
        "code": code,
        "host_view": has_host_view(room.game_id),
        "free_seats": free,
        "names": [s.name for s in room.seats],
    }


async def _sweep_codes(request: Request) -> None:
    """Now and then, the codes of ended rooms and lobbies go back to the pool."""
    last = getattr(request.app.state, "codes_freed_at", 0.0)
    if time.monotonic() - last <= SWEEP_SECONDS:
        return
    request.app.state.codes_freed_at = time.monotonic()
    freed = await asyncio.to_thread(free_ended_codes, store(request).engine)
    lobbies = getattr(request.app.state, "lobbies", None)
    for code in freed:
        if lobbies is not None:
            lobbies.cache.pop(code, None)


async def _code_for(request: Request, room_id: str) -> str | JSONResponse:
    await _sweep_codes(request)
    try:
        return await asyncio.to_thread(store(request).code_for, room_id)
    except CodesExhausted:
        return fail(503, "no party code is free right now: try again later", code="no_code")


@rooms_router.get("/api/party/rooms/{room_id}", summary="A room's code, join link and QR code")
async def party_room(room_id: str, request: Request) -> Any:
    room = await manager(request).get_room(room_id)
    if room is None:
        return fail(404, f"no room {room_id!r}")
    code = await _code_for(request, room.id)
    if isinstance(code, JSONResponse):
        return code
    kept = await asyncio.to_thread(store(request).room_upload, room.id)
    status = party_status(room, code)
    secret = await code_secret(request, code, room.id)
    assert secret is not None
    details = join_details(request, code, secret)
    status.update(details, room=room.id)
    status["qr"] = f"/api/party/rooms/{room.id}/qr.svg?w={details['join_token_period']}"
    status["upload"] = None if kept is None else {"id": kept["id"], "name": kept["name"]}
    return status


@rooms_router.get(
    "/api/party/rooms/{room_id}/qr.svg", summary="The QR code of the room's join link"
)
async def party_qr(room_id: str, request: Request) -> Response:
    room = await manager(request).get_room(room_id)
    if room is None:
        return fail(404, f"no room {room_id!r}")
    code = await _code_for(request, room.id)
    if isinstance(code, JSONResponse):
        return code
    secret = await code_secret(request, code, room.id)
    assert secret is not None
    return Response(
        qr_svg(join_details(request, code, secret)["join_url"]),
        media_type="image/svg+xml",
        headers={"Cache-Control": "no-cache"},
    )


async def _coded_room(request: Request, code: str) -> Room | JSONResponse:
    """The live room a code names; a 404 counted as a miss, or a 429 past too many."""
    refused = lookup_refused(request)
    if refused is not None:
        return refused
    room_id = (
        await asyncio.to_thread(store(request).room_of, code) if plausible_code(code) else None
    )
    room = None if room_id is None else await manager(request).get_room(room_id)
    if room is None:
        count_miss(request)
        return fail(404, f"no room has the code {normal_code(code)[:8]!r}", code="unknown_code")
    return room


@rooms_router.get("/api/party/codes/{code}", summary="The game a code names and its free seats")
async def party_code(code: str, request: Request) -> Any:
    room = await _coded_room(request, code)
    if isinstance(room, JSONResponse):
        return room
    return party_status(room, normal_code(code))


@rooms_router.post(
    "/api/party/codes/{code}/join", summary="Take the next free seat of a coded room"
)
async def party_join(code: str, body: JoinByCode, request: Request) -> Any:
    room = await _coded_room(request, code)
    if isinstance(room, JSONResponse):
        return room
    secret = await code_secret(request, normal_code(code), room.id)
    if secret is None or not join_token_ok(
        secret, body.join_token, settings(request).join_token_seconds
    ):
        count_miss(request)
        return fail(
            403,
            "the join token is missing or old: scan the code on the screen again",
            code="bad_join_token",
        )
    name = " ".join(body.name.split())
    if not name:
        return fail(400, "a name is needed to join", code="no_name")
    try:
        seat, token = await manager(request).join(room, None, body.player_id, name)
    except LookupError as exc:
        return fail(409, str(exc.args[0]), code="room_full")
    return {"room": room.id, "seat": seat, "token": token, "game": room.game_id}


@rooms_router.get("/j/{code}", summary="Short join address: the join page with the code filled in")
async def short_join(code: str, t: str | None = None) -> RedirectResponse:
    clean = re.sub(r"[^A-Za-z]", "", code).upper()[:8]
    token = re.sub(r"[^0-9]", "", t or "")[:8]
    return RedirectResponse(
        f"/?join-code={clean}" + (f"&t={token}" if token else ""), status_code=307
    )
