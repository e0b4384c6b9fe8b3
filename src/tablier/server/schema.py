"""The database schema: brought to the newest Alembic revision when a server starts.

The revisions live in `tablier/server/migrations/versions`, shipped in the package. A fresh
database is built by them from nothing. A database an earlier Tablier made (its tables made by
SQLAlchemy's `create_all`, no `alembic_version` table) goes through them too: the first
revision ("base") creates only the tables that database lacks (earlier versions had fewer of
them; the columns of the ones they had never changed), then the later revisions apply. A
database already at the newest revision costs one query.

Several server processes may start at once on one PostgreSQL database: each takes the same
transaction-scoped advisory lock before looking at the revision, so one upgrades and the
others then find it done. On SQLite the storage's file lock already keeps a second server out.
"""

from __future__ import annotations

import functools
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection, Engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# the advisory lock's key: any fixed number no other part of Tablier uses ("tabl" in ASCII)
UPGRADE_LOCK = 0x7461626C


def config(connection: Connection | None = None, url: str | None = None) -> Config:
    """Alembic's configuration, without an ini file; `connection` is the one to migrate."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    # revision files named v<id>_<slug>.py: importable module names (mypy checks them)
    cfg.set_main_option("file_template", "v%%(rev)s_%%(slug)s")
    if url is not None:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


class NewerDatabase(RuntimeError):
    """The database was upgraded by a newer Tablier, to a revision this one does not know."""


@functools.cache
def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())  # read once per process


def head() -> str:
    """The newest revision."""
    found = _scripts().get_current_head()
    assert found is not None, "the migrations have no revision"
    return found


def known(revision: str) -> bool:
    return any(script.revision == revision for script in _scripts().walk_revisions())


def current(conn: Connection) -> str | None:
    """The database's revision; None when it has no `alembic_version` table."""
    return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest revision, keeping its data; nothing when it is there."""
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            # released when this transaction ends: a process that waited then finds the head
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": UPGRADE_LOCK})
        found = current(conn)
        if found == head():
            return
        if found is not None and not known(found):
            raise NewerDatabase(
                f"the database is at schema revision {found}, made by a newer Tablier; "
                f"this one knows up to {head()}: run the newer version"
            )
        command.upgrade(config(connection=conn), "head")


def target_metadata() -> list[sa.MetaData]:
    """Every table the code declares, for autogenerate and for the test that compares the
    migrated database with them (imported here, not at module level: they import storage)."""
    from tablier.server.party_lobby import party_lobbies
    from tablier.server.people import tables as people_tables

    # the storage's metadata (rooms, games, the people layer) and the party's (codes,
    # uploads, lobbies)
    return [people_tables.metadata, party_lobbies.metadata]
