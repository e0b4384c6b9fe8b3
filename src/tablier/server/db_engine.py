"""Opening the database: SQLite by default (durable settings), PostgreSQL by URL."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tablier.server.db_lock import sqlite_file

DEFAULT_DB_URL = "sqlite:///tablier.db"


def _open_existing(path: str) -> Callable[[], sqlite3.Connection]:
    """Connections that open the file only if it is there: once the server runs, a
    vanished database must give errors, not a fresh empty file."""
    uri = "file:" + path.replace("?", "%3f").replace("#", "%23") + "?mode=rw"

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=30)

    return connect


def make_engine(db_url: str | None) -> Engine:
    url = db_url or DEFAULT_DB_URL
    if url.startswith("sqlite"):
        path = sqlite_file(url)
        if path is not None:
            sqlite3.connect(path).close()  # the first start creates the file
            engine = sa.create_engine(url, creator=_open_existing(path), pool_pre_ping=False)
        else:
            engine = sa.create_engine(
                url, connect_args={"check_same_thread": False, "timeout": 30}, pool_pre_ping=False
            )

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            # FULL: a commit is on disk before we answer (WAL keeps that cheap)
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return sa.create_engine(url, pool_pre_ping=True)


def file_identity(path: str) -> tuple[int, int] | None:
    """The file's device and inode (None if it is gone): a file replaced under the
    same name has another identity."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)
