"""`tablier serve`: the web platform on an embedded SQLite database."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tablier.cli.texts import helptext, say
from tablier.core.terminal.errors import fail
from tablier.core.terminal.options import LangOption


def serve(
    host: Annotated[str, typer.Option(help=helptext("help.host"))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=helptext("help.port"))] = 8000,
    db: Annotated[str | None, typer.Option(help=helptext("help.db"), show_default=False)] = None,
    lang: LangOption = None,
) -> None:
    """Start the web platform (help text: `help.serve` in texts.py)."""
    # checked here rather than by Typer's range, so the refusal is one line in French
    if not 1 <= port <= 65535:
        fail(say("port", port=port))
    from tablier.server import CannotStart, run
    from tablier.server.db_lock import DatabaseBusy

    try:
        run(host=host, port=port, db_url=database_url(db))
    except DatabaseBusy as exc:
        fail(str(exc))
    except CannotStart as exc:
        fail(say("db_unwritable", db=exc.db, reason=exc.reason))


def database_url(db: str | None) -> str | None:
    """`--db` as a URL: a plain path names a SQLite file; a URL must be readable."""
    if db is None:
        return None
    if "://" not in db:
        return "sqlite:///" + str(Path(db).expanduser().resolve())
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        make_url(db).get_dialect()  # an unknown kind of database is refused here too
    except (ArgumentError, ValueError):
        fail(say("db_url", db=db))
    return db
