"""Party rooms: a short code per room, the QR code of its join link, uploaded texts.

A party game is played with one shared screen (the host page, a spectator) and each
player's phone as that player's seat. The phones join with a short human code
(`GET /j/<CODE>` or the join page) instead of a long invite link; the host page shows
the code and a QR code of the join address. A seat is taken with the code *and* the
room's join token (four digits, changed every `join_token_seconds`): the TV's link and
QR code carry it and the TV shows it under the code, so a code guessed from afar opens
nothing. Lookups of codes that name no party are counted per address (`MissBudget`),
and a code is given back once its room has ended. A text uploaded for a room (a deck of cards,
say) is checked by the game (`Option.upload`, see core/uploads.py), kept in the database
and given to one room, whose game reads it back as `room:<id>`.

The tables are this module's own (created next to the storage's, same engine), so the
rooms and their records do not change shape.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import io
import re
import secrets
import time
from pathlib import Path
from typing import Any, Literal

import segno
import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy.engine import Engine

from tablier.core import registry, uploads
from tablier.server import schema
from tablier.server.limits import MissBudget, UploadQuota, client_of
from tablier.server.manager import RoomManager
from tablier.server.rooms import Room
from tablier.server.settings import Settings
from tablier.server.upload_checks import CheckTimeout, UploadChecks, more_words

# no I, L, O, U: they read as 1, 1, 0 and V on a screen across the room
CODE_LETTERS = "ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 4
MAX_UPLOAD_BYTES = 512 * 1024
# the name column's length (PostgreSQL refuses longer text)
MAX_UPLOAD_NAME = 120
# an ended room's code is given back after this long (its phones may still look)
CODE_GRACE_SECONDS = 3600.0
# option values naming a kept upload: room:<id>
ROOM_SOURCE = "room"
WEB_BOARDS = Path(__file__).resolve().parent.parent / "web" / "js" / "boards"

metadata = sa.MetaData()

party_codes = sa.Table(
    "party_codes",
    metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("room_id", sa.String(32), nullable=False, unique=True),
    sa.Column("created_at", sa.Float, nullable=False),
)

party_uploads = sa.Table(
    "party_uploads",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("room_id", sa.String(32), nullable=True, index=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("name", sa.String(120), nullable=False),
    sa.Column("format", sa.String(8), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)


# ---------------------------------------------------------------------- codes
def new_code(rng: secrets.SystemRandom | None = None) -> str:
    chooser = rng or secrets.SystemRandom()
    return "".join(chooser.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """What a person typed, as a code: upper case, no spaces or dashes."""
    return re.sub(r"[\s-]+", "", text).upper()


def join_token(secret: str, period: float, now: float | None = None, back: int = 0) -> str:
    """The four digits that open a party's seats during one period (`back`: an earlier
    one), derived from a secret only the server and the TV's side know."""
    window = int((time.time() if now is None else now) // period) - back
    digest = hmac.new(secret.encode(), f"join:{window}".encode(), hashlib.sha256).digest()
    return f"{int.from_bytes(digest[:4], 'big') % 10000:04d}"


def join_token_ok(secret: str, given: str | None, period: float, now: float | None = None) -> bool:
    """The token of this period or the one before (so a token lives one to two periods)."""
    if not given:
        return False
    return any(
        hmac.compare_digest(join_token(secret, period, now, back), given.strip()) for back in (0, 1)
    )


class _NotClaimed(Exception):
    pass


class CodesExhausted(RuntimeError):
    """No free party code was found (the table is nearly full)."""


def free_ended_codes(engine: Engine, now: float | None = None) -> list[str]:
    """Give back the codes of rooms that ended (no unfinished game, none finished in the
    last CODE_GRACE_SECONDS) and of lobbies never started for a day; the lobby codes freed."""
    from tablier.server.storage import games

    now = time.time() if now is None else now
    cutoff = now - CODE_GRACE_SECONDS
    lively = sa.select(games.c.room_id).where(
        sa.or_(games.c.finished == sa.false(), games.c.finished_at > cutoff)
    )
    lobbies = metadata.tables.get("party_lobbies")
    freed: list[str] = []
    with engine.begin() as conn:
        conn.execute(
            party_codes.delete().where(
                party_codes.c.created_at < cutoff, party_codes.c.room_id.not_in(lively)
            )
        )
        if lobbies is not None:
            ended = sa.or_(
                sa.and_(lobbies.c.room_id.is_(None), lobbies.c.created_at < now - 86400),
                sa.and_(
                    lobbies.c.room_id.is_not(None),
                    lobbies.c.created_at < cutoff,
                    lobbies.c.room_id.not_in(lively),
                ),
            )
            freed = [str(r.code) for r in conn.execute(sa.select(lobbies.c.code).where(ended))]
            if freed:
                conn.execute(lobbies.delete().where(lobbies.c.code.in_(freed)))
    return freed


def code_taken(conn: sa.Connection, code: str) -> bool:
    """Whether a room or a lobby holds the code."""
    if conn.execute(sa.select(party_codes.c.code).where(party_codes.c.code == code)).scalar():
        return True
    lobbies = metadata.tables.get("party_lobbies")
    return lobbies is not None and bool(
        conn.execute(sa.select(lobbies.c.code).where(lobbies.c.code == code)).scalar()
    )


class PartyStore:
    """The party tables, on the storage's database engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        schema.upgrade(engine)  # a no-op after the storage's own upgrade

    def code_for(self, room_id: str) -> str:
        """The room's code, given on first request and kept."""
        with self.engine.begin() as conn:
            found = conn.execute(
                sa.select(party_codes.c.code).where(party_codes.c.room_id == room_id)
            ).scalar()
            if found:
                return str(found)
            for _ in range(50):
                code = new_code()
                if not code_taken(conn, code):
                    conn.execute(
                        party_codes.insert().values(
                            code=code, room_id=room_id, created_at=time.time()
                        )
                    )
                    return code
        raise CodesExhausted("no free room code left")

    def room_of(self, code: str) -> str | None:
        with self.engine.begin() as conn:
            found = conn.execute(
                sa.select(party_codes.c.room_id).where(party_codes.c.code == normal_code(code))
            ).scalar()
        return None if found is None else str(found)

    def add_upload(self, game: str, name: str, fmt: str, text: str) -> str:
        upload_id = secrets.token_urlsafe(9)
        with self.engine.begin() as conn:
            conn.execute(
                party_uploads.insert().values(
                    id=upload_id,
                    room_id=None,
                    game=game,
                    name=name,
                    format=fmt,
                    text=text,
                    created_at=time.time(),
                )
            )
        return upload_id

    def upload(self, upload_id: str) -> dict[str, Any] | None:
        with self.engine.begin() as conn:
            row = conn.execute(
                sa.select(party_uploads).where(party_uploads.c.id == upload_id)
            ).first()
        return None if row is None else dict(row._mapping)

    def room_upload(self, room_id: str) -> dict[str, Any] | None:
        with self.engine.begin() as conn:
            row = conn.execute(
                sa.select(party_uploads).where(party_uploads.c.room_id == room_id)
            ).first()
        return None if row is None else dict(row._mapping)

    def claim_uploads(self, upload_ids: list[str]) -> str | None:
        """Take unused uploads for a room being made, each by one conditional UPDATE (of
        rooms made at once with one upload, one gets it); the claim to finish or release,
        or None (nothing taken) when one of them is missing or already used."""
        claim = f"claim-{secrets.token_hex(8)}"
        try:
            with self.engine.begin() as conn:
                for upload_id in upload_ids:
                    done = conn.execute(
                        party_uploads.update()
                        .where(party_uploads.c.id == upload_id, party_uploads.c.room_id.is_(None))
                        .values(room_id=claim)
                    )
                    if not done.rowcount:
                        raise _NotClaimed  # the ones already taken go back
        except _NotClaimed:
            return None
        return claim

    def release_claim(self, claim: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                party_uploads.update().where(party_uploads.c.room_id == claim).values(room_id=None)
            )

    def finish_claim(self, claim: str, room_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                party_uploads.update()
                .where(party_uploads.c.room_id == claim)
                .values(room_id=room_id)
            )

    def expire_uploads(self, ttl: float, now: float | None = None) -> int:
        """Forget uploads no room took within `ttl` seconds (and claims a crash left)."""
        cutoff = (time.time() if now is None else now) - ttl
        with self.engine.begin() as conn:
            done = conn.execute(
                party_uploads.delete().where(
                    party_uploads.c.created_at < cutoff,
                    sa.or_(
                        party_uploads.c.room_id.is_(None),
                        party_uploads.c.room_id.like("claim-%"),
                    ),
                )
            )
        return int(done.rowcount or 0)

    def attach_upload(self, upload_id: str, room_id: str) -> bool:
        """Give a not yet used upload to a room (an upload serves one room only)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                party_uploads.update()
                .where(party_uploads.c.id == upload_id, party_uploads.c.room_id.is_(None))
                .values(room_id=room_id)
            )
        return bool(done.rowcount)


# ---------------------------------------------------------------------- QR codes
def qr_svg(text: str) -> str:
    """The QR code of `text` as a standalone SVG (dark modules on white, quiet zone)."""
    qr = segno.make(text, error="m", micro=False)
    out = io.BytesIO()
    qr.save(out, kind="svg", scale=8, border=2, dark="#1d2b2d", light="#ffffff", xmldecl=False)
    return out.getvalue().decode("utf-8")


# ---------------------------------------------------------------------- the routes
class JoinByCode(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    player_id: str | None = Field(None, min_length=1, max_length=80)
    # the digits the TV shows under the code (its link and QR code carry them)
    join_token: str | None = Field(None, max_length=8)


class UploadBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=40)
    # the option the text is for; by default the game's only option taking uploads
    option: str | None = Field(None, max_length=40)
    text: str = Field(min_length=1, max_length=MAX_UPLOAD_BYTES)
    format: Literal["toml", "csv"] = "toml"
    name: str = Field("upload", min_length=1, max_length=120)


def _fail(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


def _manager(request: Request) -> RoomManager:
    manager: RoomManager = request.app.state.manager
    return manager


def _store(request: Request) -> PartyStore:
    store: PartyStore | None = getattr(request.app.state, "party", None)
    if store is None:
        store = PartyStore(_manager(request).storage.engine)
        request.app.state.party = store
    return store


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def has_host_view(game_id: str) -> bool:
    """Whether the web client has a host-screen drawing for the game (`<id>-host.js`)."""
    return (WEB_BOARDS / f"{game_id}-host.js").is_file()


def _settings(request: Request) -> Settings:
    found: Settings | None = getattr(request.app.state, "settings", None)
    if found is None:
        found = Settings.from_env()
        request.app.state.settings = found
    return found


def _state(request: Request, name: str, make: Any) -> Any:
    """One object per application, made on first use (a limiter, the upload workers)."""
    found = getattr(request.app.state, name, None)
    if found is None:
        found = make(_settings(request))
        setattr(request.app.state, name, found)
    return found


def _misses(request: Request) -> MissBudget:
    budget: MissBudget = _state(
        request, "code_misses", lambda s: MissBudget(s.code_misses_per_minute)
    )
    return budget


def lookup_refused(request: Request) -> JSONResponse | None:
    """A 429 once this address has looked up too many codes naming no party."""
    if _misses(request).allowed(client_of(request)):
        return None
    return _fail(
        429,
        "too many party codes that name nothing from this address: wait a minute",
        code="too_many_codes",
    )


def count_miss(request: Request) -> None:
    _misses(request).missed(client_of(request))


async def code_secret(request: Request, code: str, room_id: str | None) -> str | None:
    """What a code's join token is derived from: its lobby's host secret (kept hashed,
    never sent), else the room's id (only the host page and seated phones know it)."""
    lobbies = getattr(request.app.state, "lobbies", None)
    lobby = None if lobbies is None else await lobbies.get(code)
    if lobby is not None:
        return str(lobby.host_hash)
    return room_id


def join_details(request: Request, code: str, secret: str) -> dict[str, Any]:
    """The TV's side of a code: its join token, and the link and QR code carrying it."""
    period = _settings(request).join_token_seconds
    token = join_token(secret, period)
    return {
        "join_token": token,
        "join_url": f"{_base(request)}/j/{code}?t={token}",
        # the QR code changes with the token: a new address, so no cache keeps the old one
        "join_token_period": int(time.time() // period),
    }


def _party_status(request: Request, room: Room, code: str) -> dict[str, Any]:
    """What anyone with the code may see: never the room's id nor its join token."""
    free = [s.seat for s in room.seats if s.kind == "human" and s.token_hash is None]
    return {
        "game": room.game_id,
        "code": code,
        "host_view": has_host_view(room.game_id),
        "free_seats": free,
        "names": [s.name for s in room.seats],
    }


router = APIRouter(tags=["party"])


@router.get("/api/party/rooms/{room_id}", summary="A room's code, join link and QR code")
async def party_room(room_id: str, request: Request) -> Any:
    room = await _manager(request).get_room(room_id)
    if room is None:
        return _fail(404, f"no room {room_id!r}")
    store = _store(request)
    code = await _code_for(request, room.id)
    if isinstance(code, JSONResponse):
        return code
    kept = await asyncio.to_thread(store.room_upload, room.id)
    status = _party_status(request, room, code)
    secret = await code_secret(request, code, room.id)
    assert secret is not None
    details = join_details(request, code, secret)
    status.update(details, room=room.id)
    status["qr"] = f"/api/party/rooms/{room.id}/qr.svg?w={details['join_token_period']}"
    status["upload"] = None if kept is None else {"id": kept["id"], "name": kept["name"]}
    return status


async def _code_for(request: Request, room_id: str) -> str | JSONResponse:
    store = _store(request)
    last = getattr(request.app.state, "codes_freed_at", 0.0)
    if time.monotonic() - last > 60:
        # now and then, the codes of ended rooms and lobbies go back to the pool
        request.app.state.codes_freed_at = time.monotonic()
        freed = await asyncio.to_thread(free_ended_codes, store.engine)
        lobbies = getattr(request.app.state, "lobbies", None)
        for code in freed:
            if lobbies is not None:
                lobbies.cache.pop(code, None)
    try:
        return await asyncio.to_thread(store.code_for, room_id)
    except CodesExhausted:
        return _fail(503, "no party code is free right now: try again later", code="no_code")


@router.get("/api/party/rooms/{room_id}/qr.svg", summary="The QR code of the room's join link")
async def party_qr(room_id: str, request: Request) -> Response:
    room = await _manager(request).get_room(room_id)
    if room is None:
        return _fail(404, f"no room {room_id!r}")
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


def plausible_code(code: str) -> bool:
    return bool(re.fullmatch(f"[{CODE_LETTERS}]{{{CODE_LENGTH},8}}", normal_code(code)))


async def _coded_room(request: Request, code: str) -> Room | JSONResponse:
    """The live room a code names; a 404 counted as a miss, or a 429 past too many."""
    refused = lookup_refused(request)
    if refused is not None:
        return refused
    room_id = (
        await asyncio.to_thread(_store(request).room_of, code) if plausible_code(code) else None
    )
    room = None if room_id is None else await _manager(request).get_room(room_id)
    if room is None:
        count_miss(request)
        return _fail(404, f"no room has the code {normal_code(code)[:8]!r}", code="unknown_code")
    return room


@router.get("/api/party/codes/{code}", summary="The game a code names and its free seats")
async def party_code(code: str, request: Request) -> Any:
    room = await _coded_room(request, code)
    if isinstance(room, JSONResponse):
        return room
    return _party_status(request, room, normal_code(code))


@router.post("/api/party/codes/{code}/join", summary="Take the next free seat of a coded room")
async def party_join(code: str, body: JoinByCode, request: Request) -> Any:
    room = await _coded_room(request, code)
    if isinstance(room, JSONResponse):
        return room
    secret = await code_secret(request, normal_code(code), room.id)
    if secret is None or not join_token_ok(
        secret, body.join_token, _settings(request).join_token_seconds
    ):
        count_miss(request)
        return _fail(
            403,
            "the join token is missing or old: scan the code on the screen again",
            code="bad_join_token",
        )
    name = " ".join(body.name.split())
    if not name:
        return _fail(400, "a name is needed to join", code="no_name")
    try:
        seat, token = await _manager(request).join(room, None, body.player_id, name)
    except LookupError as exc:
        return _fail(409, str(exc.args[0]), code="room_full")
    return {"room": room.id, "seat": seat, "token": token, "game": room.game_id}


@router.get("/j/{code}", summary="Short join address: the join page with the code filled in")
async def short_join(code: str, t: str | None = None) -> RedirectResponse:
    clean = re.sub(r"[^A-Za-z]", "", code).upper()[:8]
    token = re.sub(r"[^0-9]", "", t or "")[:8]
    return RedirectResponse(
        f"/?join-code={clean}" + (f"&t={token}" if token else ""), status_code=307
    )


@router.post(
    "/api/party/uploads",
    summary="Check and keep a text for a room",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": UploadBody.model_json_schema()}},
        }
    },
)
async def upload(request: Request) -> Any:
    settings = _settings(request)
    quota: UploadQuota = _state(
        request, "upload_quota", lambda s: UploadQuota(s.uploads_per_hour, s.upload_bytes_per_hour)
    )
    # an address past its quota is refused before its 512 KB are even parsed
    refusal = quota.used_up(client_of(request))
    if refusal is not None:
        return _fail(429, refusal, code="upload_quota")
    try:
        body = UploadBody.model_validate_json(await request.body())
    except ValidationError as exc:
        raise RequestValidationError(exc.errors(include_input=False)) from None
    if body.game not in registry.game_ids():
        return _fail(400, f"unknown game {body.game!r}", code="unknown_game")
    specs = [o for o in registry.game_class(body.game).option_specs if o.upload is not None]
    if body.option is not None:
        specs = [o for o in specs if o.name == body.option]
    if not specs:
        return _fail(400, f"{body.game!r} takes no uploaded text here", code="no_uploads")
    spec = specs[0]
    assert spec.upload is not None
    refusal = quota.refusal(client_of(request), len(body.text.encode("utf-8", "replace")))
    if refusal is not None:
        return _fail(429, refusal, code="upload_quota")
    store = _store(request)
    # uploads no room took are forgotten after a while: storage does not grow with them
    await asyncio.to_thread(store.expire_uploads, settings.upload_ttl_seconds)
    checks: UploadChecks = _state(
        request, "upload_checks", lambda s: UploadChecks(seconds=s.upload_check_seconds)
    )
    try:
        answer = await checks.check(spec.upload, body.text, body.format, body.name)
    except CheckTimeout:
        return _fail(
            400,
            f"the text takes too long to check (over {settings.upload_check_seconds:g} s)",
            code="too_slow",
        )
    if "refused" in answer:
        return _fail(400, answer["refused"], code="unreadable")
    if "problems" in answer:
        return _refused_upload(answer["problems"], answer["count"])
    summary: dict[str, Any] = answer["summary"]
    name = str(summary.get("name", body.name))
    if len(name) > MAX_UPLOAD_NAME:
        return _fail(
            400,
            f"the name is limited to {MAX_UPLOAD_NAME} characters",
            code="name_too_long",
            problems=[{"line": None, "field": "name", "problem": "too long"}],
        )
    upload_id = await asyncio.to_thread(store.add_upload, body.game, name, body.format, body.text)
    return {"id": upload_id, "option": spec.name, "value": f"{ROOM_SOURCE}:{upload_id}", **summary}


def _refused_upload(problems: list[dict[str, Any]], count: int) -> JSONResponse:
    """The first problems and how many more: never a list as large as the text."""
    more = count - len(problems)
    # a text past the parsers' bounds (a huge cell, deep nesting) is a bad request
    status = 400 if any(p.get("limit") for p in problems) else 422
    first = problems[0].get("problem", "") if problems else ""
    extra: dict[str, Any] = {"problems": problems, "count": count, "more": more}
    if more:
        extra["more_text"] = more_words(more)
    return _fail(
        status,
        f"{count} problem{'s' if count != 1 else ''} in the text; the first: {first}"[:400],
        code="bad_upload",
        **extra,
    )


def room_source(store: PartyStore) -> Any:
    """The kept uploads as a source of option values `room:<id>`."""

    def fetch(upload_id: str) -> uploads.Upload | None:
        row = store.upload(upload_id)
        if row is None:
            return None
        return uploads.Upload(text=row["text"], fmt=row["format"], name=row["name"])

    return fetch
