"""One server per SQLite file: two servers on one file would each believe they own
every room and could give one seat to two people. The first server holds an exclusive
lock on `<file>.lock` until it stops; a second one refuses to start."""

from __future__ import annotations

import fcntl
import os
from typing import IO

import sqlalchemy as sa


class DatabaseBusy(RuntimeError):
    """Another server already serves this database file."""


def sqlite_file(db_url: str) -> str | None:
    url = sa.engine.make_url(db_url)
    if not url.drivername.startswith("sqlite"):
        return None
    path = url.database
    return None if not path or path == ":memory:" else os.path.abspath(path)


class FileLock:
    def __init__(self, path: str) -> None:
        self.path = f"{path}.lock"
        self._handle: IO[str] | None = None

    def acquire(self) -> None:
        handle = open(self.path, "a+")  # noqa: SIM115 (held open until release)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise DatabaseBusy(
                f"another server is already using {self.path[:-5]}: "
                "stop it first, or give this one its own database (--db)"
            ) from None
        self._handle = handle

    def release(self) -> None:
        if self._handle is not None:
            fcntl.flock(self._handle, fcntl.LOCK_UN)
            self._handle.close()
            self._handle = None
