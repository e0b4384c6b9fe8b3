"""Ratings: the libraries' numbers, rated games finished through a real server, the
player page and the leaderboard JSON."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import glicko2
import pytest
import sqlalchemy as sa
from cluster_parts import postgres
from openskill.models import PlackettLuce
from rated_games import Person, new_person, rated_game, resign
from server_helpers import ServerProcess

from tablier.server import storage as st
from tablier.server.people import ratings as rt
from tablier.server.people.tables import profiles, rated_rooms, rating_events, ratings
from tablier.server.storage import Storage

GENEROUS = {"TABLIER_PROFILES_PER_MINUTE": "1000", "TABLIER_SIGN_INS_PER_MINUTE": "1000"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    base = tmp_path_factory.mktemp("ratings")
    proc = ServerProcess(base / "r.db", base / "server.log", env=GENEROUS).start()
    yield proc
    proc.stop()


def _page(site: ServerProcess, person: Person) -> dict[str, Any]:
    response = site.get(f"/api/players/{person.id}")
    assert response.status_code == 200, response.text
    page: dict[str, Any] = response.json()
    return page


def _card(page: dict[str, Any], key: str) -> dict[str, Any]:
    return next(c for c in page["ratings"] if c["key"] == key)


def _updated(own: tuple[float, float, float], other: tuple[float, float], score: float) -> Any:
    player = glicko2.Player(rating=own[0], rd=own[1], vol=own[2])
    player.update_player([other[0]], [other[1]], [score])
    return player


# ------------------------------------------------------------------ the libraries
def test_the_glicko2_library_reproduces_glickmans_example() -> None:
    # Glickman's "Example of the Glicko-2 system": 1500/200 beats 1400/30, loses to
    # 1550/100 and 1700/300, in one rating period
    player = glicko2.Player(rating=1500, rd=200, vol=0.06)
    player.update_player([1400, 1550, 1700], [30, 100, 300], [1, 0, 0])
    assert player.rating == pytest.approx(1464.06, abs=0.02)
    assert player.rd == pytest.approx(151.52, abs=0.01)
    assert player.vol == pytest.approx(0.05999, abs=1e-5)


def test_rating_keys_tell_variants_that_change_the_game() -> None:
    assert rt.rating_key("kwinty", {}) == "kwinty"
    assert rt.rating_key("kwinty", {"variant": "kwintie"}) == "kwinty:kwintie"
    # the end-of-game rule and the clock do not make another game
    assert rt.rating_key("kwinty", {"exhaustion": "draw"}) == "kwinty"
    assert rt.rating_key("counterplays", {"goal": "lowest"}) == "counterplays:lowest"
    assert rt.rating_key("quiwin", {"open_lengths": True}) == "quiwin:open_lengths"
    assert rt.rating_key("turris", {"bonus_chain": True}) == "turris"
    assert rt.key_label("kwinty:kwintie")["fr"] == "Kwinty · Kwintie"
    assert set(rt.known_keys()) >= {"kwinty", "kwinty:kwintie", "quiadiquoi", "turris"}
    assert rt.system_of_key("quiadiquoi") == rt.OPENSKILL
    assert rt.system_of_key("kwinty:kwintie") == rt.GLICKO


# ------------------------------------------------------------------ through the server
def test_a_rated_game_moves_both_ratings_to_the_librarys_values(site: ServerProcess) -> None:
    ada, bob = new_person(site.http, "Ada"), new_person(site.http, "Bob")
    room = rated_game(site.ws, ada, bob, loser=ada)
    winner = _updated((1500, 350, 0.06), (1500, 350), 1.0)
    loser = _updated((1500, 350, 0.06), (1500, 350), 0.0)
    won, lost = _card(_page(site, bob), "kwinty"), _card(_page(site, ada), "kwinty")
    assert won["rating"] == pytest.approx(winner.rating, abs=0.05)
    assert lost["rating"] == pytest.approx(loser.rating, abs=0.05)
    assert won["rd"] == pytest.approx(winner.rd, abs=0.05) and won["rd"] < 350
    assert (won["games"], won["wins"], won["losses"]) == (1, 1, 0)
    assert (lost["games"], lost["wins"], lost["losses"]) == (1, 0, 1)
    # the history starts at the rating before the game
    assert [p["rating"] for p in lost["history"]] == [1500.0, round(loser.rating, 1)]
    # one event per profile for that game, in the database too
    with sqlite3.connect(site.db_url.removeprefix("sqlite:///")) as db:
        events = db.execute(
            "SELECT profile_id, score FROM rating_events WHERE room_id = ?", (room,)
        ).fetchall()
    assert sorted(events) == sorted([(ada.id, 0.0), (bob.id, 1.0)])
    # a second game starts from the first one's ratings
    rated_game(site.ws, bob, ada, loser=bob)
    again = _updated((loser.rating, loser.rd, loser.vol), (winner.rating, winner.rd), 1.0)
    assert _card(_page(site, ada), "kwinty")["rating"] == pytest.approx(again.rating, abs=0.05)


def test_casual_games_and_seats_without_a_live_profile_change_nothing(
    site: ServerProcess,
) -> None:
    ada, bob = new_person(site.http, "Ada"), new_person(site.http, "Bob")
    # a casual challenge
    rated_game(site.ws, ada, bob, loser=bob, rated=False)
    # a room marked rated whose second seat is a guest without a profile, and one whose
    # second seat is the computer: neither counts
    guest = site.create_room(game="kwinty", seats=[{"mine": True}, {}], player_id=ada.id)
    joined = site.join(guest["room"], player_id="a-browser-not-a-profile", name="Invité")
    computer = site.create_room(
        game="kwinty",
        seats=[{"mine": True}, {"kind": "computer", "level": "random"}],
        player_id=ada.id,
    )
    with sqlite3.connect(site.db_url.removeprefix("sqlite:///")) as db:
        for made in (guest, computer):
            db.execute(
                "INSERT INTO rated_rooms (room_id, key, created_at) VALUES (?, 'kwinty', ?)",
                (made["room"], time.time()),
            )
    resign(
        site.ws,
        guest["room"],
        {
            ada.id: (guest["my_seats"][0]["seat"], guest["my_seats"][0]["token"]),
            "guest": (joined["seat"], joined["token"]),
        },
        Person(ada.browser, "guest", "Invité"),
    )
    seat = computer["my_seats"][0]
    resign(site.ws, computer["room"], {ada.id: (seat["seat"], seat["token"])}, ada)
    for person in (ada, bob):
        page = _page(site, person)
        assert all(card["rating"] is None and card["games"] == 0 for card in page["ratings"])
        # the games are listed all the same, unrated
        assert any(g["finished"] and not g["rated"] for g in _card(page, "kwinty")["recent_games"])


# the games Ada loses of her ten against Bob
LOST = (2, 5, 8)


def test_player_page_and_leaderboard(site: ServerProcess) -> None:
    ada, bob, cleo = (new_person(site.http, n) for n in ("Ada", "Bob", "Cléo"))
    # ten games: Ada wins seven; the posters alternate (each may post six a minute)
    rooms = []
    for index in range(10):
        poster, taker = (ada, bob) if index % 2 else (bob, ada)
        loser = ada if index in LOST else bob
        rooms.append(rated_game(site.ws, poster, taker, loser=loser))
    # Cléo has played once: her rating is too uncertain for the leaderboard
    rated_game(site.ws, cleo, bob, loser=bob)

    page = _page(site, ada)
    assert page["name"] == ada.name and not page["deleted"]
    card = _card(page, "kwinty")
    assert (card["games"], card["wins"], card["losses"], card["draws"]) == (10, 7, 3, 0)
    assert card["label"]["fr"] == "Kwinty" and card["system"] == "glicko2"
    assert len(card["history"]) == 11
    assert card["history"][-1]["rating"] == card["rating"]
    times = [p["at"] for p in card["history"]]
    assert times == sorted(times)
    # strongest wins: Bob's rating when he was beaten, highest first, each with its replay
    wins = card["strongest_wins"]
    assert len(wins) == 5 and all(w["opponent"] == {"id": bob.id, "name": bob.name} for w in wins)
    assert [w["opponent_rating"] for w in wins] == sorted(
        (w["opponent_rating"] for w in wins), reverse=True
    )
    for win in wins:
        assert win["replay"] == f"/?room={win['room']}&replay={win['number']}"
        assert win["room"] in rooms
    # recent games, newest first, with the result and a link to the replay
    recent = card["recent_games"]
    assert [g["room"] for g in recent] == rooms[::-1]
    assert [g["outcome"] for g in recent] == [
        "loss" if i in LOST else "win" for i in range(9, -1, -1)
    ]
    assert all(g["rated"] and g["link"] == f"/?room={g['room']}&replay=1" for g in recent)
    assert recent[0]["opponents"][0]["name"] == bob.name
    # the replay linked is there
    assert site.get(f"/api/rooms/{recent[0]['room']}/games/1/record").status_code == 200
    # the computer levels' fixed ratings, weakest first
    levels = [c["level"] for c in card["computer"]]
    assert levels[0] == "random" and card["computer"][0]["rating"] == 800.0
    assert all(c["fixed"] for c in card["computer"])

    board = site.get("/api/leaderboards/kwinty").json()
    listed = [p["id"] for p in board["players"]]
    assert listed.index(ada.id) < listed.index(bob.id)
    assert cleo.id not in listed
    ratings_shown = [p["rating"] for p in board["players"]]
    assert ratings_shown == sorted(ratings_shown, reverse=True)
    assert [p["rank"] for p in board["players"]] == list(range(1, len(listed) + 1))
    assert all(p["rd"] < board["rd_limit"] for p in board["players"])
    assert board["computer"][0]["level"] == "random"
    keys = [b["key"] for b in site.get("/api/leaderboards").json()]
    assert "kwinty" in keys and "kwinty:kwintie" in keys

    # unknown player, unknown game: 404 with a code
    for path, code in (
        ("/api/players/nobody", "unknown_player"),
        ("/api/leaderboards/chess", "unknown_game"),
    ):
        response = site.get(path)
        assert response.status_code == 404 and response.json()["code"] == code

    # Bob deletes his profile: his games and rating stay, without his name
    assert bob.browser.delete("/api/me").status_code in (200, 204)
    gone = _page(site, bob)
    assert gone["name"] is None and gone["deleted"]
    assert _card(gone, "kwinty")["games"] == 11
    seen = _card(_page(site, ada), "kwinty")
    assert seen["strongest_wins"][0]["opponent"] == {"id": bob.id, "name": None}
    assert seen["recent_games"][0]["opponents"][0]["deleted"]
    assert seen["recent_games"][0]["opponents"][0]["name"] is None
    after = [p["id"] for p in site.get("/api/leaderboards/kwinty").json()["players"]]
    assert bob.id not in after and ada.id in after


# ------------------------------------------------------------------ in the storage
@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    """A fresh database of each kind: the hook's savepoint and row locks on both."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'rated.db'}"
    else:
        server: str = request.getfixturevalue("postgres_url")
        name = f"rated_{os.urandom(4).hex()}"
        admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(sa.text(f"CREATE DATABASE {name}"))
        admin.dispose()
        url = server.rsplit("/", 1)[0] + f"/{name}"
    storage = Storage(url)
    yield storage
    storage.close()


