"""HTTP and WebSocket routes of the open-games lobby (docs/lobby.md).

A signed-in profile posts a challenge; anyone sees the open ones live on /ws/open-games and
accepts one with one request, which creates the room with both profiles seated. "Partie
rapide" pairs two seekers of close ratings. A profile gets back into a room where it holds a
seat, from any device, by /api/rooms/{id}/claim.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, model_validator

from tablier.core import registry, uploads
from tablier.core.options import OptionError
from tablier.server.app import (
    ApiError,
    ClockSpec,
    _check_resources,
    _check_text,
    _links,
    _load_options,
)
from tablier.server.manager import RoomManager, SeatRequest
from tablier.server.people import challenges as store
from tablier.server.people.lobby_hub import hub_of
from tablier.server.people.ratings import rating_key
from tablier.server.people.session import Profile, current_profile

router = APIRouter(tags=["lobby"])

# the clock of a quick game: ten minutes each, ten seconds more a move
QUICK_CLOCK = {"mode": "total", "seconds": 600.0, "increment": 10.0}


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PostChallenge(_Body):
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    clock: ClockSpec | None = None
    rated: bool = False
    min_rating: float | None = Field(None, ge=0, le=4000)
    max_rating: float | None = Field(None, ge=0, le=4000)

    @model_validator(mode="after")
    def _range(self) -> PostChallenge:
        low, high = self.min_rating, self.max_rating
        if low is not None and high is not None and low > high:
            raise ValueError("min_rating is above max_rating")
        return self


class QuickGame(_Body):
    game: str = Field(max_length=64)


def _fail(refused: store.Refused) -> JSONResponse:
    return JSONResponse(
        {"error": refused.message, "code": refused.code}, status_code=refused.status
    )


def _manager(request: Request) -> RoomManager:
    manager: RoomManager = request.app.state.manager
    return manager


async def _needs_profile(request: Request) -> Profile:
    profile = await current_profile(request)
    if profile is None:
        raise store.Refused(401, "profile_needed", "choose a name (a profile) first")
    return profile


async def _written(request: Request, fn: Any, *args: Any) -> Any:
    """Run a store writer in the storage's transaction; its Refused is raised here."""
    answer: list[Any] = []
    await _manager(request).storage.write(lambda conn: answer.append(fn(conn, *args)))
    if isinstance(answer[0], store.Refused):
        raise answer[0]
    return answer[0]


async def _read(request: Request, fn: Any, *args: Any) -> Any:
    engine = _manager(request).storage.engine

    def run() -> Any:
        with engine.connect() as conn:
            return fn(conn, *args)

    return await asyncio.to_thread(run)


def checked_game(game: str, options: dict[str, Any], max_option_text: int) -> dict[str, Any]:
    """The game's options as the room would hold them, by the create-room checks; a lobby
    game is for two (Refused otherwise)."""
    if game not in registry.game_ids():
        raise store.Refused(400, "unknown_game", f"unknown game {game!r}")
    game_cls = registry.game_class(game)
    if not game_cls.min_players <= 2 <= game_cls.max_players:
        raise store.Refused(400, "two_players_only", f"{game} is not played by two")
    if any(uploads.is_reference(v) for v in options.values()):
        raise store.Refused(400, "bad_options", "an uploaded text cannot be offered in the lobby")
    try:
        _check_text({"options": options}, max_option_text, options)
        _check_resources(game, options)
        return _load_options(game, options)
    except ApiError as exc:
        raise store.Refused(400, "bad_options", exc.message) from None
    except OptionError as exc:
        raise store.Refused(400, "bad_options", exc.text("en")) from None
    except ValueError as exc:
        raise store.Refused(400, "bad_options", str(exc)) from None


# ------------------------------------------------------------------ challenges
@router.get("/api/challenges", summary="The open challenges and the quick seekers per game")
async def list_challenges(request: Request) -> dict[str, Any]:
    at = store.now()
    listed = await _read(request, store.open_list, at)
    quick = await _read(request, store.quick_counts, at)
    return {"challenges": listed, "quick": quick}


