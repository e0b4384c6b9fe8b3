"""The way into a lobby: the TV opens it and shows its code, join token and QR code;
a phone looks it up, joins with a name and the token, and asks what its guest is."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from tablier.core import registry
from tablier.server.party_context import base_url, count_miss, fail, settings
from tablier.server.party_lobby_bodies import JoinBody, OpenBody, TokenBody
from tablier.server.party_lobby_context import (
    check_options,
    hosted_lobby,
    limits,
    lobbies,
    lobby_or_404,
    public_status,
)
from tablier.server.party_lobby_model import AVATARS, COLOURS, Guest, Lobby
from tablier.server.party_lobby_seat import give_seat
from tablier.server.party_qr import qr_svg
from tablier.server.party_token import join_details, join_token_ok
from tablier.server.seats import hash_token, new_token

entry_router = APIRouter(tags=["party"])


@entry_router.post("/api/party/lobbies", status_code=201, summary="Open a party's waiting room")
async def open_lobby(body: OpenBody, request: Request) -> Any:
    if body.game not in registry.game_ids():
        return fail(400, f"unknown game {body.game!r}", code="unknown_game")
    problem = check_options(body.game, body.options)
    if problem:
        return fail(422, problem, code="bad_options")
    lobby, host_token = await lobbies(request).open(body.game, dict(body.options))
    return JSONResponse(
        {**public_status(request, lobby), "host_token": host_token}, status_code=201
    )


@entry_router.get("/api/party/lobbies/{code}", summary="A waiting room: its guests and options")
async def lobby_status(code: str, request: Request) -> Any:
    lobby = await lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    return public_status(request, lobby)


@entry_router.post("/api/party/lobbies/{code}/host", summary="The TV's view: with the join token")
async def host_status(code: str, body: TokenBody, request: Request) -> Any:
    """The waiting room as the TV shows it: the join token that opens seats now, the link
    and QR code carrying it (changed every `join_token_seconds`)."""
    lobby = await hosted_lobby(request, code, body.token)
    if isinstance(lobby, JSONResponse):
        return lobby
    details = join_details(request, lobby.code, lobby.host_hash)
    qr = f"/api/party/lobbies/{lobby.code}/qr.svg?t={details['join_token']}"
    return {**public_status(request, lobby), **details, "qr": qr}


@entry_router.get("/api/party/lobbies/{code}/qr.svg", summary="The QR code of the join link")
async def lobby_qr(code: str, request: Request) -> Response:
    lobby = await lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    link = f"{base_url(request)}/j/{lobby.code}"
    given = request.query_params.get("t")
    if join_token_ok(lobby.host_hash, given, settings(request).join_token_seconds):
        # the TV's QR code: its link carries the join token
        link = join_details(request, lobby.code, lobby.host_hash)["join_url"]
    return Response(
        qr_svg(link),
        media_type="image/svg+xml",
        headers={"Cache-Control": "no-cache"},
    )


@entry_router.post("/api/party/lobbies/{code}/guests", summary="A phone joins the party")
async def join_lobby(code: str, body: JoinBody, request: Request) -> Any:
    lobby = await lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    if not join_token_ok(lobby.host_hash, body.join_token, settings(request).join_token_seconds):
        count_miss(request)
        return fail(
            403,
            "the join token is missing or old: scan the code on the screen again",
            code="bad_join_token",
        )
    name = " ".join(body.name.split())
    if not name:
        return fail(400, "a name is needed to join", code="no_name")
    token = new_token()
    async with lobbies(request).lock:
        if lobby.room is not None:
            return await _take_opened_seat(request, lobby, name, token)
        _, high = limits(lobby.game)
        if len(lobby.present()) >= high:
            return fail(409, f"the party is full ({high} players)", code="full")
        guest = Guest(
            id=secrets.token_hex(4),
            name=name,
            colour=lobby.first_free(COLOURS, "colour"),
            avatar=lobby.first_free(AVATARS, "avatar"),
            token_hash=hash_token(token),
        )
        lobby.guests.append(guest)
        await lobbies(request).save(lobby)
    return {"guest": guest.id, "token": token, "room": None, "seat": None}


async def _take_opened_seat(request: Request, lobby: Lobby, name: str, token: str) -> Any:
    """After the start, only a seat the host opened takes a newcomer (lobby lock held)."""
    opened = next((g for g in lobby.guests if g.open), None)
    if opened is None:
        return fail(409, "the game has started", code="started")
    await give_seat(request, lobby, opened, name, token)
    await lobbies(request).save(lobby)
    return {"guest": opened.id, "token": token, "room": lobby.room, "seat": opened.seat}


@entry_router.post("/api/party/lobbies/{code}/me", summary="What a phone's guest is now")
async def lobby_me(code: str, body: TokenBody, request: Request) -> Any:
    lobby = await lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    guest = lobby.guest_by_token(body.token)
    if guest is None:
        return fail(403, "this phone is not a guest of the party", code="not_guest")
    me: dict[str, Any] = guest.public()
    if guest.cheat:
        authors = getattr(registry.load(lobby.game, **lobby.options), "authors", None)
        me["cheat_sheet"] = list(authors) if authors else None
    return {**public_status(request, lobby), "me": me}
