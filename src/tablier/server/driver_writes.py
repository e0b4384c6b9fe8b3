"""The writer's short path on SQLite: row inserts run on the driver's own connection.

A move is one row. Through SQLAlchemy a transaction of one insert cost the writer thread
about 0.4 ms of CPU under load (checkout, transaction objects, execution context, result),
more than SQLite's own insert and commit. `RowInsert` is an op that either path can run:
called with a SQLAlchemy connection as every op is, or handed by the group writer to
`DriverWrites`, which holds a connection of the engine (opened with the engine's pragmas, so
`synchronous=FULL`: committed means on disk) and runs the inserts and the commit on the
sqlite3 connection itself. Column values go through the column types' own bind processors,
so what is stored is what SQLAlchemy would store.
"""

from __future__ import annotations

import contextlib
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Dialect, Engine
from sqlalchemy.pool import PoolProxiedConnection

# per table, columns and dialect: the statement text and each column's bind processor
_Prepared = tuple[str, list[tuple[str, Any]]]
_PREPARED: dict[tuple[str, tuple[str, ...], str], _Prepared] = {}
_STATEMENTS: dict[str, sa.Insert] = {}


class RowInsert:
    """Insert `row` into `table`: an op for the group writer (see server/group_commit.py)."""

    __slots__ = ("row", "table")

    def __init__(self, table: sa.Table, row: dict[str, Any]) -> None:
        self.table = table
        self.row = row

    def __call__(self, conn: Connection) -> None:
        statement = _STATEMENTS.get(self.table.name)
        if statement is None:
            statement = _STATEMENTS[self.table.name] = self.table.insert()
        conn.execute(statement, self.row)

    def prepared(self, dialect: Dialect) -> tuple[str, tuple[Any, ...]]:
        """The statement (qmark parameters) and its parameters, as the dialect binds them."""
        names = tuple(self.row)
        key = (self.table.name, names, dialect.name)
        found = _PREPARED.get(key)
        if found is None:
            columns = [self.table.c[name] for name in names]
            text = "INSERT INTO {} ({}) VALUES ({})".format(
                self.table.name, ", ".join(names), ", ".join("?" for _ in names)
            )
            found = (text, [(c.name, c.type.bind_processor(dialect)) for c in columns])
            _PREPARED[key] = found
        text, binds = found
        row = self.row
        return text, tuple(row[n] if bind is None else bind(row[n]) for n, bind in binds)


class DriverWrites:
    """Batches of `RowInsert`s committed on a connection of the engine's held by the
    writer from the start: its page cache stays warm (a pooled connection taken in turn
    has to read again what another connection changed), and the readers' connections
    are opened beside it while the file is there."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._held: PoolProxiedConnection | None = engine.raw_connection()

    @staticmethod
    def serves(engine: Engine) -> bool:
        # qmark parameters and sqlite3's commit: SQLite only, PostgreSQL keeps SQLAlchemy
        return engine.dialect.name == "sqlite" and engine.dialect.paramstyle == "qmark"

    def run(self, ops: list[RowInsert]) -> None:
        """Insert every row and commit, or raise with nothing committed."""
        if self._held is None:
            self._held = self.engine.raw_connection()
        driver = self._held.driver_connection
        assert driver is not None
        try:
            cursor = driver.cursor()
            try:
                for op in ops:
                    cursor.execute(*op.prepared(self.engine.dialect))
            finally:
                cursor.close()
            driver.commit()
        except BaseException:
            # nothing half-done stays: roll back, and open a fresh connection next time
            with contextlib.suppress(Exception):
                driver.rollback()
            self.close()
            raise

    def close(self) -> None:
        held, self._held = self._held, None
        if held is not None:
            with contextlib.suppress(Exception):
                held.invalidate()
