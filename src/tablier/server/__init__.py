"""The game server: rooms, seats, an authoritative WebSocket protocol, durable storage."""

from __future__ import annotations

import logging
import os
from typing import Any

# frames up to this size reach the application, which refuses anything above the
# protocol's limit politely (close 1009 with a reason) instead of a bare disconnect
WS_MAX_SIZE = 1 << 20


class CannotStart(RuntimeError):
    """The database cannot be opened for writing: one line says why."""

    def __init__(self, db: str, reason: str) -> None:
        super().__init__(f"the database {db} cannot be opened for writing: {reason}")
        self.db, self.reason = db, reason


def _check_database(db_url: str | None) -> None:
    """Open the database once before serving, so that a read-only or missing one is one
    line (CannotStart) rather than a traceback from inside the server's startup."""
    import sqlalchemy as sa

    from tablier.server.db_lock import DatabaseBusy
    from tablier.server.storage import Storage

    try:
        Storage(db_url).close()
    except DatabaseBusy:
        raise
    except (sa.exc.SQLAlchemyError, OSError) as exc:
        reason = getattr(exc, "orig", None) or exc
        where = db_url or "sqlite:///tablier.db"
        raise CannotStart(where, str(reason).splitlines()[0]) from None


def _connection_room() -> int:
    """How many connections the file limit leaves room for: the soft limit is raised to
    the hard one first, and 100 descriptors are kept for the database, logs and workers."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 65536
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        soft = 65536
    return max(64, soft - 100)


def run(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None) -> None:
    """Serve the web client, the REST API and the WebSocket protocol until interrupted."""
    import uvicorn

    from tablier.server.app import create_app
    from tablier.server.connections import http_protocol
    from tablier.server.settings import Settings

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    settings = Settings.from_env()
    _check_database(db_url)
    app = create_app(db_url, settings)
    room_for = _connection_room()  # raises the soft file limit as far as it may go

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: Any = None) -> None:
            # say goodbye (1001) before uvicorn drops the sockets (it would say 1012)
            manager = getattr(app.state, "manager", None)
            if manager is not None:
                await manager.say_goodbye()
            await super().shutdown(sockets)

    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=os.environ.get("TABLIER_WS_DEFLATE", "1") != "0",
        # a socket that stops answering pings is closed (the room frees its seat's socket)
        ws_ping_interval=settings.ws_ping_seconds,
        ws_ping_timeout=settings.ws_ping_seconds,
        timeout_keep_alive=int(max(1, settings.keep_alive_seconds)),
        http=http_protocol(settings.header_seconds, settings.http_parser),
        # past this many connections and requests at once, a plain 503 (below the
        # process's file limit: see docs/deploy.md for ulimit)
        limit_concurrency=settings.max_connections or room_for,
        # X-Forwarded-For is read by the application, from trusted proxies only
        proxy_headers=False,
        access_log=False,
        log_level="info",
    )
    Server(config).run()


__all__ = ["WS_MAX_SIZE", "CannotStart", "run"]
