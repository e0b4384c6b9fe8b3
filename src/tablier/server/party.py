"""Party rooms: a short code per room, the QR code of its join link, uploaded decks.

A party game is played with one shared screen (the host page, a spectator) and each
player's phone as that player's seat. The phones join with a short human code
(`GET /j/<CODE>` or the join page) instead of a long invite link; the host page shows
the code and a QR code of the join address. A deck uploaded for a room is checked with
the deck loader of the game and kept in the database with the room.

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

from tablier.server.manager import RoomManager
from tablier.server.rooms import Room

# no I, L, O, U: they read as 1, 1, 0 and V on a screen across the room
CODE_LETTERS = "ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 4
MAX_DECK_BYTES = 512 * 1024
DECK_SOURCE = "deck"
WEB_BOARDS = Path(__file__).resolve().parent.parent / "web" / "js" / "boards"

metadata = sa.MetaData()

party_codes = sa.Table(
    "party_codes",
    metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("room_id", sa.String(32), nullable=False, unique=True),
    sa.Column("created_at", sa.Float, nullable=False),
)

party_decks = sa.Table(
    "party_decks",
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
        metadata.create_all(engine)

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

    def add_deck(self, game: str, name: str, fmt: str, text: str) -> str:
        deck_id = secrets.token_urlsafe(9)
        with self.engine.begin() as conn:
            conn.execute(
                party_decks.insert().values(
                    id=deck_id,
                    room_id=None,
                    game=game,
                    name=name,
                    format=fmt,
                    text=text,
                    created_at=time.time(),
                )
            )
        return deck_id

    def deck(self, deck_id: str) -> dict[str, Any] | None:
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(party_decks).where(party_decks.c.id == deck_id)).first()
        return None if row is None else dict(row._mapping)

    def room_deck(self, room_id: str) -> dict[str, Any] | None:
        with self.engine.begin() as conn:
            row = conn.execute(
                sa.select(party_decks).where(party_decks.c.room_id == room_id)
            ).first()
        return None if row is None else dict(row._mapping)

    def attach_deck(self, deck_id: str, room_id: str) -> bool:
        """Give a not yet used deck to a room (a deck lives in one room only)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                party_decks.update()
                .where(party_decks.c.id == deck_id, party_decks.c.room_id.is_(None))
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


# ---------------------------------------------------------------------- decks
# a problem line of the deck loader: "<source>:<line>: card 'x': field 'y': why"
_PROBLEM = re.compile(
    r"^(?P<source>[^:\n]*?)(?::(?P<line>\d+))?:\s"
    r"(?:(?P<card>card (?:'[^']*'|\"[^\"]*\"|#\d+)):\s)?"
    r"(?:(?:field|header) ?'?(?P<field>[A-Za-z0-9_-]*)'?:\s)?"
    r"(?P<why>.*)$",
    re.DOTALL,
)
_TOML_AT = re.compile(r"at line (\d+)")


def describe_problem(problem: str) -> dict[str, Any]:
    """One problem of the loader as {line, card, field, problem} (None where unknown)."""
    match = _PROBLEM.match(problem)
    if match is None:
        return {"line": None, "card": None, "field": None, "problem": problem}
    line = match.group("line")
    why = match.group("why")
    if line is None:
        at = _TOML_AT.search(why)
        line = at.group(1) if at else None
    return {
        "line": int(line) if line else None,
        "card": match.group("card"),
        "field": match.group("field") or None,
        "problem": why,
    }


def parse_deck(text: str, fmt: str, name: str) -> Any:
    """The deck of an upload (DeckError lists every problem), with the game's own loader."""
    from tablier.games.quiadiquoi.deck import parse_deck_text
    from tablier.games.quiadiquoi.deck_csv import parse_csv_text

    if fmt == "csv":
        return parse_csv_text(text.lstrip("\ufeff"), DECK_SOURCE, name)
    return parse_deck_text(text, DECK_SOURCE, name)


# ---------------------------------------------------------------------- the routes
class JoinByCode(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    player_id: str | None = Field(None, min_length=1, max_length=80)


class DeckUpload(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = "quiadiquoi"
    text: str = Field(min_length=1, max_length=MAX_DECK_BYTES)
    format: Literal["toml", "csv"] = "toml"
    name: str = Field("deck", min_length=1, max_length=120)


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
    deck = await asyncio.to_thread(store.room_deck, room.id)
    status = _party_status(request, room, code)
    status["deck"] = None if deck is None else {"id": deck["id"], "name": deck["name"]}
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


@router.post("/api/party/decks", summary="Check and keep a deck for a room")
async def upload_deck(body: DeckUpload, request: Request) -> Any:
    from tablier.games.quiadiquoi.deck import DeckError

    if body.game != "quiadiquoi":
        return _fail(400, f"{body.game!r} plays no deck", code="no_decks")
    try:
        deck = parse_deck(body.text, body.format, body.name)
    except DeckError as exc:
        problems = [describe_problem(p) for p in exc.problems]
        return _fail(422, str(exc), code="bad_deck", problems=problems)
    deck_id = await asyncio.to_thread(
        _store(request).add_deck, body.game, deck.name, body.format, body.text
    )
    counts: dict[str, int] = {}
    for card in deck.cards:
        counts[card.category] = counts.get(card.category, 0) + 1
    return {"deck": deck_id, "name": deck.name, "cards": len(deck.cards), "categories": counts}
