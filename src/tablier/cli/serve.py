"""`tablier serve`: the web platform on an embedded SQLite database."""

from __future__ import annotations

from typing import Annotated

import typer

from tablier.cli.errors import fail
from tablier.cli.texts import say


def serve(
    host: Annotated[
        str, typer.Option(help="adresse d'écoute / address to listen on")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port d'écoute / port to listen on")] = 8000,
    db: Annotated[
        str | None, typer.Option(help="base de données / database URL (sqlite:///tablier.db)")
    ] = None,
) -> None:
    """Lancer la plateforme web (Start the web platform)."""
    if not 1 <= port <= 65535:
        fail(say("port", port=port))
    from tablier.server import run
    from tablier.server.db_lock import DatabaseBusy

    try:
        run(host=host, port=port, db_url=db)
    except DatabaseBusy as exc:
        fail(str(exc))