def _seat_game(store: Storage, room: str, game: str, ids: list[str], key: str | None) -> None:
    now = time.time()
    with store.engine.begin() as conn:
        for pid in ids:
            if conn.execute(sa.select(profiles.c.id).where(profiles.c.id == pid)).first() is None:
                conn.execute(
                    profiles.insert().values(
                        id=pid, name=pid.title(), name_key=pid, created_at=now, seen_at=now
                    )
                )
        conn.execute(
            st.rooms.insert().values(
                id=room, game=game, options={}, num_players=len(ids), created_at=now
            )
        )
        conn.execute(
            st.games.insert().values(room_id=room, number=1, seed=1, finished=False, started_at=now)
        )
        for seat, pid in enumerate(ids):
            conn.execute(
                st.game_seats.insert().values(
                    room_id=room, number=1, seat=seat, kind="human", player_id=pid
                )
            )
        if key is not None:
            conn.execute(rated_rooms.insert().values(room_id=room, key=key, created_at=now))


def _finish(store: Storage, room: str, result: dict[str, Any], times: int = 1) -> None:
    async def write() -> None:
        for _ in range(times):
            await store.write(Storage.op_finish(room, 1, result))

    asyncio.run(write())


def _rows(store: Storage, table: sa.Table) -> list[dict[str, Any]]:
    with store.engine.connect() as conn:
        return [dict(r) for r in conn.execute(sa.select(table)).mappings()]


