"""The FastAPI application: the shared state, the routers of each area and the web client.

The routes themselves live in `tablier.server.routes` (one module per area) and in the
modules of the areas that bring their own router (party, lobby, studies, people...).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
from collections import Counter
from collections.abc import AsyncIterator

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

import tablier
from tablier.core import registry, uploads
from tablier.server.analysis import Analyses
from tablier.server.db_lock import DatabaseBusy
from tablier.server.fair_compute import install as install_fair_compute
from tablier.server.gc_tuning import tune_for_many_rooms
from tablier.server.http_pacing import HttpPacer
from tablier.server.limits import BodyLimit, RoomRate
from tablier.server.manager import RoomManager
from tablier.server.party import ROOM_SOURCE, PartyStore, room_source
from tablier.server.party import router as party_router
from tablier.server.party_lobby import Lobbies, lobby_router
from tablier.server.people.profiles_api import install as install_profiles
from tablier.server.preview import router as preview_router
from tablier.server.problems import router as problems_router
from tablier.server.routes import (
    analysis,
    games,
    play,
    players,
    records,
    rooms,
    server_info,
)
from tablier.server.routes.bodies import ClockSpec, CreateRoom, JoinSeat, SeatSpec
from tablier.server.routes.checks import check_resources as _check_resources
from tablier.server.routes.checks import check_text as _check_text
from tablier.server.routes.checks import load_options as _load_options
from tablier.server.routes.errors import ApiError, install_error_answers
from tablier.server.routes.state import links as _links
from tablier.server.routes.web import WEB_DIR, mount_web_client
from tablier.server.settings import Settings
from tablier.server.storage import Storage
from tablier.server.studies import router as studies_router
from tablier.server.tutorials import router as tutorials_router

log = logging.getLogger("tablier.server")

# the names other modules import from here (the open-games lobby's checks...)
__all__ = [
    "WEB_DIR",
    "ApiError",
    "ClockSpec",
    "CreateRoom",
    "JoinSeat",
    "SeatSpec",
    "_check_resources",
    "_check_text",
    "_links",
    "_load_options",
    "create_app",
]


def create_app(db_url: str | None = None, settings: Settings | None = None) -> FastAPI:
    """The server application; `db_url` defaults to `sqlite:///tablier.db`."""
    settings = settings or Settings.from_env()
    app = FastAPI(
        title="Tablier game server",
        version=tablier.__version__,
        description="Rooms, seats and an authoritative WebSocket protocol for Tablier's games. "
        "The WebSocket protocol is described in docs/protocol.md and by "
        "GET /api/protocol/schema.",
        lifespan=_lifespan,
    )
    # read by the lifespan (the database) and by the routes (the limits: routes/state.py)
    app.state.db_url = db_url
    app.state.settings = settings
    app.state.room_rate = RoomRate(settings.rooms_per_minute)
    app.state.sockets = Counter[str]()
    app.state.studies_dir = settings.studies_dir
    # uploads (a deck...) may be larger than any other request
    app.add_middleware(
        BodyLimit, limit=settings.max_body, larger={"/api/party/uploads": 640 * 1024}
    )
    # what browsers fetch (pages, scripts, the games' list) travels compressed; a
    # WebSocket is left alone (its frames are deflated per message by the socket itself)
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    # added before the proxy middleware so that it runs after it, on the real address
    app.add_middleware(
        HttpPacer,
        burst=settings.http_burst,
        per_second=settings.http_per_second,
        max_waiting=settings.http_waiting,
    )
    if settings.trusted_proxies:
        # the client is the address the listed proxies forwarded for; anyone else's
        # X-Forwarded-For is ignored (uvicorn's own reading is turned off in run())
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))
    install_error_answers(app)
    install_fair_compute(app)
    _include_routers(app)
    # last: every path no route claims is one of the web client's files
    mount_web_client(app)
    return app


@contextlib.asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """The database, the rooms' manager and the stores, from start to shutdown."""
    settings: Settings = app.state.settings
    try:
        storage = Storage(app.state.db_url)
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


def _include_routers(app: FastAPI) -> None:
    """Every area's routes, in the order their paths are matched."""
    for area in (server_info, games, rooms, records, analysis, players, play):
        app.include_router(area.router)
    app.include_router(party_router)
    app.include_router(lobby_router)
    app.include_router(studies_router)
    app.include_router(tutorials_router)
    app.include_router(problems_router)
    # imported when the app is built: they import this module's names (see __all__)
    app.include_router(importlib.import_module("tablier.server.people.challenges_api").router)
    app.include_router(importlib.import_module("tablier.server.people.players_api").router)
    # the rules pages' example positions
    app.include_router(preview_router)
    install_profiles(app)
    # routes a game brings (its solo puzzles...)
    for game_id in registry.game_ids():
        # through the one hook resolver: a broken declaration names its game and hook
        routes = registry.game_class(game_id).resolve_hook("http_routes")
        if routes is not None:
            app.include_router(routes)
