"""A guest changes: its phone picks a colour, an avatar, the cheat sheet or a new name;
it leaves; the host opens a left seat to a newcomer."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from tablier.server.party_context import fail
from tablier.server.party_lobby_bodies import GuestChange, HostAction, TokenBody
from tablier.server.party_lobby_context import (
    hosted_lobby,
    is_host,
    lobbies,
    lobby_or_404,
    public_status,
)
from tablier.server.party_lobby_model import AVATARS, COLOURS, Guest
from tablier.server.seats import hash_token

guests_router = APIRouter(tags=["party"])


def _unknown_guest(guest_id: str) -> JSONResponse:
    return fail(404, f"no guest {guest_id!r}", code="unknown_guest")


def _apply_change(guest: Guest, body: GuestChange, started: bool) -> JSONResponse | None:
    """Change the guest as asked, or refuse an unknown colour or avatar."""
    if body.colour is not None:
        if body.colour not in COLOURS:
            return fail(400, f"unknown colour {body.colour!r}", code="bad_colour")
        guest.colour = body.colour
    if body.avatar is not None:
        if body.avatar not in AVATARS:
            return fail(400, f"unknown avatar {body.avatar!r}", code="bad_avatar")
        guest.avatar = body.avatar
    if body.cheat is not None:
        guest.cheat = body.cheat
    # once seated, the name is the seat's: the room and its record already hold it
    if body.name is not None and not started:
        guest.name = " ".join(body.name.split()) or guest.name
    return None


@guests_router.post("/api/party/lobbies/{code}/guests/{guest_id}", summary="Change a guest")
async def change_guest(code: str, guest_id: str, body: GuestChange, request: Request) -> Any:
    """The guest's phone changes its colour, avatar, cheat sheet or name; the host (its
    token) may give or take the cheat sheet before the start."""
    lobby = await lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    guest = lobby.guest(guest_id)
    if guest is None:
        return _unknown_guest(guest_id)
    if not is_host(lobby, body.token) and guest.token_hash != hash_token(body.token):
        return fail(403, "only this guest's phone or the host may change it", code="forbidden")
    refused = _apply_change(guest, body, lobby.room is not None)
    if refused is not None:
        return refused
    await lobbies(request).save(lobby)
    return public_status(request, lobby)


@guests_router.post("/api/party/lobbies/{code}/guests/{guest_id}/leave", summary="A guest leaves")
async def leave(code: str, guest_id: str, body: TokenBody, request: Request) -> Any:
    """Before the start the guest is gone; after it, the seat waits and the host may
    open it to a newcomer."""
    lobby = await lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    guest = lobby.guest(guest_id)
    if guest is None:
        return _unknown_guest(guest_id)
    if not is_host(lobby, body.token) and guest.token_hash != hash_token(body.token):
        return fail(403, "only this guest's phone or the host may do that", code="forbidden")
    if lobby.room is None:
        lobby.guests.remove(guest)
    else:
        guest.left = True
    await lobbies(request).save(lobby)
    return public_status(request, lobby)


@guests_router.post("/api/party/lobbies/{code}/guests/{guest_id}/open", summary="Open a seat")
async def open_seat(code: str, guest_id: str, body: HostAction, request: Request) -> Any:
    """The host lets a newcomer's phone take the seat of a guest who left."""
    lobby = await hosted_lobby(request, code, body.token)
    if isinstance(lobby, JSONResponse):
        return lobby
    guest = lobby.guest(guest_id)
    if guest is None or guest.kind != "human" or lobby.room is None:
        return fail(409, "only a started game's human seat can be opened", code="not_open")
    for other in lobby.guests:
        other.open = False
    guest.open = True
    guest.left = True
    await lobbies(request).save(lobby)
    return public_status(request, lobby)