def test_a_finish_written_twice_rates_once(store: Storage) -> None:
    assert rt.finish_hook in st.finish_hooks
    _seat_game(store, "r1", "kwinty", ["ada", "bob"], "kwinty")
    _finish(store, "r1", {"returns": [1.0, -1.0], "reason": "line"}, times=2)
    events = _rows(store, rating_events)
    assert sorted(e["profile_id"] for e in events) == ["ada", "bob"]
    once = _updated((1500, 350, 0.06), (1500, 350), 1.0)
    with store.engine.connect() as conn:
        assert rt.rating_of(conn, "ada", "kwinty")["rating"] == pytest.approx(once.rating)  # type: ignore[index]
        assert rt.rating_of(conn, "ada", "kwinty")["games"] == 1  # type: ignore[index]
        assert rt.current_rating(conn, "cleo", "kwinty") == 1500.0
        assert rt.rating_of(conn, "cleo", "kwinty") is None


def test_a_draw_scores_half_and_a_void_deal_is_not_rated(store: Storage) -> None:
    _seat_game(store, "d1", "kwinty", ["ada", "bob"], "kwinty")
    _finish(store, "d1", {"returns": [0.0, 0.0], "reason": "exhaustion"})
    draws = {r["profile_id"]: r for r in _rows(store, ratings)}
    assert draws["ada"]["draws"] == 1 and draws["ada"]["rating"] == pytest.approx(1500.0)
    assert draws["ada"]["rd"] < 350
    # Qui'win deals again after a void deal: that is no result
    _seat_game(store, "v1", "quiwin", ["cleo", "dan"], "quiwin")
    _finish(store, "v1", {"returns": [0.0, 0.0], "reason": "void"})
    assert not [r for r in _rows(store, ratings) if r["key"] == "quiwin"]


