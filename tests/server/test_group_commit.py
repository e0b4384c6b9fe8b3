"""The group-committing writer: a batch of writes settles every waiter, a bad write
fails alone, and a vanished database file refuses each write with its own error."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tablier.server.db_engine import make_engine
from tablier.server.group_commit import GroupWriter, Op, StorageUnavailable


def _writer(tmp_path: Path) -> tuple[GroupWriter, sa.Engine]:
    path = tmp_path / "w.db"
    engine = make_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE t (n INTEGER PRIMARY KEY)")
    return GroupWriter(engine, str(path)), engine


def _insert(n: int) -> Op:
    def op(conn: Connection) -> None:
        conn.exec_driver_sql(f"INSERT INTO t (n) VALUES ({n})")

    return op


def test_many_writes_at_once_all_commit_and_a_bad_one_fails_alone(tmp_path: Path) -> None:
    writer, engine = _writer(tmp_path)

    async def write_all() -> list[BaseException | None]:
        # 7 twice: its second insert breaks the key, the batch is retried one by one
        ops = [_insert(n) for n in range(50)] + [_insert(7)]
        return await asyncio.gather(*(writer.write(op) for op in ops), return_exceptions=True)

    try:
        results = asyncio.run(write_all())
    finally:
        writer.close()
    assert results[:50] == [None] * 50
    assert isinstance(results[50], sa.exc.IntegrityError)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT COUNT(*) FROM t").scalar() == 50


def test_a_vanished_file_refuses_each_write_with_its_own_error(tmp_path: Path) -> None:
    writer, _ = _writer(tmp_path)
    os.remove(tmp_path / "w.db")

    async def write_two() -> list[BaseException | None]:
        ops = [_insert(1), _insert(2)]
        return await asyncio.gather(*(writer.write(op) for op in ops), return_exceptions=True)

    try:
        first, second = asyncio.run(write_two())
    finally:
        writer.close()
    assert isinstance(first, StorageUnavailable) and isinstance(second, StorageUnavailable)
    assert first is not second and "vanished" in str(first)
