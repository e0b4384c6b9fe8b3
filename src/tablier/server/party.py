"""Party rooms: a short code per room, the QR code of its join link, uploaded texts.

A party game is played with one shared screen (the host page, a spectator) and each
player's phone as that player's seat. The phones join with a short human code
(`GET /j/<CODE>` or the join page) instead of a long invite link; the host page shows
the code and a QR code of the join address. A text uploaded for a room (a deck of cards,
say) is checked by the game (`Option.upload`, see core/uploads.py), kept in the database
and given to one room, whose game reads it back as `room:<id>`.

The tables are this module's own (created next to the storage's, same engine), so the
rooms and their records do not change shape.
"""

from __future__ import annotations

import asyncio
import io
import re
import secrets
import time
from pathlib import Path
from typing import Any, Literal

import segno
import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.engine import Engine

from tablier.core import registry, uploads
from tablier.server import schema
from tablier.server.manager import RoomManager
from tablier.server.rooms import Room

# no I, L, O, U: they read as 1, 1, 0 and V on a screen across the room
CODE_LETTERS = "ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 4
MAX_UPLOAD_BYTES = 512 * 1024
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
                taken = conn.execute(
                    sa.select(party_codes.c.code).where(party_codes.c.code == code)
                ).scalar()
                if taken is None:
                    conn.execute(
                        party_codes.insert().values(
                            code=code, room_id=room_id, created_at=time.time()
                        )
                    )
                    return code
        raise RuntimeError("no free room code left")

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


def _party_status(request: Request, room: Room, code: str) -> dict[str, Any]:
    base = _base(request)
    free = [s.seat for s in room.seats if s.kind == "human" and s.token_hash is None]
    return {
        "room": room.id,
        "game": room.game_id,
        "code": code,
        "join_url": f"{base}/j/{code}",
        "qr": f"/api/party/rooms/{room.id}/qr.svg",
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
    code = await asyncio.to_thread(store.code_for, room.id)
    kept = await asyncio.to_thread(store.room_upload, room.id)
    status = _party_status(request, room, code)
    status["upload"] = None if kept is None else {"id": kept["id"], "name": kept["name"]}
    return status


@router.get("/api/party/rooms/{room_id}/qr.svg", summary="The QR code of the room's join link")
async def party_qr(room_id: str, request: Request) -> Response:
    room = await _manager(request).get_room(room_id)
    if room is None:
        return _fail(404, f"no room {room_id!r}")
    code = await asyncio.to_thread(_store(request).code_for, room.id)
    return Response(
        qr_svg(f"{_base(request)}/j/{code}"),
        media_type="image/svg+xml",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/api/party/codes/{code}", summary="The room a code names")
async def party_code(code: str, request: Request) -> Any:
    store = _store(request)
    room_id = await asyncio.to_thread(store.room_of, code)
    room = None if room_id is None else await _manager(request).get_room(room_id)
    if room is None:
        return _fail(404, f"no room has the code {normal_code(code)!r}", code="unknown_code")
    return _party_status(request, room, normal_code(code))


@router.post("/api/party/codes/{code}/join", summary="Take the next free seat of a coded room")
async def party_join(code: str, body: JoinByCode, request: Request) -> Any:
    store = _store(request)
    room_id = await asyncio.to_thread(store.room_of, code)
    manager = _manager(request)
    room = None if room_id is None else await manager.get_room(room_id)
    if room is None:
        return _fail(404, f"no room has the code {normal_code(code)!r}", code="unknown_code")
    name = " ".join(body.name.split())
    if not name:
        return _fail(400, "a name is needed to join", code="no_name")
    try:
        seat, token = await manager.join(room, None, body.player_id, name)
    except LookupError as exc:
        return _fail(409, str(exc.args[0]), code="room_full")
    return {"room": room.id, "seat": seat, "token": token, "game": room.game_id}


@router.get("/j/{code}", summary="Short join address: the join page with the code filled in")
async def short_join(code: str) -> RedirectResponse:
    clean = re.sub(r"[^A-Za-z]", "", code).upper()[:8]
    return RedirectResponse(f"/?join-code={clean}", status_code=307)


@router.post("/api/party/uploads", summary="Check and keep a text for a room")
async def upload(body: UploadBody, request: Request) -> Any:
    if body.game not in registry.game_ids():
        return _fail(400, f"unknown game {body.game!r}", code="unknown_game")
    specs = [o for o in registry.game_class(body.game).option_specs if o.upload is not None]
    if body.option is not None:
        specs = [o for o in specs if o.name == body.option]
    if not specs:
        return _fail(400, f"{body.game!r} takes no uploaded text here", code="no_uploads")
    spec = specs[0]
    assert spec.upload is not None
    try:
        summary = uploads.check(spec.upload, body.text, body.format, body.name)
    except uploads.UploadError as exc:
        return _fail(422, str(exc), code="bad_upload", problems=exc.problems)
    upload_id = await asyncio.to_thread(
        _store(request).add_upload,
        body.game,
        str(summary.get("name", body.name)),
        body.format,
        body.text,
    )
    return {"id": upload_id, "option": spec.name, "value": f"{ROOM_SOURCE}:{upload_id}", **summary}


def room_source(store: PartyStore) -> Any:
    """The kept uploads as a source of option values `room:<id>`."""

    def fetch(upload_id: str) -> uploads.Upload | None:
        row = store.upload(upload_id)
        if row is None:
            return None
        return uploads.Upload(text=row["text"], fmt=row["format"], name=row["name"])

    return fetch
