"""Rated games between friends by link (people/rated_rooms.py), against a real server:
the create dialog's "Classée" as POST /api/rooms {"rated": true}, the friend's join
bound to their profile, and the ratings the finish hook writes for such rooms."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import Iterator
from typing import Any

import glicko2
import httpx
import pytest
from openskill.models import PlackettLuce
from rated_games import Person, new_person, resign
from server_helpers import WAIT, Client, ServerProcess, play_seat, run

GENEROUS = {
    "TABLIER_PROFILES_PER_MINUTE": "1000",
    "TABLIER_SIGN_INS_PER_MINUTE": "1000",
    # QuiAdiQuoi played out by random moves sends faster than a person
    "TABLIER_RATE_PER_SECOND": "1000",
}
KWINTY_LINK = {
    "game": "kwinty",
    "players": 2,
    "seats": [{"kind": "human", "mine": True}, {"kind": "human"}],
    "seating": "as_listed",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    base = tmp_path_factory.mktemp("rated-rooms")
    proc = ServerProcess(base / "r.db", base / "server.log", env=GENEROUS).start()
    yield proc
    proc.stop()


def _db(site: ServerProcess) -> sqlite3.Connection:
    return sqlite3.connect(site.db_url.removeprefix("sqlite:///"))


def _seats(site: ServerProcess, room: str) -> list[tuple[int, str | None, str | None]]:
    with _db(site) as db:
        rows = db.execute(
            "SELECT seat, player_id, name FROM seats WHERE room_id = ? ORDER BY seat", (room,)
        ).fetchall()
    return [(int(s), p, n) for s, p, n in rows]


def _rating_rows(site: ServerProcess, ids: list[str], key: str) -> dict[str, tuple[float, float]]:
    with _db(site) as db:
        rows = db.execute(
            f"SELECT profile_id, rating, rd FROM ratings WHERE key = ? "
            f"AND profile_id IN ({', '.join('?' * len(ids))})",
            (key, *ids),
        ).fetchall()
    return {pid: (rating, rd) for pid, rating, rd in rows}


def _rated_count(site: ServerProcess) -> int:
    with _db(site) as db:
        return int(db.execute("SELECT COUNT(*) FROM rated_rooms").fetchone()[0])


def _refused(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code, response.text
    assert response.json()["error"]


def _create(person: Person, **body: Any) -> dict[str, Any]:
    made = person.browser.post("/api/rooms", json=body)
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = made.json()
    return answer


def _join(person: Person, room: str, **body: Any) -> dict[str, Any]:
    joined = person.browser.post(f"/api/rooms/{room}/join", json=body)
    assert joined.status_code == 200, joined.text
    answer: dict[str, Any] = joined.json()
    return answer


# ------------------------------------------------------------------ refusals
def test_a_rated_room_needs_a_signed_in_creator_and_people_only(site: ServerProcess) -> None:
    before = _rated_count(site)
    guest = httpx.post(f"{site.http}/api/rooms", json={**KWINTY_LINK, "rated": True}, timeout=WAIT)
    _refused(guest, 401, "profile_needed")
    ada = new_person(site.http, "Ada")
    computer = ada.browser.post(
        "/api/rooms",
        json={
            "game": "kwinty",
            "rated": True,
            "seats": [{"mine": True}, {"kind": "computer", "level": "random"}],
        },
    )
    _refused(computer, 400, "rated_needs_people")
    same_screen = ada.browser.post(
        "/api/rooms", json={"game": "kwinty", "rated": True, "seats": [{"mine": True}] * 2}
    )
    _refused(same_screen, 400, "rated_needs_people")
    # none of the refused requests left a rated room behind
    assert _rated_count(site) == before


def test_seats_of_a_rated_room_are_bound_to_profiles(site: ServerProcess) -> None:
    ada, bob = new_person(site.http, "Ada"), new_person(site.http, "Bob")
    # what the body says about the creator is not believed: the cookie's profile is
    created = _create(
        ada,
        **{**KWINTY_LINK, "seats": [{"mine": True, "name": "Faux"}, {}]},
        options={"variant": "kwintie"},
        rated=True,
        player_id="a-forged-id",
    )
    room = created["room"]
    assert created["rated"] is True
    assert site.get(f"/api/rooms/{room}").json()["rated"] is True
    with _db(site) as db:
        assert db.execute("SELECT key FROM rated_rooms WHERE room_id = ?", (room,)).fetchone() == (
            "kwinty:kwintie",
        )
    assert _seats(site, room) == [(0, ada.id, ada.name), (1, None, None)]

    # a guest cannot take the free seat, and it stays free
    guest = httpx.post(f"{site.http}/api/rooms/{room}/join", json={"name": "Invité"}, timeout=WAIT)
    _refused(guest, 401, "profile_needed")
    assert not site.get(f"/api/rooms/{room}").json()["seats"][1]["taken"]
    # the creator cannot take the second seat too
    _refused(ada.browser.post(f"/api/rooms/{room}/join", json={}), 409, "already_seated")

    # Bob's seat is his profile's, whatever id and name his request carries
    joined = _join(bob, room, player_id="forged", name="Pas Bob")
    assert joined["seat"] == 1
    assert _seats(site, room) == [(0, ada.id, ada.name), (1, bob.id, bob.name)]
    names = [s["name"] for s in site.get(f"/api/rooms/{room}").json()["seats"]]
    assert names == [ada.name, bob.name]
    # and his profile gets back into it from another device
    claimed = bob.browser.post(f"/api/rooms/{room}/claim")
    assert claimed.status_code == 200 and claimed.json()["seat"] == 1


def test_one_profile_takes_one_seat_even_when_asking_twice_at_once(site: ServerProcess) -> None:
    ada, bob = new_person(site.http, "Ada"), new_person(site.http, "Bob")
    created = _create(
        ada,
        game="quiadiquoi",
        players=4,
        seats=[{"mine": True}, {}, {}, {}],
        rated=True,
    )
    room = created["room"]

    async def twice() -> list[httpx.Response]:
        async with httpx.AsyncClient(
            base_url=site.http, cookies=bob.browser.cookies, timeout=WAIT
        ) as client:
            return list(
                await asyncio.gather(
                    *(client.post(f"/api/rooms/{room}/join", json={}) for _ in range(4))
                )
            )

    answers = run(twice())
    assert sorted(a.status_code for a in answers) == [200, 409, 409, 409]
    for answer in answers:
        if answer.status_code == 409:
            assert answer.json()["code"] == "already_seated"
    held = [s for s in _seats(site, room) if s[1] == bob.id]
    assert len(held) == 1 and held[0][2] == bob.name


# ------------------------------------------------------------------ rated results
def _glicko(own: tuple[float, float, float], other: tuple[float, float], score: float) -> Any:
    player = glicko2.Player(rating=own[0], rd=own[1], vol=own[2])
    player.update_player([other[0]], [other[1]], [score])
    return player


def _play_out(site: ServerProcess, room: str, tokens: dict[int, str], seed: int) -> list[float]:
    """Random legal moves for every seat until the game ends; the final returns."""

    async def game() -> None:
        clients = {s: await Client.open(site, room, [t]) for s, t in tokens.items()}
        await asyncio.gather(
            *(play_seat(c, s, random.Random(seed + s)) for s, c in clients.items())
        )
        for client in clients.values():
            await client.close()

    run(game())
    status = site.get(f"/api/rooms/{room}").json()
    assert status["finished"], status
    returns: list[float] = status["outcome"]["returns"]
    return returns


def test_a_rated_kwinty_game_by_link_moves_both_ratings(site: ServerProcess) -> None:
    ada, bob = new_person(site.http, "Ada"), new_person(site.http, "Bob")
    created = _create(ada, **KWINTY_LINK, rated=True)
    room = created["room"]
    joined = _join(bob, room)
    tokens = {created["my_seats"][0]["seat"]: created["my_seats"][0]["token"]}
    tokens[joined["seat"]] = joined["token"]
    returns = _play_out(site, room, tokens, seed=7)
    scores = [
        1.0 if r > o else 0.5 if r == o else 0.0
        for r, o in zip(returns, returns[::-1], strict=True)
    ]
    # seat 0 is Ada's (as listed), seat 1 Bob's
    expected = {
        ada.id: _glicko((1500, 350, 0.06), (1500, 350), scores[0]),
        bob.id: _glicko((1500, 350, 0.06), (1500, 350), scores[1]),
    }
    stored = _rating_rows(site, [ada.id, bob.id], "kwinty")
    assert set(stored) == {ada.id, bob.id}
    for pid, player in expected.items():
        assert stored[pid][0] == pytest.approx(player.rating)
        assert stored[pid][1] == pytest.approx(player.rd)
        card = next(
            c for c in site.get(f"/api/players/{pid}").json()["ratings"] if c["key"] == "kwinty"
        )
        assert card["rating"] == pytest.approx(player.rating, abs=0.05) and card["games"] == 1
    if scores[0] != 0.5:
        assert stored[ada.id][0] != stored[bob.id][0]


def test_a_rated_quiadiquoi_game_of_three_profiles_is_rated_by_openskill(
    site: ServerProcess,
) -> None:
    people = [new_person(site.http, n) for n in ("Ada", "Bob", "Cléo")]
    created = _create(
        people[0],
        game="quiadiquoi",
        options={"answer_seconds": None},
        players=3,
        seats=[{"mine": True}, {}, {}],
        seating="as_listed",
        rated=True,
    )
    room = created["room"]
    tokens = {created["my_seats"][0]["seat"]: created["my_seats"][0]["token"]}
    for friend in people[1:]:
        joined = _join(friend, room)
        tokens[joined["seat"]] = joined["token"]
    by_seat = {seat: str(pid) for seat, pid, _ in _seats(site, room)}
    assert sorted(by_seat.values()) == sorted(p.id for p in people)
    returns = _play_out(site, room, tokens, seed=11)
    # the library's own Plackett-Luce model, at the scale docs/ratings.md gives (×60)
    model = PlackettLuce(mu=1500.0, sigma=500.0, beta=250.0, tau=5.0)
    teams = [[model.rating(mu=1500.0, sigma=500.0)] for _ in returns]
    expected = model.rate(teams, ranks=[-r for r in returns])
    stored = _rating_rows(site, list(by_seat.values()), "quiadiquoi")
    assert len(stored) == 3
    for seat, team in enumerate(expected):
        assert stored[by_seat[seat]][0] == pytest.approx(team[0].mu)
        assert stored[by_seat[seat]][1] == pytest.approx(team[0].sigma)
    winner = max(range(3), key=lambda s: returns[s])
    assert stored[by_seat[winner]][0] > 1500.0


def test_a_casual_room_changes_no_rating_and_binds_no_seat(site: ServerProcess) -> None:
    ada, bob = new_person(site.http, "Ada"), new_person(site.http, "Bob")
    created = _create(ada, **KWINTY_LINK, player_id="ada-browser")
    room = created["room"]
    assert created["rated"] is False and site.get(f"/api/rooms/{room}").json()["rated"] is False
    joined = _join(bob, room, player_id="bob-browser", name="Bobby")
    # the browsers' own ids, as before rated games existed
    assert _seats(site, room) == [(0, "ada-browser", None), (1, "bob-browser", "Bobby")]
    resign(
        site.ws,
        room,
        {ada.id: (created["my_seats"][0]["seat"], created["my_seats"][0]["token"])},
        ada,
    )
    assert joined["seat"] == 1
    assert _rating_rows(site, [ada.id, bob.id], "kwinty") == {}
    with _db(site) as db:
        assert db.execute(
            "SELECT COUNT(*) FROM rating_events WHERE room_id = ?", (room,)
        ).fetchone() == (0,)
    # a guest joins a casual room by name, as before
    other = _create(ada, **KWINTY_LINK)
    guest = httpx.post(
        f"{site.http}/api/rooms/{other['room']}/join", json={"name": "Invité"}, timeout=WAIT
    )
    assert guest.status_code == 200, guest.text
