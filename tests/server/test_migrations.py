"""The schema's Alembic migrations, on real SQLite files and a real PostgreSQL server.

The comparison with the code's tables is what keeps a schema change honest: a column added
to a table without a revision that adds it makes `test_*_match_the_tables_the_code_declares`
fail.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from cluster_parts import postgres
from sqlalchemy.engine import Engine

from tablier.server import schema
from tablier.server.storage import Storage, make_engine

PEOPLE = {
    "profiles",
    "sessions",
    "passkeys",
    "webauthn_challenges",
    "ratings",
    "rating_events",
    "rated_rooms",
    "challenges",
}
# the tables of the first Tablier server, before per-game seats and party rooms
FIRST_SERVER = {"rooms", "seats", "games", "moves"}


def declared() -> list[sa.MetaData]:
    return schema.target_metadata()


def declared_names() -> set[str]:
    return {name for md in declared() for name in md.tables}


def old_tables(keep: set[str] | None = None, people: bool = False) -> sa.MetaData:
    """The tables as an earlier Tablier made them with `create_all`: the code's tables less
    the people layer (their columns never changed before migrations), or only `keep`; with
    `people`, also the people tables (as development builds made them before revision 0002)."""
    old = sa.MetaData()
    for md in declared():
        for table in md.sorted_tables:
            if (people or table.name not in PEOPLE) and (keep is None or table.name in keep):
                table.to_metadata(old)
    return old


def merged(metadata: list[sa.MetaData]) -> sa.MetaData:
    """One MetaData holding copies of all the tables (what `compare_metadata` takes)."""
    one = sa.MetaData()
    for md in metadata:
        for table in md.sorted_tables:
            table.to_metadata(one)
    return one


def differences(engine: Engine, metadata: sa.MetaData | None = None) -> list[Any]:
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        return list(compare_metadata(context, metadata or merged(declared())))


def revision_of(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return schema.current(conn)


def fill_old_database(engine: Engine, old: sa.MetaData) -> None:
    """A room with two seats, a finished first game of three moves, as stored then."""
    t = old.tables
    with engine.begin() as conn:
        conn.execute(
            t["rooms"]
            .insert()
            .values(id="r1", game="kwinty", options={"size": 5}, num_players=2, created_at=10.0)
        )
        conn.execute(
            t["seats"].insert().values(room_id="r1"),
            [
                {"seat": 0, "kind": "human", "level": None, "name": "Ada", "player_id": "p1"},
                {"seat": 1, "kind": "computer", "level": "easy", "name": None, "player_id": None},
            ],
        )
        conn.execute(
            t["games"]
            .insert()
            .values(
                room_id="r1",
                number=1,
                seed=2**40 + 7,
                setup={},
                finished=True,
                result={"winner": 0},
                started_at=11.0,
                finished_at=12.0,
            )
        )
        conn.execute(
            t["moves"].insert(),
            [
                {"room_id": "r1", "number": 1, "idx": i, "seat": i % 2, "notation": n, "at": 11.5}
                for i, n in enumerate(["a1", "b2", "c3"])
            ],
        )
        if "game_seats" in t:
            conn.execute(
                t["game_seats"].insert().values(room_id="r1", number=1),
                [
                    {"seat": 0, "kind": "human", "name": "Ada", "player_id": "p1"},
                    {"seat": 1, "kind": "computer", "name": None, "player_id": None},
                ],
            )
        if "party_codes" in t:
            conn.execute(t["party_codes"].insert().values(code="KXWZ", room_id="r1", created_at=1))


def assert_old_rows_kept(storage: Storage, with_party: bool) -> None:
    room = storage.load_room("r1")
    assert room is not None
    assert (room.game, room.options, room.num_players) == ("kwinty", {"size": 5}, 2)
    assert [(s["seat"], s["kind"], s["name"]) for s in room.seats] == [
        (0, "human", "Ada"),
        (1, "computer", None),
    ]
    loaded = storage.load_game("r1", 1)
    assert loaded is not None
    game = loaded[1]
    assert game.seed == 2**40 + 7 and game.finished and game.result == {"winner": 0}
    assert [notation for _seat, notation in game.moves] == ["a1", "b2", "c3"]
    # the per-game seats: kept, or given by the storage to games stored before they existed
    assert [g["number"] for g in storage.player_games("p1", 10)] == [1]
    if with_party:
        with storage.engine.connect() as conn:
            assert conn.execute(sa.text("SELECT room_id FROM party_codes")).scalar() == "r1"


def sqlite_engine(path: Path) -> Engine:
    return make_engine(f"sqlite:///{path}")


# ---------------------------------------------------------------------------- SQLite
def test_the_revisions_form_one_line_from_base_to_head() -> None:
    script = ScriptDirectory.from_config(schema.config())
    assert script.get_heads() == [schema.head()]
    assert len(script.get_bases()) == 1
    ids = [rev.revision for rev in script.walk_revisions()]
    assert len(ids) == len(set(ids)) >= 2


def test_a_fresh_sqlite_database_gets_every_table_at_head(tmp_path: Path) -> None:
    engine = sqlite_engine(tmp_path / "t.db")
    assert revision_of(engine) is None
    schema.upgrade(engine)
    assert revision_of(engine) == schema.head()
    with engine.connect() as conn:
        assert set(sa.inspect(conn).get_table_names()) == declared_names() | {"alembic_version"}
    assert differences(engine) == []
    engine.dispose()


def test_the_sqlite_migrations_match_the_tables_the_code_declares(tmp_path: Path) -> None:
    engine = sqlite_engine(tmp_path / "t.db")
    schema.upgrade(engine)
    assert differences(engine) == []
    engine.dispose()


def test_the_comparison_sees_a_column_added_without_a_migration(tmp_path: Path) -> None:
    """What the test above guards against: the code's tables grown, the migrations not."""
    engine = sqlite_engine(tmp_path / "t.db")
    schema.upgrade(engine)
    grown = merged(declared())
    grown.tables["profiles"].append_column(sa.Column("country", sa.String(2), nullable=True))
    sa.Index("ix_ratings_rating", grown.tables["ratings"].c.rating)
    found = differences(engine, grown)
    added = [d for d in found if isinstance(d, tuple) and d[0] == "add_column"]
    assert [(d[2], d[3].name) for d in added] == [("profiles", "country")]
    assert [d[1].name for d in found if isinstance(d, tuple) and d[0] == "add_index"] == [
        "ix_ratings_rating"
    ]
    engine.dispose()


