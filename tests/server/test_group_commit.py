"""The group-committing writer: a batch of writes settles every waiter, a bad write
fails alone, and a vanished database file refuses each write with its own error."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tablier.server.db_engine import make_engine
from tablier.server.driver_writes import RowInsert
from tablier.server.group_commit import GroupWriter, Op, StorageUnavailable
from tablier.server.storage import Storage, moves


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


def test_moves_through_the_driver_read_back_as_sqlalchemy_stores_them(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'm.db'}")

    async def play() -> None:
        await storage.write(
            Storage.op_create_room(
                {"id": "r1", "game": "kwinty", "options": {}, "num_players": 2, "clock": None}
                | {"created_at": 0.0},
                [
                    {"room_id": "r1", "seat": s, "kind": "human", "level": None, "name": None}
                    | {"token_hash": None, "player_id": None}
                    for s in (0, 1)
                ],
                {"room_id": "r1", "number": 1, "seed": 3, "setup": {}, "finished": False}
                | {"result": None, "started_at": 0.0},
            )
        )
        clocks: list[dict[str, Any] | None] = [None, {"left": [1.5, 2.0]}, None]
        for idx, clock in enumerate(clocks):
            move = Storage.op_move(
                room_id="r1",
                number=1,
                idx=idx,
                seat=idx % 2,
                notation=f"m{idx}",
                clock=clock,
                result=None,
            )
            assert isinstance(move, RowInsert)
            await storage.write(move)
        # a move that ends the game goes through SQLAlchemy with the game's end
        ended = Storage.op_move(
            room_id="r1",
            number=1,
            idx=3,
            seat=1,
            notation="m3",
            clock=None,
            result={"returns": [1.0, -1.0], "reason": "resign"},
        )
        assert not isinstance(ended, RowInsert)
        await storage.write(ended)

    try:
        asyncio.run(play())
        with storage.engine.connect() as conn:
            rows = conn.execute(
                sa.select(moves.c.idx, moves.c.seat, moves.c.notation, moves.c.clock)
                .where(moves.c.room_id == "r1")
                .order_by(moves.c.idx)
            ).all()
            raw = conn.exec_driver_sql("SELECT clock FROM moves ORDER BY idx").scalars().all()
        stored = storage.load_room("r1")
    finally:
        storage.close()
    assert [tuple(r) for r in rows] == [
        (0, 0, "m0", None),
        (1, 1, "m1", {"left": [1.5, 2.0]}),
        (2, 0, "m2", None),
        (3, 1, "m3", None),
    ]
    # the driver's rows are stored as SQLAlchemy stores its own (m3)
    assert raw == ["null", '{"left": [1.5, 2.0]}', "null", "null"]
    assert stored is not None and stored.current is not None and stored.current.finished
    assert stored.current.moves == [(0, "m0"), (1, "m1"), (0, "m2"), (1, "m3")]


def test_driver_inserts_that_fail_are_refused_and_the_next_ones_commit(tmp_path: Path) -> None:
    writer, engine = _writer(tmp_path)
    table = sa.Table("t", sa.MetaData(), sa.Column("n", sa.Integer, primary_key=True))
    missing = sa.Table("gone", sa.MetaData(), sa.Column("n", sa.Integer, primary_key=True))

    async def write_all() -> list[BaseException | None]:
        first = [RowInsert(table, {"n": n}) for n in (1, 2, 1)]
        done = await asyncio.gather(*(writer.write(op) for op in first), return_exceptions=True)
        # no such table: SQLite's OperationalError, a refusal as for a full disk
        gone = await asyncio.gather(
            writer.write(RowInsert(missing, {"n": 1})), return_exceptions=True
        )
        last = await asyncio.gather(
            writer.write(RowInsert(table, {"n": 3})), return_exceptions=True
        )
        return [*done, *gone, *last]

    try:
        results = asyncio.run(write_all())
    finally:
        writer.close()
    assert results[:2] == [None, None] and isinstance(results[2], sqlite3.IntegrityError)
    assert isinstance(results[3], StorageUnavailable) and "no such table" in str(results[3])
    assert results[4] is None and writer.failure is None
    with engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT n FROM t ORDER BY n").scalars().all() == [1, 2, 3]
