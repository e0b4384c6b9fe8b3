"""The waiting room of a party night, before its game exists.

The shared screen (the TV) opens a lobby: a code, its QR code, the options. Phones join
it with a name, pick a colour and an avatar, and ask for the cheat sheet if they want
it; the TV may add computer guests. Nothing is timed and no game exists until someone
presses Commencer: only then is the room created, with one seat per guest, in an order
drawn by lot. Each phone's lobby secret becomes its seat's token, so a phone that slept
or reloaded takes its seat back with what it already holds.

After the start the lobby stays the party's control desk: pause and resume, a guest who
leaves, and a newcomer who takes the seat the host opened for them.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.engine import Engine

from tablier.core import registry
from tablier.server import schema, timers
from tablier.server.manager import RoomManager, SeatRequest
from tablier.server.party import (
    count_miss,
    join_details,
    join_token_ok,
    lookup_refused,
    metadata,
    new_code,
    normal_code,
    party_codes,
    plausible_code,
    qr_svg,
)
from tablier.server.seats import hash_token, new_token
from tablier.server.storage import Storage

COLOURS = ("rouge", "bleu", "vert", "jaune", "violet", "orange")
AVATARS = ("rond", "etoile", "triangle", "carre", "coeur", "losange")
# computer guests are told apart by a first name (French names, any language reads them)
COMPUTER_NAMES = ("Camille", "Dominique", "Sacha", "Alix", "Maxime", "Claude")
LEVELS = ("random", "easy", "medium", "hard")

party_lobbies = sa.Table(
    "party_lobbies",
    metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("room_id", sa.String(32), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
)


@dataclass
class Guest:
    id: str
    name: str
    colour: str
    avatar: str
    kind: str = "human"  # "human" or "computer"
    level: str | None = None
    cheat: bool = False
    token_hash: str | None = None
    seat: int | None = None
    left: bool = False
    # after a leave, the host may open the seat to a newcomer's phone
    open: bool = False

    def public(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "colour": self.colour,
            "avatar": self.avatar,
            "kind": self.kind,
            "level": self.level,
            "cheat": self.cheat,
            "seat": self.seat,
            "left": self.left,
            "open": self.open,
        }


@dataclass
class Lobby:
    code: str
    game: str
    host_hash: str
    options: dict[str, Any] = field(default_factory=dict)
    guests: list[Guest] = field(default_factory=list)
    room: str | None = None
    paused: bool = False

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Lobby:
        raw = json.loads(text)
        raw["guests"] = [Guest(**g) for g in raw.get("guests", [])]
        return cls(**raw)

    def guest_by_token(self, token: str | None) -> Guest | None:
        if not token:
            return None
        wanted = hash_token(token)
        return next((g for g in self.guests if g.token_hash == wanted), None)

    def present(self) -> list[Guest]:
        return [g for g in self.guests if not g.left]


class Lobbies:
    """The lobbies, kept in memory and written through to their table."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        schema.upgrade(engine)  # a no-op after the storage's own upgrade
        self.cache: dict[str, Lobby] = {}
        self.lock = asyncio.Lock()
        # the games of started lobbies are party games: their clocks wait for phones
        with engine.begin() as conn:
            for row in conn.execute(
                sa.select(party_lobbies.c.data).where(party_lobbies.c.room_id.is_not(None))
            ):
                lobby = Lobby.from_json(row.data)
                if lobby.room:
                    timers.hold_party(lobby.room, paused=lobby.paused)

    def _load(self, code: str) -> Lobby | None:
        with self.engine.begin() as conn:
            text = conn.execute(
                sa.select(party_lobbies.c.data).where(party_lobbies.c.code == code)
            ).scalar()
        return None if text is None else Lobby.from_json(str(text))

    async def get(self, code: str) -> Lobby | None:
        code = normal_code(code)
        if code not in self.cache:
            found = await asyncio.to_thread(self._load, code)
            if found is None:
                return None
            self.cache[code] = found
        return self.cache[code]

    def _save(self, lobby: Lobby, insert: bool) -> None:
        with self.engine.begin() as conn:
            if insert:
                conn.execute(
                    party_lobbies.insert().values(
                        code=lobby.code,
                        game=lobby.game,
                        data=lobby.to_json(),
                        room_id=lobby.room,
                        created_at=time.time(),
                    )
                )
            else:
                conn.execute(
                    party_lobbies.update()
                    .where(party_lobbies.c.code == lobby.code)
                    .values(data=lobby.to_json(), room_id=lobby.room)
                )

    async def save(self, lobby: Lobby) -> None:
        await asyncio.to_thread(self._save, lobby, False)

    def _free_code(self) -> str:
        with self.engine.begin() as conn:
            for _ in range(50):
                code = new_code()
                taken = (
                    conn.execute(
                        sa.select(party_codes.c.code).where(party_codes.c.code == code)
                    ).scalar()
                    or conn.execute(
                        sa.select(party_lobbies.c.code).where(party_lobbies.c.code == code)
                    ).scalar()
                )
                if taken is None:
                    return code
        raise RuntimeError("no free party code left")

    async def open(self, game: str, options: dict[str, Any]) -> tuple[Lobby, str]:
        host_token = new_token()
        async with self.lock:
            code = await asyncio.to_thread(self._free_code)
            lobby = Lobby(code=code, game=game, host_hash=hash_token(host_token), options=options)
            await asyncio.to_thread(self._save, lobby, True)
            self.cache[code] = lobby
        return lobby, host_token


