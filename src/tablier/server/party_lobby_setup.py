"""The lobby set up before the start: the host's options and computer guests."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from tablier.server.party_context import fail
from tablier.server.party_lobby_bodies import ComputerBody, OptionsBody
from tablier.server.party_lobby_context import (
    check_options,
    hosted_lobby,
    limits,
    lobbies,
    public_status,
)
from tablier.server.party_lobby_model import AVATARS, COLOURS, COMPUTER_NAMES, LEVELS, Guest

setup_router = APIRouter(tags=["party"])


def _started() -> JSONResponse:
    return fail(409, "the game has started", code="started")


@setup_router.post("/api/party/lobbies/{code}/options", summary="The host sets the options")
async def set_options(code: str, body: OptionsBody, request: Request) -> Any:
    lobby = await hosted_lobby(request, code, body.token)
    if isinstance(lobby, JSONResponse):
        return lobby
    if lobby.room is not None:
        return _started()
    problem = check_options(lobby.game, body.options)
    if problem:
        return fail(422, problem, code="bad_options")
    lobby.options = dict(body.options)
    await lobbies(request).save(lobby)
    return public_status(request, lobby)


@setup_router.post("/api/party/lobbies/{code}/computers", summary="The host adds a computer")
async def add_computer(code: str, body: ComputerBody, request: Request) -> Any:
    lobby = await hosted_lobby(request, code, body.token)
    if isinstance(lobby, JSONResponse):
        return lobby
    if body.level not in LEVELS:
        return fail(400, f"unknown level {body.level!r}", code="bad_level")
    if lobby.room is not None:
        return _started()
    _, high = limits(lobby.game)
    if len(lobby.present()) >= high:
        return fail(409, f"the party is full ({high} players)", code="full")
    taken = {g.name for g in lobby.guests}
    name = next((n for n in COMPUTER_NAMES if n not in taken), f"{len(lobby.guests) + 1}")
    lobby.guests.append(
        Guest(
            id=secrets.token_hex(4),
            name=name,
            colour=lobby.first_free(COLOURS, "colour"),
            avatar=lobby.first_free(AVATARS, "avatar"),
            kind="computer",
            level=body.level,
        )
    )
    await lobbies(request).save(lobby)
    return public_status(request, lobby)
