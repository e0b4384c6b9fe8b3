"""The steps of making a room, each its own refusal: the address's limits, the seats
asked for, and the uploaded texts the room's options name."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import Request

from tablier.ai import player_names
from tablier.core import registry, uploads
from tablier.server.limits import RoomRate
from tablier.server.manager import Created, RoomManager, SeatRequest
from tablier.server.party import PartyStore
from tablier.server.routes.bodies import CreateRoom, SeatSpec
from tablier.server.routes.errors import ApiError
from tablier.server.settings import Settings


def client_address(request: Request) -> str:
    return request.client.host if request.client else "?"


def check_room_limits(request: Request, manager: RoomManager, settings: Settings) -> None:
    """Refused when the address holds its share of rooms in use, when the server is
    full, or when the address made too many rooms this minute."""
    client = client_address(request)
    if not manager.share_left(client):
        # each of this address's rooms in memory is in use: its share is full
        raise ApiError(
            429,
            f"at most {settings.rooms_per_client} rooms in use at once from one address",
            code="rooms_share",
        )
    if not manager.make_space():
        raise ApiError(503, "the server holds as many rooms as it may; try again later")
    room_rate: RoomRate = request.app.state.room_rate
    if not room_rate.allow(client):
        raise ApiError(
            429, f"at most {settings.rooms_per_minute} new rooms a minute from one address"
        )


def seat_requests(body: CreateRoom, options: dict[str, Any]) -> list[SeatRequest]:
    """The seats asked for; a computer seat only at a level able to play this game."""
    computer_seats = [spec for spec in body.seats if spec.kind == "computer"]
    if computer_seats:
        _check_computer_seats(body.game, options, computer_seats)
    return [
        SeatRequest(
            kind=s.kind,
            level=(s.level or "random") if s.kind == "computer" else None,
            name=s.name,
            mine=s.mine,
        )
        for s in body.seats
    ]


def _check_computer_seats(game_id: str, options: dict[str, Any], seats: list[SeatSpec]) -> None:
    # only the players able to play this game (a game's own named players, levels...)
    known_players = player_names(registry.load(game_id, **options))
    for spec in seats:
        if spec.mine:
            raise ApiError(400, "a computer seat cannot be yours")
        if (spec.level or "random") not in known_players:
            raise ApiError(
                400,
                f"computer level {spec.level!r} cannot play {game_id}; levels: "
                + ", ".join(known_players),
                known=known_players,
            )


async def claim_uploads(store: PartyStore, options: dict[str, Any]) -> str:
    """Take the uploaded texts the options name for this room, or refuse: an upload
    serves one room only."""
    given = [v for v in options.values() if uploads.is_reference(v)]
    # claimed at once (one conditional UPDATE each): of ten rooms made with one
    # upload at the same time, one gets it
    claim = await asyncio.to_thread(store.claim_uploads, [v.partition(":")[2] for v in given])
    if claim is None:
        raise ApiError(400, f"{given[0]!r} is not an upload this room may use")
    return claim


async def create_claimed(
    manager: RoomManager,
    body: CreateRoom,
    options: dict[str, Any],
    requests: list[SeatRequest],
    store: PartyStore,
    claim: str,
) -> Created:
    """The room made, or the uploads given back when it cannot be."""
    shuffle = None if body.seating is None else body.seating == "random"
    try:
        return await manager.create(
            body.game,
            options,
            body.players,
            requests,
            shuffle,
            body.clock.model_dump() if body.clock else None,
            body.player_id,
        )
    except BaseException as exc:
        await asyncio.to_thread(store.release_claim, claim)
        if isinstance(exc, ValueError):
            raise ApiError(400, str(exc)) from None
        raise