@router.post("/api/challenges", status_code=201, summary="Post a challenge")
async def post_challenge(body: PostChallenge, request: Request) -> Any:
    try:
        profile = await _needs_profile(request)
        settings = _manager(request).settings
        options = checked_game(body.game, body.options, settings.max_option_text)
        at = store.now()
        row = {
            "id": store.new_id(),
            "profile_id": profile.id,
            "game": body.game,
            "options": options,
            "clock": body.clock.model_dump() if body.clock else None,
            "rated": body.rated,
            "min_rating": body.min_rating,
            "max_rating": body.max_rating,
            "quick": False,
            "status": "open",
            "created_at": at,
            "expires_at": at + store.TTL_SECONDS,
        }
        await _written(request, store.post, row)
    except store.Refused as refused:
        return _fail(refused)
    await hub_of(request.app).changed()
    return JSONResponse(
        {"challenge": {**row, "profile": {"id": profile.id, "name": profile.name}}}, 201
    )


@router.delete("/api/challenges/{challenge_id}", summary="Withdraw one's challenge")
async def cancel_challenge(challenge_id: str, request: Request) -> Any:
    try:
        profile = await _needs_profile(request)
        await _written(request, store.cancel, challenge_id[:32], profile.id)
    except store.Refused as refused:
        return _fail(refused)
    await hub_of(request.app).changed()
    return {"ok": True}


@router.post("/api/challenges/{challenge_id}/accept", status_code=201, summary="Accept")
async def accept_challenge(challenge_id: str, request: Request) -> Any:
    try:
        profile = await current_profile(request)
        found = await _read(request, store.get, challenge_id[:32])
        if found is None or found["quick"]:
            raise store.Refused(404, "no_challenge", f"no challenge {challenge_id!r}")
        if profile is not None and found["profile_id"] == profile.id:
            raise store.Refused(403, "own_challenge", "one cannot accept one's own challenge")
        if found["rated"] and profile is None:
            raise store.Refused(401, "profile_needed", "a rated game needs a profile")
        if found["status"] != "open" or found["expires_at"] <= store.now():
            raise store._not_open(challenge_id, _shown_status(found), store.now())
        low, high = found["min_rating"], found["max_rating"]
        if profile is not None and (low is not None or high is not None):
            mine = await _read(request, store.rating, profile.id, found["game"], found["options"])
            if (low is not None and mine < low) or (high is not None and mine > high):
                raise store.Refused(
                    403, "rating_out_of_range", "your rating is outside this challenge's range"
                )
        seat, token, room_id = await _start(request, found, profile)
    except store.Refused as refused:
        return _fail(refused)
    return JSONResponse(
        {"room": room_id, "seat": seat, "token": token, "links": _links(request, room_id, 2)}, 201
    )


def _shown_status(row: dict[str, Any]) -> str:
    if row["status"] == "open":
        return "expired"
    return str(row["status"])


async def _start(
    request: Request, challenge: dict[str, Any], taker: Profile | None
) -> tuple[int, str, str]:
    """Take the challenge (one winner however many try at once), then create its room."""
    manager = _manager(request)
    if len(manager.rooms) >= manager.settings.max_rooms:
        raise store.Refused(503, "server_full", "the server holds as many rooms as it may")
    taker_id = None if taker is None else taker.id
    await _written(request, store.take, challenge["id"], taker_id, store.now())
    try:
        names = await _read(request, _profile_names, [challenge["profile_id"]])
        poster = SeatRequest(
            "human",
            name=names.get(challenge["profile_id"]),
            mine=True,
            player_id=challenge["profile_id"],
        )
        other = SeatRequest(
            "human", name=None if taker is None else taker.name, mine=True, player_id=taker_id
        )
        created = await manager.create(
            challenge["game"],
            challenge["options"],
            2,
            [poster, other],
            None,
            challenge["clock"],
            None,
        )
        room = created.room
        key = rating_key(challenge["game"], challenge["options"]) if challenge["rated"] else None
        await _written(request, _bind, challenge["id"], room.id, key)
    except Exception:
        await _written(request, _reopen, challenge["id"])
        raise
    seat = next(s.seat for s in room.seats if s.player_id != challenge["profile_id"])
    await hub_of(request.app).changed(
        {"poster": challenge["profile_id"], "room": room.id, "challenge": challenge["id"]}
    )
    return seat, created.tokens[seat], room.id