# ---------------------------------------------------------------------- the routes
class OpenBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field("quiadiquoi", min_length=1, max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)


class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    # the digits the TV shows under the code (its link and QR code carry them)
    join_token: str | None = Field(None, max_length=8)


class GuestChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=80)
    colour: str | None = None
    avatar: str | None = None
    cheat: bool | None = None
    name: str | None = Field(None, min_length=1, max_length=40)


class HostAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=80)


class OptionsBody(HostAction):
    options: dict[str, Any]


class ComputerBody(HostAction):
    level: str = "medium"


class PauseBody(HostAction):
    paused: bool


class TokenBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=80)


lobby_router = APIRouter(tags=["party"])


def _fail(status: int, message: str, code: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, "code": code, **extra}, status_code=status)


def _lobbies(request: Request) -> Lobbies:
    found: Lobbies | None = getattr(request.app.state, "lobbies", None)
    if found is None:
        found = Lobbies(_manager(request).storage.engine)
        request.app.state.lobbies = found
    return found


def _manager(request: Request) -> RoomManager:
    manager: RoomManager = request.app.state.manager
    return manager


def _limits(game: str) -> tuple[int, int]:
    cls = registry.game_class(game)
    return cls.min_players, cls.max_players


def _status(request: Request, lobby: Lobby) -> dict[str, Any]:
    base = str(request.base_url).rstrip("/")
    low, high = _limits(lobby.game)
    return {
        "code": lobby.code,
        "game": lobby.game,
        "options": lobby.options,
        "guests": [g.public() for g in lobby.guests],
        "min_players": low,
        "max_players": high,
        "room": lobby.room,
        "paused": lobby.paused,
        "join_url": f"{base}/j/{lobby.code}",
        "qr": f"/api/party/lobbies/{lobby.code}/qr.svg",
        "colours": list(COLOURS),
        "avatars": list(AVATARS),
    }


def _is_host(lobby: Lobby, token: str) -> bool:
    return secrets.compare_digest(lobby.host_hash, hash_token(token))


def _first_free(lobby: Lobby, palette: tuple[str, ...], attr: str) -> str:
    used = {getattr(g, attr) for g in lobby.present()}
    return next((c for c in palette if c not in used), palette[len(lobby.guests) % len(palette)])


def _check_options(game: str, options: dict[str, Any]) -> str | None:
    """Why the game refuses these options, or None."""
    try:
        registry.game_class(game)(**options)
    except (ValueError, TypeError, KeyError) as exc:
        return str(exc)
    return None


async def _lobby_or_404(request: Request, code: str) -> Lobby | JSONResponse:
    """The lobby a code names; a 404 counts against the address's lookups (429 past them)."""
    refused = lookup_refused(request)
    if refused is not None:
        return refused
    lobby = await _lobbies(request).get(code) if plausible_code(code) else None
    if lobby is None:
        count_miss(request)
        return _fail(404, f"no party has the code {normal_code(code)[:8]!r}", "unknown_code")
    return lobby