def test_upgrading_a_database_at_head_changes_nothing(tmp_path: Path) -> None:
    engine = sqlite_engine(tmp_path / "t.db")
    schema.upgrade(engine)
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        statements.append(statement.strip().split()[0].upper())

    sa.event.listen(engine, "before_cursor_execute", seen)
    schema.upgrade(engine)
    schema.upgrade(engine)
    sa.event.remove(engine, "before_cursor_execute", seen)
    assert statements and set(statements) <= {"SELECT", "PRAGMA"}
    assert revision_of(engine) == schema.head()
    engine.dispose()


def test_a_database_a_newer_tablier_upgraded_is_refused_untouched(tmp_path: Path) -> None:
    engine = sqlite_engine(tmp_path / "t.db")
    schema.upgrade(engine)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE alembic_version SET version_num = 'f00d'"))
    with pytest.raises(schema.NewerDatabase, match="f00d"):
        schema.upgrade(engine)
    assert revision_of(engine) == "f00d"
    engine.dispose()


@pytest.mark.parametrize("tables", ["last_before_migrations", "first_server", "with_people"])
def test_a_database_of_an_earlier_tablier_keeps_its_rows(tmp_path: Path, tables: str) -> None:
    db = tmp_path / "old.db"
    old = old_tables(FIRST_SERVER if tables == "first_server" else None, tables == "with_people")
    engine = sqlite_engine(db)
    old.create_all(engine)
    fill_old_database(engine, old)
    engine.dispose()

    storage = Storage(f"sqlite:///{db}")
    try:
        assert revision_of(storage.engine) == schema.head()
        assert_old_rows_kept(storage, with_party=tables != "first_server")
        assert differences(storage.engine) == []
    finally:
        storage.close()
    # a second start finds it done and still has the rows
    storage = Storage(f"sqlite:///{db}")
    try:
        assert_old_rows_kept(storage, with_party=tables != "first_server")
    finally:
        storage.close()


# ------------------------------------------------------------------------ PostgreSQL
@pytest.fixture(scope="module")
def pg_server() -> Iterator[str]:
    with postgres() as url:
        yield url


@pytest.fixture
def pg_url(pg_server: str, request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh database of its own on the module's PostgreSQL server."""
    name = "t_" + request.node.name.lower().translate(str.maketrans("[]-", "___"))[:50]
    admin = sa.create_engine(pg_server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    yield sa.engine.make_url(pg_server).set(database=name).render_as_string(hide_password=False)
    with admin.connect() as conn:
        conn.execute(sa.text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    admin.dispose()


def test_a_fresh_postgresql_database_matches_the_code_at_head(pg_url: str) -> None:
    engine = sa.create_engine(pg_url)
    schema.upgrade(engine)
    assert revision_of(engine) == schema.head()
    with engine.connect() as conn:
        assert set(sa.inspect(conn).get_table_names()) == declared_names() | {"alembic_version"}
    assert differences(engine) == []
    schema.upgrade(engine)
    assert revision_of(engine) == schema.head()
    engine.dispose()


def test_an_earlier_postgresql_database_keeps_its_rows(pg_url: str) -> None:
    engine = sa.create_engine(pg_url)
    old = old_tables()
    old.create_all(engine)
    fill_old_database(engine, old)
    engine.dispose()

    storage = Storage(pg_url)
    try:
        assert revision_of(storage.engine) == schema.head()
        assert_old_rows_kept(storage, with_party=True)
        assert differences(storage.engine) == []
    finally:
        storage.close()


def test_servers_starting_at_once_on_postgresql_upgrade_it_once(pg_url: str) -> None:
    starts = 4
    engines = [sa.create_engine(pg_url) for _ in range(starts)]
    gate = threading.Barrier(starts)
    errors: list[BaseException] = []

    def start(engine: Engine) -> None:
        try:
            gate.wait(timeout=30)
            schema.upgrade(engine)
        except BaseException as exc:  # reported below, with the others'
            errors.append(exc)

    threads = [threading.Thread(target=start, args=(e,)) for e in engines]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "an upgrade never finished"
    assert errors == []
    assert revision_of(engines[0]) == schema.head()
    with engines[0].connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM alembic_version")).scalar() == 1
    assert differences(engines[0]) == []
    for engine in engines:
        engine.dispose()
