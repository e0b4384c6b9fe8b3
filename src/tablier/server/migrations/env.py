"""Alembic's environment for Tablier's schema.

A server runs it in-process on its own connection (`tablier.server.schema.upgrade` puts the
connection in `config.attributes`), inside the transaction that holds the upgrade lock. A
developer writing a new revision runs it against a database URL instead (see
docs/architecture.md, "Schema and migrations"), where autogenerate needs the tables' metadata.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context
from sqlalchemy.engine import Connection

from tablier.server import schema


def _migrate(connection: Connection, with_metadata: bool) -> None:
    context.configure(
        connection=connection,
        target_metadata=schema.target_metadata() if with_metadata else None,
        # SQLite alters a table by copying it: generated revisions must say so
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    given = context.config.attributes.get("connection")
    if given is not None:
        _migrate(given, with_metadata=False)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("set sqlalchemy.url (schema.config(url=...)) to run the migrations")
    engine = sa.create_engine(url)
    try:
        with engine.begin() as connection:
            _migrate(connection, with_metadata=True)
    finally:
        engine.dispose()


run()