def _token_period(request: Request) -> float:
    period: float = request.app.state.settings.join_token_seconds
    return period


@lobby_router.post("/api/party/lobbies", status_code=201, summary="Open a party's waiting room")
async def open_lobby(body: OpenBody, request: Request) -> Any:
    if body.game not in registry.game_ids():
        return _fail(400, f"unknown game {body.game!r}", "unknown_game")
    problem = _check_options(body.game, body.options)
    if problem:
        return _fail(422, problem, "bad_options")
    lobby, host_token = await _lobbies(request).open(body.game, dict(body.options))
    return JSONResponse({**_status(request, lobby), "host_token": host_token}, status_code=201)


@lobby_router.get("/api/party/lobbies/{code}", summary="A waiting room: its guests and options")
async def lobby_status(code: str, request: Request) -> Any:
    lobby = await _lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    return _status(request, lobby)


@lobby_router.post("/api/party/lobbies/{code}/host", summary="The TV's view: with the join token")
async def host_status(code: str, body: TokenBody, request: Request) -> Any:
    """The waiting room as the TV shows it: the join token that opens seats now, the link
    and QR code carrying it (changed every `join_token_seconds`)."""
    lobby = await _lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    if not _is_host(lobby, body.token):
        return _fail(403, "only the host may do that", "forbidden")
    details = join_details(request, lobby.code, lobby.host_hash)
    qr = f"/api/party/lobbies/{lobby.code}/qr.svg?t={details['join_token']}"
    return {**_status(request, lobby), **details, "qr": qr}


@lobby_router.get("/api/party/lobbies/{code}/qr.svg", summary="The QR code of the join link")
async def lobby_qr(code: str, request: Request) -> Response:
    lobby = await _lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    base = str(request.base_url).rstrip("/")
    link = f"{base}/j/{lobby.code}"
    given = request.query_params.get("t")
    if join_token_ok(lobby.host_hash, given, _token_period(request)):
        # the TV's QR code: its link carries the join token
        link = join_details(request, lobby.code, lobby.host_hash)["join_url"]
    return Response(
        qr_svg(link),
        media_type="image/svg+xml",
        headers={"Cache-Control": "no-cache"},
    )


@lobby_router.post("/api/party/lobbies/{code}/guests", summary="A phone joins the party")
async def join_lobby(code: str, body: JoinBody, request: Request) -> Any:
    lobby = await _lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    if not join_token_ok(lobby.host_hash, body.join_token, _token_period(request)):
        count_miss(request)
        return _fail(
            403,
            "the join token is missing or old: scan the code on the screen again",
            "bad_join_token",
        )
    name = " ".join(body.name.split())
    if not name:
        return _fail(400, "a name is needed to join", "no_name")
    lobbies = _lobbies(request)
    token = new_token()
    async with lobbies.lock:
        if lobby.room is not None:
            # after the start, only a seat the host opened takes a newcomer
            opened = next((g for g in lobby.guests if g.open), None)
            if opened is None:
                return _fail(409, "the game has started", "started")
            await _give_seat(request, lobby, opened, name, token)
            await lobbies.save(lobby)
            return {"guest": opened.id, "token": token, "room": lobby.room, "seat": opened.seat}
        _, high = _limits(lobby.game)
        if len(lobby.present()) >= high:
            return _fail(409, f"the party is full ({high} players)", "full")
        guest = Guest(
            id=secrets.token_hex(4),
            name=name,
            colour=_first_free(lobby, COLOURS, "colour"),
            avatar=_first_free(lobby, AVATARS, "avatar"),
            token_hash=hash_token(token),
        )
        lobby.guests.append(guest)
        await lobbies.save(lobby)
    return {"guest": guest.id, "token": token, "room": None, "seat": None}


@lobby_router.post("/api/party/lobbies/{code}/me", summary="What a phone's guest is now")
async def lobby_me(code: str, body: TokenBody, request: Request) -> Any:
    lobby = await _lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    guest = lobby.guest_by_token(body.token)
    if guest is None:
        return _fail(403, "this phone is not a guest of the party", "not_guest")
    me: dict[str, Any] = guest.public()
    if guest.cheat:
        authors = getattr(registry.load(lobby.game, **lobby.options), "authors", None)
        me["cheat_sheet"] = list(authors) if authors else None
    return {**_status(request, lobby), "me": me}


