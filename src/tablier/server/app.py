"""The FastAPI application: REST endpoints, the WebSocket endpoint and the web client."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import importlib
import json
import logging
import mimetypes
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

import sqlalchemy as sa
from fastapi import FastAPI, Query, Request, WebSocket
from fastapi import Path as FastPath
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

import tablier
from tablier.ai.analysis import analysable
from tablier.core import records, registry, uploads
from tablier.core.options import OptionError
from tablier.core.rules_pages import rules_text
from tablier.server.analysis import Analyses
from tablier.server.db_lock import DatabaseBusy
from tablier.server.fair_compute import FinishedCache, requester_key
from tablier.server.fair_compute import install as install_fair_compute
from tablier.server.gc_tuning import tune_for_many_rooms
from tablier.server.limits import MAX_INDEX, BodyLimit, RoomRate, short, unicode_problem
from tablier.server.manager import AlreadySeated, RoomManager, SeatRequest
from tablier.server.outcomes import told_outcome
from tablier.server.party import ROOM_SOURCE, PartyStore, room_source
from tablier.server.party import router as party_router
from tablier.server.party_lobby import Lobbies, lobby_router
from tablier.server.people import rated_rooms
from tablier.server.people.profiles_api import install as install_profiles
from tablier.server.preview import router as preview_router
from tablier.server.problems import router as problems_router
from tablier.server.protocol import (
    PROTOCOL_VERSION,
    protocol_schema,
)
from tablier.server.rooms import Room
from tablier.server.seat_names import BadSeatName, clean_seat_name
from tablier.server.seats import draws_lots
from tablier.server.settings import Settings
from tablier.server.storage import Storage, StorageUnavailable, StoredGame
from tablier.server.studies import router as studies_router
from tablier.server.tutorials import router as tutorials_router
from tablier.server.websocket import serve_socket
from tablier.server.words import record_words
from tablier.tutorials import lessons as tutorial_lessons

log = logging.getLogger("tablier.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


# ------------------------------------------------------------------ REST bodies
class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(_Body):
    kind: Literal["human", "computer"] = "human"
    level: str | None = Field(None, description="computer level, e.g. random, easy, hard")
    name: str | None = Field(None, max_length=40)
    mine: bool = Field(False, description="the creator takes this seat (several: same screen)")


class ClockSpec(_Body):
    mode: Literal["total", "move"] = Field(
        description="total: seconds per seat for the game; move: seconds per decision"
    )
    seconds: float = Field(gt=0, le=86400)
    increment: float = Field(0, ge=0, le=3600)


class CreateRoom(_Body):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    players: int | None = Field(None, ge=1, le=16)
    seats: list[SeatSpec] = Field(default_factory=list, max_length=16)
    seating: Literal["random", "as_listed"] | None = Field(
        None, description="random by default where the rules draw lots (the game's `draws_lots`)"
    )
    clock: ClockSpec | None = None
    player_id: str | None = Field(None, min_length=1, max_length=80)
    rated: bool = Field(False, description="counts for the ratings: every seat a signed-in person")


class JoinSeat(_Body):
    seat: int | None = Field(None, ge=0, le=15)
    player_id: str | None = Field(None, min_length=1, max_length=80)
    # the 40-character limit is told by clean_seat_name, with a code the page words
    name: str | None = Field(None, max_length=200)


def _error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


class ApiError(Exception):
    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


def _links(request: Request, room_id: str, num_players: int) -> dict[str, Any]:
    base = str(request.base_url).rstrip("/")
    return {
        "invite": {str(s): f"{base}/?room={room_id}&join={s}" for s in range(num_players)},
        "watch": f"{base}/?room={room_id}&watch=1",
        "ws": f"{base.replace('http', 'ws', 1)}/ws/rooms/{room_id}",
    }


def _manager(request: Request | WebSocket) -> RoomManager:
    manager: RoomManager = request.app.state.manager
    return manager


async def _room(request: Request, room_id: str) -> Room:
    room = await _manager(request).get_room(room_id)
    if room is None:
        raise ApiError(404, f"no room {room_id!r}")
    return room


def _check_text(body: dict[str, Any], max_option_text: int, options: dict[str, Any]) -> None:
    """Text a client sends must be valid Unicode, and option values short."""
    where = unicode_problem(body)
    if where is not None:
        raise ApiError(400, f"{where.lstrip('.')}: the text is not valid Unicode")
    if len(options) > 32:
        raise ApiError(400, "too many options")
    for key, value in options.items():
        if len(key) > 40 or (isinstance(value, str) and len(value) > max_option_text):
            raise ApiError(
                400,
                f"option {short(key)}: option values are limited to {max_option_text} characters",
            )
        if not isinstance(value, str | int | float | bool | None):
            raise ApiError(400, f"option {short(key)}: a value is text, a number or a boolean")


def _check_resources(game_id: str, options: dict[str, Any]) -> None:
    """An option naming a shipped resource (a deck...) takes only a declared name: the
    server never opens a path a remote client chose."""
    for spec in registry.game_class(game_id).option_specs:
        if spec.resources is None or spec.name not in options:
            continue
        try:
            spec.check_resource(options[spec.name])
        except OptionError as exc:
            raise ApiError(400, exc.text("en"), option=spec.name, text=exc.reason.texts()) from None
    for key, value in options.items():
        # and no option value that looks like a path, resource or not
        if isinstance(value, str) and ("/" in value or "\\" in value or value.startswith(".")):
            raise ApiError(400, f"option {key!r}: file paths are not accepted by the server")


def _load_options(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """Options as JSON values; text values are also parsed as on the command line."""
    game_cls = registry.game_class(game_id)
    try:
        return dict(game_cls(**options).options)
    except ValueError as first:
        parsed = {}
        for key, value in options.items():
            try:
                parsed[key] = game_cls.parse_option(key, value) if isinstance(value, str) else value
            except ValueError:
                raise first from None
        return dict(game_cls(**parsed).options)


def create_app(db_url: str | None = None, settings: Settings | None = None) -> FastAPI:
    """The server application; `db_url` defaults to `sqlite:///tablier.db`."""
    settings = settings or Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            storage = Storage(db_url)
        except DatabaseBusy as exc:
            log.error("%s", exc)
            raise SystemExit(1) from None
        manager = RoomManager(storage, settings)
        app.state.manager = manager
        if settings.redis_url:
            if storage.path is not None:
                log.error("several server processes need PostgreSQL, not an SQLite file")
                raise SystemExit(1)
            await manager.join_cluster(settings.redis_url)
        # texts uploaded for a room are read back by their games, before any game is rebuilt
        app.state.party = PartyStore(storage.engine)
        # before the games are rebuilt: which of them are party games
        app.state.lobbies = Lobbies(storage.engine)
        app.state.analyses = Analyses(manager.pool)
        uploads.register_source(ROOM_SOURCE, room_source(app.state.party))
        count = await manager.recover()
        if count:
            log.info("rebuilt %d unfinished game(s) from the database", count)
        tune_for_many_rooms()
        sweeper = asyncio.create_task(manager.sweep_forever())
        try:
            yield
        finally:
            sweeper.cancel()
            checks = getattr(app.state, "upload_checks", None)
            if checks is not None:
                checks.close()  # the deck checks' worker processes
            await manager.shutdown()
            storage.close()

    app = FastAPI(
        title="Tablier game server",
        version=tablier.__version__,
        description="Rooms, seats and an authoritative WebSocket protocol for Tablier's games. "
        "The WebSocket protocol is described in docs/protocol.md and by "
        "GET /api/protocol/schema.",
        lifespan=lifespan,
    )

    # the party routes read their limits from here (server/party.py)
    app.state.settings = settings
    # uploads (a deck...) may be larger than any other request
    app.add_middleware(
        BodyLimit, limit=settings.max_body, larger={"/api/party/uploads": 640 * 1024}
    )
    if settings.trusted_proxies:
        # the client is the address the listed proxies forwarded for; anyone else's
        # X-Forwarded-For is ignored (uvicorn's own reading is turned off in run())
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))
    room_rate = RoomRate(settings.rooms_per_minute)
    sockets: Counter[str] = Counter()

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, exc: Exception) -> JSONResponse:
        # never a plain-text traceback: the log keeps it, the client gets JSON
        log.exception("unexpected error", exc_info=exc)
        return _error(500, "the server failed on this request")

    @app.exception_handler(StorageUnavailable)
    async def _storage_down(_request: Request, exc: StorageUnavailable) -> JSONResponse:
        return _error(503, f"the server cannot save anything right now: {exc}", code="storage")

    @app.exception_handler(sa.exc.OperationalError)
    async def _storage_failed(_request: Request, exc: sa.exc.OperationalError) -> JSONResponse:
        log.error("database read failed: %s", exc.orig)
        return _error(503, "the server's database cannot be read right now", code="storage")

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return _error(exc.status, exc.message, **exc.extra)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    install_fair_compute(app)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        details = [
            {"field": ".".join(str(p) for p in err["loc"]), "problem": err["msg"]}
            for err in exc.errors()
        ]
        summary = "; ".join(f"{d['field']}: {d['problem']}" for d in details)
        return _error(422, f"invalid request: {summary}", details=details)

    # -------------------------------------------------------------- games
    @app.get("/api/health", tags=["server"])
    async def health(request: Request) -> dict[str, Any]:
        failure = _manager(request).storage.failure
        return {
            "ok": failure is None,
            "version": tablier.__version__,
            "protocol": PROTOCOL_VERSION,
            "storage": failure or "ok",
        }

    @app.get("/api/games", tags=["games"], summary="Every game with its options")
    async def list_games() -> list[dict[str, Any]]:
        described = []
        for game_id in registry.game_ids():
            try:
                described.append(_describe(game_id))
            except Exception:
                # one broken game package must not hide the others
                log.exception("game %s cannot be loaded", game_id)
        return described

    @app.get("/api/games/{game_id}", tags=["games"], summary="One game and its options")
    async def get_game(game_id: str) -> dict[str, Any]:
        if game_id not in registry.game_ids():
            raise ApiError(404, f"unknown game {game_id!r}", known=registry.game_ids())
        return _describe(game_id)

    @app.get("/api/games/{game_id}/art.svg", tags=["games"], summary="The game's picture")
    async def get_art(game_id: str) -> Response:
        if game_id not in registry.game_ids():
            raise ApiError(404, f"unknown game {game_id!r}", known=registry.game_ids())
        picture = registry.game_class(game_id).art()
        if picture is None:
            raise ApiError(404, f"{game_id!r} has no picture")
        return Response(
            picture,
            media_type="image/svg+xml",
            headers={"Cache-Control": "public, max-age=3600"},
        )

    @app.get(
        "/api/games/{game_id}/rules",
        tags=["games"],
        summary="The rules page as Markdown",
        response_class=PlainTextResponse,
    )
    async def get_rules(game_id: str, lang: str = "fr") -> Response:
        if game_id not in registry.game_ids():
            raise ApiError(404, f"unknown game {game_id!r}", known=registry.game_ids())
        try:
            text = rules_text(game_id, lang)
        except ValueError as exc:
            raise ApiError(400, str(exc)) from None
        except FileNotFoundError:
            raise ApiError(404, f"no rules page for {game_id!r} in {lang!r} yet") from None
        return Response(text, media_type="text/markdown; charset=utf-8")

    # -------------------------------------------------------------- rooms
    @app.post("/api/rooms", tags=["rooms"], status_code=201, summary="Create a room")
    async def create_room(body: CreateRoom, request: Request) -> dict[str, Any]:
        _check_text(body.model_dump(), settings.max_option_text, body.options)
        client = request.client.host if request.client else "?"
        if not _manager(request).share_left(client):
            # each of this address's rooms in memory is in use: its share is full
            raise ApiError(
                429,
                f"at most {settings.rooms_per_client} rooms in use at once from one address",
                code="rooms_share",
            )
        if not _manager(request).make_space():
            raise ApiError(503, "the server holds as many rooms as it may; try again later")
        if not room_rate.allow(client):
            raise ApiError(
                429, f"at most {settings.rooms_per_minute} new rooms a minute from one address"
            )
        if body.game not in registry.game_ids():
            raise ApiError(400, f"unknown game {body.game!r}", known=registry.game_ids())
        _check_resources(body.game, body.options)
        try:
            options = _load_options(body.game, body.options)
        except OptionError as exc:
            raise ApiError(400, exc.text("en"), text=exc.reason.texts()) from None
        except ValueError as exc:
            raise ApiError(400, str(exc)) from None
        from tablier.ai import player_names

        computer_seats = [spec for spec in body.seats if spec.kind == "computer"]
        # only the players able to play this game (a game's own named players, levels...)
        known_players = player_names(registry.load(body.game, **options)) if computer_seats else []
        for spec in body.seats:
            if spec.kind == "computer":
                if spec.mine:
                    raise ApiError(400, "a computer seat cannot be yours")
                if (spec.level or "random") not in known_players:
                    raise ApiError(
                        400,
                        f"computer level {spec.level!r} cannot play {body.game}; levels: "
                        + ", ".join(known_players),
                        known=known_players,
                    )
        requests = [
            SeatRequest(
                kind=s.kind,
                level=(s.level or "random") if s.kind == "computer" else None,
                name=s.name,
                mine=s.mine,
            )
            for s in body.seats
        ]
        shuffle = None if body.seating is None else body.seating == "random"
        if body.rated:
            # the creator's seat is bound to the signed-in profile (people/rated_rooms.py)
            await rated_rooms.creator(request, requests)
        # an uploaded text serves one room only: refuse one already given to another
        store: PartyStore = request.app.state.party
        given = [v for v in options.values() if uploads.is_reference(v)]
        # claimed at once (one conditional UPDATE each): of ten rooms made with one
        # upload at the same time, one gets it
        claim = await asyncio.to_thread(store.claim_uploads, [v.partition(":")[2] for v in given])
        if claim is None:
            raise ApiError(400, f"{given[0]!r} is not an upload this room may use")
        try:
            created = await _manager(request).create(
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
        room = created.room
        _manager(request).creators[room.id] = client
        # its computer seats' work counts against its creator, watched or not
        room.requester = await requester_key(request)
        if body.rated:
            await rated_rooms.mark_rated(request, room.id, body.game, options)
        await asyncio.to_thread(store.finish_claim, claim, room.id)
        return {
            **room.status(),
            "rated": body.rated,
            "my_seats": [{"seat": s, "token": t} for s, t in sorted(created.tokens.items())],
            "links": _links(request, room.id, room.num_players),
        }

    @app.get("/api/rooms/{room_id}", tags=["rooms"], summary="A room's public status")
    async def room_status(room_id: str, request: Request) -> dict[str, Any]:
        room = await _room(request, room_id)
        rated = await rated_rooms.rated_key(request, room.id) is not None
        return {
            **room.status(),
            "rated": rated,
            "links": _links(request, room.id, room.num_players),
        }

    @app.post("/api/rooms/{room_id}/join", tags=["rooms"], summary="Take a free seat")
    async def join_room(room_id: str, body: JoinSeat, request: Request) -> dict[str, Any]:
        _check_text(body.model_dump(), settings.max_option_text, {})
        name = None
        if body.name is not None:
            try:
                name = clean_seat_name(body.name)
            except BadSeatName as exc:
                raise ApiError(400, str(exc), code=exc.code) from None
        room = await _room(request, room_id)
        # a rated room's seat goes to the signed-in profile, under its name
        profile = await rated_rooms.joiner(request, room)
        player_id = body.player_id if profile is None else profile.id
        if profile is not None:
            name = profile.name
        try:
            seat, token = await _manager(request).join(
                room, body.seat, player_id, name, once=profile is not None
            )
        except ValueError as exc:
            raise ApiError(400, str(exc)) from None
        except AlreadySeated:
            raise rated_rooms.already_seated() from None
        except LookupError as exc:
            raise ApiError(409, str(exc.args[0])) from None
        return {"room": room.id, "seat": seat, "token": token}

    @app.get(
        "/api/rooms/{room_id}/games/{number}/record",
        tags=["rooms"],
        summary="Download a finished game's record (.tablier.json)",
    )
    async def game_record(
        room_id: str, number: Annotated[int, FastPath(ge=1, le=MAX_INDEX)], request: Request
    ) -> Response:
        manager = _manager(request)
        found = await asyncio.to_thread(manager.storage.load_game, room_id, number)
        if found is None:
            raise ApiError(404, f"no game {number} in room {room_id!r}")
        room_row, stored = found
        if not stored.finished:
            raise ApiError(
                409, "the game is not over: its record (with the seed) is released at the end"
            )
        record = await asyncio.to_thread(_finished_record, room_row, stored)
        name = f"{room_row['game']}-{room_id}-{number}.tablier.json"
        return Response(
            json.dumps(record, ensure_ascii=False, indent=2) + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.get(
        "/api/rooms/{room_id}/games/{number}/views",
        tags=["rooms"],
        summary="A finished game's position after each move, as one seat (or a spectator) saw it",
    )
    async def game_views(
        room_id: str,
        number: Annotated[int, FastPath(ge=1, le=MAX_INDEX)],
        request: Request,
        seat: Annotated[int | None, Query(description="omit for the spectator's view")] = None,
    ) -> dict[str, Any]:
        cache: FinishedCache[dict[str, Any]] = request.app.state.finished_views
        # a finished game never changes: its views are computed once
        return await cache.get(
            (room_id, number, seat), lambda: _views_answer(request, room_id, number, seat)
        )

    async def _views_answer(
        request: Request, room_id: str, number: int, seat: int | None
    ) -> dict[str, Any]:
        manager = _manager(request)
        found = await asyncio.to_thread(manager.storage.load_game, room_id, number)
        if found is None:
            raise ApiError(404, f"no game {number} in room {room_id!r}")
        room_row, stored = found
        if not stored.finished:
            raise ApiError(409, "the game is not over: its views are released at the end")
        num_players = room_row["num_players"]
        if seat is not None and not 0 <= seat < num_players:
            raise ApiError(400, f"there is no seat {seat}: seats are 0 to {num_players - 1}")
        views = await asyncio.to_thread(_game_views, room_row, stored, seat)
        final = await asyncio.to_thread(_finished_record, room_row, stored)
        game = registry.load(room_row["game"], **room_row["options"])
        return {
            "room": room_id,
            "game_number": number,
            "seat": seat,
            "seats": stored.seats,
            "views": views,
            # each move in words, {fr, en}, as this seat saw it
            "words": await asyncio.to_thread(record_words, _stored_record(room_row, stored), seat),
            # why the game ended, in words (the record keeps only the data)
            "outcome": told_outcome(game, final.get("outcome")),
        }

    async def _analysable(
        request: Request, room_id: str, number: int
    ) -> tuple[dict[str, Any], StoredGame]:
        found = await asyncio.to_thread(_manager(request).storage.load_game, room_id, number)
        if found is None:
            raise ApiError(404, f"no game {number} in room {room_id!r}")
        room_row, stored = found
        if not analysable(registry.game_class(room_row["game"])):
            raise ApiError(400, "this game's moves are written answers: they are not analysed")
        if not stored.finished:
            raise ApiError(409, "the game is not over: it is analysed once finished")
        return room_row, stored

    @app.post(
        "/api/rooms/{room_id}/games/{number}/analysis",
        tags=["rooms"],
        status_code=202,
        summary="Start the engine's analysis of a finished game (every position)",
    )
    async def start_analysis(
        room_id: str, number: Annotated[int, FastPath(ge=1, le=MAX_INDEX)], request: Request
    ) -> dict[str, Any]:
        room_row, stored = await _analysable(request, room_id, number)
        record = await asyncio.to_thread(_stored_record, room_row, stored)
        analyses: Analyses = request.app.state.analyses
        job = analyses.start(room_id, number, record, requester=await requester_key(request))
        return job.view()

    @app.get(
        "/api/rooms/{room_id}/games/{number}/analysis",
        tags=["rooms"],
        summary="The analysis of a finished game: its progress, each position and move",
    )
    async def read_analysis(
        room_id: str, number: Annotated[int, FastPath(ge=1, le=MAX_INDEX)], request: Request
    ) -> dict[str, Any]:
        await _analysable(request, room_id, number)
        analyses: Analyses = request.app.state.analyses
        job = analyses.get(room_id, number)
        if job is None:
            raise ApiError(404, "this game has not been analysed: POST to start")
        return job.view()

    @app.get("/api/players/{player_id}/games", tags=["players"], summary="A player's games")
    async def player_games(
        player_id: str, request: Request, limit: Annotated[int, Query(ge=1, le=200)] = 20
    ) -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(_manager(request).storage.player_games, player_id, limit)
        return [
            {
                "room": r["room_id"],
                "game_number": r["number"],
                "game": r["game"],
                "seat": r["seat"],
                "num_players": r["num_players"],
                "finished": bool(r["finished"]),
                "outcome": r["result"],
                "started_at": r["started_at"],
                "finished_at": r["finished_at"],
            }
            for r in rows
        ]

    @app.get("/api/protocol/schema", tags=["server"], summary="The WebSocket protocol schema")
    async def schema() -> dict[str, Any]:
        return protocol_schema()

    # -------------------------------------------------------------- the WebSocket
    @app.websocket("/ws/rooms/{room_id}")
    async def play_socket(ws: WebSocket, room_id: str) -> None:
        client = ws.client.host if ws.client else "?"
        await ws.accept()
        if sockets[client] >= settings.sockets_per_client:
            # one address cannot hold every connection the server can take
            await ws.close(1013, f"at most {settings.sockets_per_client} connections an address")
            return
        sockets[client] += 1
        try:
            requester = await requester_key(ws)
            await serve_socket(ws, room_id, _manager(ws), settings, requester)
        finally:
            sockets[client] -= 1
            if not sockets[client]:
                del sockets[client]

    app.include_router(party_router)
    app.include_router(lobby_router)
    app.state.studies_dir = settings.studies_dir
    app.include_router(studies_router)
    app.include_router(tutorials_router)
    app.include_router(problems_router)
    app.include_router(importlib.import_module("tablier.server.people.challenges_api").router)
    app.include_router(importlib.import_module("tablier.server.people.players_api").router)
    # the rules pages' example positions
    app.include_router(preview_router)
    install_profiles(app)
    # routes a game brings (its solo puzzles...)
    for game_id in registry.game_ids():
        target = registry.game_class(game_id).http_routes
        if target:
            module, _, attr = target.partition(":")
            app.include_router(getattr(importlib.import_module(module), attr))

    # -------------------------------------------------------------- the web client
    if WEB_DIR.is_dir():
        # browsers refuse ES modules served with another type; some systems lack these
        for suffix, kind in ((".js", "text/javascript"), (".mjs", "text/javascript")):
            mimetypes.add_type(kind, suffix)
        app.mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")
    return app


def _describe(game_id: str) -> dict[str, Any]:
    game_cls = registry.game_class(game_id)
    return {
        **game_cls.describe(),
        "draws_lots": draws_lots(game_cls),
        # the client draws the game with js/boards/<id>-board.js when there is one
        "board": (WEB_DIR / "js" / "boards" / f"{game_id}-board.js").is_file(),
        "art": f"/api/games/{game_id}/art.svg" if game_cls.art() is not None else None,
        # a shared screen and the players' phones (js/boards/<id>-host.js draws the screen)
        "party": (WEB_DIR / "js" / "boards" / f"{game_id}-host.js").is_file(),
        # a guided first game ("Apprendre en jouant") the lobby offers newcomers
        "tutorial": bool(tutorial_lessons(game_id)),
    }


def _stored_record(room_row: dict[str, Any], stored: StoredGame) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": room_row["game"],
        "options": room_row["options"],
        "seed": stored.seed,
        "num_players": room_row["num_players"],
        "moves": [[p, m] for p, m in stored.moves],
    }
    if stored.setup:
        record["setup"] = stored.setup
    return record


def _game_views(
    room_row: dict[str, Any], stored: StoredGame, seat: int | None
) -> list[dict[str, Any]]:
    """`seat`'s view after 0, 1, ... moves, replaying the record once.

    Only for a finished game: nothing is secret any more, so each position is its open
    observation (a hidden-information game shows the hands and pending choices).
    """
    if not stored.finished:
        raise ValueError("a game's open views are released at its end only")
    state = records.replay(_stored_record(room_row, stored), upto=0)
    # copies: an observation may share lists with the state that the next move changes
    views = [copy.deepcopy(state.open_observation(seat))]
    for player, move in stored.moves:
        state.apply(player, move)
        views.append(copy.deepcopy(state.open_observation(seat)))
    return views


def _finished_record(room_row: dict[str, Any], stored: StoredGame) -> dict[str, Any]:
    full = records.replay(_stored_record(room_row, stored)).record()
    if stored.result is not None:
        # resignations and time losses are decided by the server, not the engine
        full["returns"] = stored.result.get("returns")
        full["outcome"] = stored.result
    return full