def test_deleted_profiles_and_one_profile_twice_are_not_rated(store: Storage) -> None:
    _seat_game(store, "x1", "kwinty", ["ada", "ada"], "kwinty")
    _finish(store, "x1", {"returns": [1.0, -1.0], "reason": "line"})
    _seat_game(store, "x2", "kwinty", ["bob", "cleo"], "kwinty")
    with store.engine.begin() as conn:
        conn.execute(
            profiles.update().where(profiles.c.id == "cleo").values(name=None, deleted_at=1.0)
        )
    _finish(store, "x2", {"returns": [1.0, -1.0], "reason": "line"})
    assert _rows(store, ratings) == [] and _rows(store, rating_events) == []


def test_a_failing_rating_never_loses_the_result(store: Storage) -> None:
    # a rating key of no game: the hook fails inside its savepoint, the result is stored
    _seat_game(store, "f1", "kwinty", ["ada", "bob"], "nosuchgame")
    _finish(store, "f1", {"returns": [1.0, -1.0], "reason": "line"})
    game = _rows(store, st.games)[0]
    assert game["finished"] and game["result"]["returns"] == [1.0, -1.0]
    assert _rows(store, ratings) == []


def test_quiadiquoi_ratings_are_the_openskill_update_of_the_ranking(store: Storage) -> None:
    ids = ["ada", "bob", "cleo", "dan"]
    model = PlackettLuce(mu=1500.0, sigma=500.0, beta=250.0, tau=5.0)
    _seat_game(store, "q1", "quiadiquoi", ids, "quiadiquoi")
    # Bob wins with his cards; the others are behind, tied
    _finish(store, "q1", {"returns": [-1.0, 1.0, -1.0, -1.0], "reason": "cards", "winner": 1})
    teams = [[model.rating(mu=1500.0, sigma=500.0)] for _ in ids]
    expected = model.rate(teams, ranks=[2, 1, 2, 2])
    got = {r["profile_id"]: r for r in _rows(store, ratings)}
    for pid, team in zip(ids, expected, strict=True):
        assert got[pid]["system"] == "openskill"
        assert got[pid]["rating"] == pytest.approx(team[0].mu)
        assert got[pid]["rd"] == pytest.approx(team[0].sigma)
    assert got["bob"]["wins"] == 1 and got["ada"]["losses"] == 1
    assert got["bob"]["rating"] > 1500.0 > got["ada"]["rating"]
    # the same as OpenSkill's defaults (mu 25), in units 60 times larger
    plain = PlackettLuce().rate([[PlackettLuce().rating()] for _ in ids], ranks=[2, 1, 2, 2])
    assert got["bob"]["rating"] == pytest.approx(plain[1][0].mu * 60)
    events = {e["profile_id"]: e for e in _rows(store, rating_events)}
    assert events["bob"]["score"] == 1.0 and events["ada"]["score"] == pytest.approx(1 / 3)
    assert {o["id"] for o in events["bob"]["opponents"]} == {"ada", "cleo", "dan"}