@lobby_router.post("/api/party/lobbies/{code}/guests/{guest_id}", summary="Change a guest")
async def change_guest(code: str, guest_id: str, body: GuestChange, request: Request) -> Any:
    """The guest's phone changes its colour, avatar, cheat sheet or name; the host (its
    token) may give or take the cheat sheet before the start."""
    lobby = await _lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    guest = next((g for g in lobby.guests if g.id == guest_id), None)
    if guest is None:
        return _fail(404, f"no guest {guest_id!r}", "unknown_guest")
    host = _is_host(lobby, body.token)
    if not host and guest.token_hash != hash_token(body.token):
        return _fail(403, "only this guest's phone or the host may change it", "forbidden")
    if body.colour is not None:
        if body.colour not in COLOURS:
            return _fail(400, f"unknown colour {body.colour!r}", "bad_colour")
        guest.colour = body.colour
    if body.avatar is not None:
        if body.avatar not in AVATARS:
            return _fail(400, f"unknown avatar {body.avatar!r}", "bad_avatar")
        guest.avatar = body.avatar
    if body.cheat is not None:
        guest.cheat = body.cheat
    if body.name is not None and lobby.room is None:
        guest.name = " ".join(body.name.split()) or guest.name
    await _lobbies(request).save(lobby)
    return _status(request, lobby)


@lobby_router.post("/api/party/lobbies/{code}/guests/{guest_id}/leave", summary="A guest leaves")
async def leave(code: str, guest_id: str, body: TokenBody, request: Request) -> Any:
    """Before the start the guest is gone; after it, the seat waits and the host may
    open it to a newcomer."""
    lobby = await _lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    guest = next((g for g in lobby.guests if g.id == guest_id), None)
    if guest is None:
        return _fail(404, f"no guest {guest_id!r}", "unknown_guest")
    if not _is_host(lobby, body.token) and guest.token_hash != hash_token(body.token):
        return _fail(403, "only this guest's phone or the host may do that", "forbidden")
    if lobby.room is None:
        lobby.guests.remove(guest)
    else:
        guest.left = True
    await _lobbies(request).save(lobby)
    return _status(request, lobby)


@lobby_router.post("/api/party/lobbies/{code}/guests/{guest_id}/open", summary="Open a seat")
async def open_seat(code: str, guest_id: str, body: HostAction, request: Request) -> Any:
    """The host lets a newcomer's phone take the seat of a guest who left."""
    lobby = await _lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    if not _is_host(lobby, body.token):
        return _fail(403, "only the host may do that", "forbidden")
    guest = next((g for g in lobby.guests if g.id == guest_id), None)
    if guest is None or guest.kind != "human" or lobby.room is None:
        return _fail(409, "only a started game's human seat can be opened", "not_open")
    for other in lobby.guests:
        other.open = False
    guest.open = True
    guest.left = True
    await _lobbies(request).save(lobby)
    return _status(request, lobby)


async def _give_seat(request: Request, lobby: Lobby, guest: Guest, name: str, token: str) -> None:
    """A newcomer takes a started game's seat: the old phone's token stops working."""
    manager = _manager(request)
    room = await manager.get_room(lobby.room or "")
    assert room is not None and guest.seat is not None
    token_hash = hash_token(token)
    async with room.lock:
        await manager.storage.write(
            Storage.op_take_seat(room.id, room.number, guest.seat, token_hash, None, name)
        )
        room.seats[guest.seat].token_hash = token_hash
        room.seats[guest.seat].name = name
        for conn in list(room.connections):
            if guest.seat in conn.seats:
                conn.close(4003, "this seat was given to another phone")
    guest.name, guest.token_hash = name, token_hash
    guest.open = guest.left = False
    room._presence()
    room.broadcast()
    room.after_change()


@lobby_router.post("/api/party/lobbies/{code}/options", summary="The host sets the options")
async def set_options(code: str, body: OptionsBody, request: Request) -> Any:
    lobby = await _lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    if not _is_host(lobby, body.token):
        return _fail(403, "only the host may do that", "forbidden")
    if lobby.room is not None:
        return _fail(409, "the game has started", "started")
    problem = _check_options(lobby.game, body.options)
    if problem:
        return _fail(422, problem, "bad_options")
    lobby.options = dict(body.options)
    await _lobbies(request).save(lobby)
    return _status(request, lobby)


