"""The game server: rooms, seats, an authoritative WebSocket protocol, durable storage."""

from __future__ import annotations

import logging
import os
from typing import Any

# frames up to this size reach the application, which refuses anything above the
# protocol's limit politely (close 1009 with a reason) instead of a bare disconnect
WS_MAX_SIZE = 1 << 20


def run(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None) -> None:
    """Serve the web client, the REST API and the WebSocket protocol until interrupted."""
    import uvicorn

    from tablier.server.app import create_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app = create_app(db_url)

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
        access_log=False,
        log_level="info",
    )
    Server(config).run()


__all__ = ["WS_MAX_SIZE", "run"]