def _bind(conn: Any, challenge_id: str, room_id: str, key: str | None) -> None:
    store.bind_room(conn, challenge_id, room_id, key)


def _reopen(conn: Any, challenge_id: str) -> None:
    store.give_back(conn, challenge_id)


def _profile_names(conn: Any, ids: list[str]) -> dict[str, str | None]:
    from tablier.server.people.session import profile_names

    return profile_names(conn, ids)


# ------------------------------------------------------------------ partie rapide
@router.post("/api/quick", summary="Partie rapide: pair with a close rating, else wait")
async def quick_game(body: QuickGame, request: Request) -> Any:
    try:
        profile = await _needs_profile(request)
        options = checked_game(body.game, {}, _manager(request).settings.max_option_text)
        at = store.now()
        mine = await _read(request, store.rating, profile.id, body.game, options)
        seeks = await _read(request, store.quick_seeks, body.game, at)
        own = [s for s in seeks if s["profile_id"] == profile.id]
        since = min((s["created_at"] for s in own), default=at)
        candidates = []
        for seek in seeks:
            if seek["profile_id"] == profile.id:
                continue
            theirs = await _read(request, store.rating, seek["profile_id"], body.game, options)
            waited = at - min(since, seek["created_at"])
            if abs(theirs - mine) <= store.quick_window(waited):
                candidates.append((abs(theirs - mine), seek["created_at"], seek))
        for _, _, seek in sorted(candidates, key=lambda c: (c[0], c[1])):
            try:
                seat, token, room_id = await _start(request, seek, profile)
            except store.Refused as refused:
                if refused.code == "challenge_taken":
                    continue  # another seeker was quicker: the next closest
                raise
            await _written(request, store.cancel_quick, profile.id)
            return {"status": "paired", "room": room_id, "seat": seat, "token": token}
        if own:
            return {"status": "waiting", "seek": own[0]["id"], "expires_at": own[0]["expires_at"]}
        await _written(request, store.cancel_quick, profile.id)
        row = {
            "id": store.new_id(),
            "profile_id": profile.id,
            "game": body.game,
            "options": options,
            "clock": dict(QUICK_CLOCK),
            "rated": True,
            "min_rating": None,
            "max_rating": None,
            "quick": True,
            "status": "open",
            "created_at": at,
            "expires_at": at + store.TTL_SECONDS,
        }
        await _written(request, store.post, row)
    except store.Refused as refused:
        return _fail(refused)
    await hub_of(request.app).changed()
    return {"status": "waiting", "seek": row["id"], "expires_at": row["expires_at"]}


@router.delete("/api/quick", summary="Stop waiting for a quick game")
async def cancel_quick(request: Request) -> Any:
    try:
        profile = await _needs_profile(request)
        count = await _written(request, store.cancel_quick, profile.id)
    except store.Refused as refused:
        return _fail(refused)
    if count:
        await hub_of(request.app).changed()
    return {"cancelled": count}


# ------------------------------------------------------------------ rooms bound to profiles
@router.post("/api/rooms/{room_id}/claim", summary="A fresh token for one's profile's seat")
async def claim_seat(room_id: str, request: Request) -> Any:
    try:
        profile = await _needs_profile(request)
        manager = _manager(request)
        room = await manager.get_room(room_id[:32])
        if room is None:
            raise store.Refused(404, "no_room", f"no room {room_id!r}")
        try:
            seat, token = await manager.claim(room, profile.id)
        except LookupError as exc:
            raise store.Refused(403, "no_seat_of_yours", str(exc)) from None
    except store.Refused as refused:
        return _fail(refused)
    return {"room": room.id, "seat": seat, "token": token}


# ------------------------------------------------------------------ the live lobby
@router.websocket("/ws/open-games")
async def open_games_socket(ws: WebSocket) -> None:
    profile = await current_profile(ws)
    await hub_of(ws.app).serve(ws, None if profile is None else profile.id)