@lobby_router.post("/api/party/lobbies/{code}/computers", summary="The host adds a computer")
async def add_computer(code: str, body: ComputerBody, request: Request) -> Any:
    lobby = await _lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    if not _is_host(lobby, body.token):
        return _fail(403, "only the host may do that", "forbidden")
    if body.level not in LEVELS:
        return _fail(400, f"unknown level {body.level!r}", "bad_level")
    if lobby.room is not None:
        return _fail(409, "the game has started", "started")
    _, high = _limits(lobby.game)
    if len(lobby.present()) >= high:
        return _fail(409, f"the party is full ({high} players)", "full")
    taken = {g.name for g in lobby.guests}
    name = next((n for n in COMPUTER_NAMES if n not in taken), f"{len(lobby.guests) + 1}")
    lobby.guests.append(
        Guest(
            id=secrets.token_hex(4),
            name=name,
            colour=_first_free(lobby, COLOURS, "colour"),
            avatar=_first_free(lobby, AVATARS, "avatar"),
            kind="computer",
            level=body.level,
        )
    )
    await _lobbies(request).save(lobby)
    return _status(request, lobby)


@lobby_router.post("/api/party/lobbies/{code}/start", summary="Commencer: the game begins")
async def start(code: str, body: TokenBody, request: Request) -> Any:
    """The host, or the first phone to have joined, starts the game once enough are in."""
    lobby = await _lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    present = lobby.present()
    first = next((g for g in present if g.kind == "human"), None)
    allowed = _is_host(lobby, body.token) or (
        first is not None and first.token_hash == hash_token(body.token)
    )
    if not allowed:
        return _fail(403, "only the host or the first player may start", "forbidden")
    lobbies = _lobbies(request)
    manager = _manager(request)
    async with lobbies.lock:
        if lobby.room is not None:
            return _status(request, lobby)
        low, high = _limits(lobby.game)
        if not low <= len(present) <= high:
            return _fail(409, f"{low} to {high} players are needed", "players", n=len(present))
        order = list(present)
        random.SystemRandom().shuffle(order)
        requests = [
            SeatRequest(g.kind, level=g.level if g.kind == "computer" else None, name=g.name)
            for g in order
        ]
        try:
            created = await manager.create(
                lobby.game, dict(lobby.options), len(order), requests, False, None, None
            )
        except ValueError as exc:
            return _fail(422, str(exc), "bad_options")
        room = created.room
        # before this coroutine yields: the new room's clocks wait for the phones
        timers.hold_party(room.id, paused=lobby.paused)
        room.after_change()
        lobby.guests = order + [g for g in lobby.guests if g.left]
        async with room.lock:
            for seat, guest in enumerate(order):
                guest.seat = seat
                if guest.kind == "human" and guest.token_hash:
                    await manager.storage.write(
                        Storage.op_take_seat(
                            room.id, room.number, seat, guest.token_hash, None, guest.name
                        )
                    )
                    room.seats[seat].token_hash = guest.token_hash
        lobby.room = room.id
        await lobbies.save(lobby)
        await asyncio.to_thread(_code_the_room, lobbies.engine, lobby.code, room.id)
    room._presence()
    return _status(request, lobby)


def _code_the_room(engine: Engine, code: str, room_id: str) -> None:
    """The lobby's code now names its room too (the phones' and TV's links keep working)."""
    with engine.begin() as conn:
        conn.execute(
            party_codes.insert().values(code=code, room_id=room_id, created_at=time.time())
        )


@lobby_router.post("/api/party/lobbies/{code}/pause", summary="Pause or resume the game")
async def pause(code: str, body: PauseBody, request: Request) -> Any:
    lobby = await _lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    if not _is_host(lobby, body.token):
        return _fail(403, "only the host may do that", "forbidden")
    lobby.paused = body.paused
    await _lobbies(request).save(lobby)
    if lobby.room is not None:
        timers.hold_party(lobby.room, paused=body.paused)
        room = await _manager(request).get_room(lobby.room)
        if room is not None:
            room.after_change()
    return _status(request, lobby)
