"""The open-games lobby on a real server: challenges, refusals, races, expiry, floods,
quick pairing by rating, claiming one's seat, and the live /ws/open-games socket."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets
from server_helpers import WAIT, Client, ServerProcess, run

from tablier.server.people.challenges import quick_window


@pytest.fixture(scope="module")
def lobby(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    base = tmp_path_factory.mktemp("lobby")
    env = {"TABLIER_PROFILES_PER_MINUTE": "10000", "TABLIER_SIGN_INS_PER_MINUTE": "10000"}
    proc = ServerProcess(base / "lobby.db", base / "server.log", env).start()
    yield proc
    proc.stop()


_names = iter(range(10_000))


def _player(server: ServerProcess, stem: str = "Joueur") -> httpx.Client:
    """A browser of its own with a fresh profile (its session cookie in the jar)."""
    client = httpx.Client(base_url=server.http, timeout=WAIT)
    answer = client.post("/api/profiles", json={"name": f"{stem} {next(_names)}"})
    assert answer.status_code in (200, 201), answer.text
    client.profile = answer.json()["profile"]  # type: ignore[attr-defined]
    return client


def _refused(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["code"] == code and body["error"], body


def _post(client: httpx.Client, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/challenges", json={"game": "kwinty", **body})
    assert answer.status_code == 201, answer.text
    challenge: dict[str, Any] = answer.json()["challenge"]
    return challenge


def _sql(server: ServerProcess, sql: str, *args: Any) -> list[Any]:
    """Read or change the server's SQLite file directly (what no route lets a test do)."""
    path = str(server.db_url).removeprefix("sqlite:///")
    with contextlib.closing(sqlite3.connect(path, timeout=30)) as conn:
        rows = conn.execute(sql, args).fetchall()
        conn.commit()
        return rows


def _row(server: ServerProcess, sql: str, *args: Any) -> Any:
    rows = _sql(server, sql, *args)
    return tuple(rows[0]) if rows else None


def _set_rating(server: ServerProcess, profile_id: str, rating: float) -> None:
    _sql(
        server,
        "INSERT INTO ratings (profile_id, key, system, rating, rd, volatility, games, wins,"
        " losses, draws, updated_at) VALUES (?, 'kwinty', 'glicko2', ?, 80, 0.06, 20, 10,"
        " 10, 0, ?)",
        profile_id,
        rating,
        time.time(),
    )


# ------------------------------------------------------------------ posting and accepting
def test_a_rated_challenge_accepted_seats_both_profiles(lobby: ServerProcess) -> None:
    alice, bruno = _player(lobby, "Alice"), _player(lobby, "Bruno")
    posted = _post(alice, rated=True, clock={"mode": "total", "seconds": 300, "increment": 5})
    listed = httpx.get(f"{lobby.http}/api/challenges", timeout=WAIT).json()["challenges"]
    mine = next(c for c in listed if c["id"] == posted["id"])
    assert mine["profile"]["name"] == alice.profile["name"]  # type: ignore[attr-defined]
    assert mine["rating"] == 1500 and mine["rated"] is True
    assert mine["clock"] == {"mode": "total", "seconds": 300, "increment": 5}

    accepted = bruno.post(f"/api/challenges/{posted['id']}/accept")
    assert accepted.status_code == 201, accepted.text
    body = accepted.json()
    room = body["room"]
    status = httpx.get(f"{lobby.http}/api/rooms/{room}", timeout=WAIT).json()
    names = {s["name"] for s in status["seats"]}
    assert names == {alice.profile["name"], bruno.profile["name"]}  # type: ignore[attr-defined]
    assert all(s["kind"] == "human" and s["taken"] for s in status["seats"])
    seats = dict(_sql(lobby, "SELECT seat, player_id FROM seats WHERE room_id = ?", room))
    assert seats[body["seat"]] == bruno.profile["id"]  # type: ignore[attr-defined]
    assert set(seats.values()) == {alice.profile["id"], bruno.profile["id"]}  # type: ignore[attr-defined]
    assert _row(lobby, "SELECT key FROM rated_rooms WHERE room_id = ?", room) == ("kwinty",)
    assert _row(lobby, "SELECT status, room_id FROM challenges WHERE id = ?", posted["id"]) == (
        "accepted",
        room,
    )
    # gone from the list; accepting it again is refused
    listed = httpx.get(f"{lobby.http}/api/challenges", timeout=WAIT).json()["challenges"]
    assert posted["id"] not in {c["id"] for c in listed}
    _refused(_player(lobby).post(f"/api/challenges/{posted['id']}/accept"), 409, "challenge_taken")


def test_a_casual_challenge_makes_no_rated_room(lobby: ServerProcess) -> None:
    alice, bruno = _player(lobby), _player(lobby)
    posted = _post(alice, game="quiwin", rated=False)
    room = bruno.post(f"/api/challenges/{posted['id']}/accept").json()["room"]
    assert _row(lobby, "SELECT key FROM rated_rooms WHERE room_id = ?", room) is None
    # a casual challenge may be taken without a profile too
    other = _post(alice, game="quiwin")
    anonymous = httpx.post(f"{lobby.http}/api/challenges/{other['id']}/accept", timeout=WAIT)
    assert anonymous.status_code == 201, anonymous.text


def test_refusals_have_a_status_and_a_code(lobby: ServerProcess) -> None:
    alice, bruno = _player(lobby), _player(lobby)
    anonymous = httpx.Client(base_url=lobby.http, timeout=WAIT)
    _refused(anonymous.post("/api/challenges", json={"game": "kwinty"}), 401, "profile_needed")
    _refused(alice.post("/api/challenges", json={"game": "chess"}), 400, "unknown_game")
    _refused(alice.post("/api/challenges", json={"game": "quiadiquoi"}), 400, "two_players_only")
    bad = {"game": "kwinty", "options": {"no_such_option": 3}}
    _refused(alice.post("/api/challenges", json=bad), 400, "bad_options")
    path = {"game": "quiadiquoi", "options": {"deck": "../../etc/passwd"}}
    assert alice.post("/api/challenges", json=path).status_code == 400
    upside = {"game": "kwinty", "min_rating": 1600, "max_rating": 1400}
    assert alice.post("/api/challenges", json=upside).status_code == 422

    rated = _post(alice, rated=True)
    _refused(alice.post(f"/api/challenges/{rated['id']}/accept"), 403, "own_challenge")
    _refused(anonymous.post(f"/api/challenges/{rated['id']}/accept"), 401, "profile_needed")
    _refused(bruno.post("/api/challenges/nothing-here/accept"), 404, "no_challenge")
    # a newcomer (1500) outside the range
    ranged = _post(alice, rated=True, min_rating=1600)
    _refused(bruno.post(f"/api/challenges/{ranged['id']}/accept"), 403, "rating_out_of_range")
    _set_rating(lobby, bruno.profile["id"], 1700)  # type: ignore[attr-defined]
    assert bruno.post(f"/api/challenges/{ranged['id']}/accept").status_code == 201
    # withdrawn: only by its poster, then nobody takes it
    _refused(bruno.delete(f"/api/challenges/{rated['id']}"), 403, "not_yours")
    assert alice.delete(f"/api/challenges/{rated['id']}").json() == {"ok": True}
    _refused(bruno.post(f"/api/challenges/{rated['id']}/accept"), 410, "challenge_cancelled")
    _refused(alice.delete(f"/api/challenges/{rated['id']}"), 410, "challenge_cancelled")


def test_an_expired_challenge_cannot_be_accepted(lobby: ServerProcess) -> None:
    alice, bruno = _player(lobby), _player(lobby)
    posted = _post(alice)
    row = _row(lobby, "SELECT expires_at - created_at FROM challenges WHERE id = ?", posted["id"])
    assert row[0] == pytest.approx(600)
    _sql(lobby, "UPDATE challenges SET expires_at = ? WHERE id = ?", time.time() - 1, posted["id"])
    _refused(bruno.post(f"/api/challenges/{posted['id']}/accept"), 410, "challenge_expired")
    listed = httpx.get(f"{lobby.http}/api/challenges", timeout=WAIT).json()["challenges"]
    assert posted["id"] not in {c["id"] for c in listed}
    # the sweep (every few seconds) writes it down; the poster cannot withdraw it any more
    deadline = time.monotonic() + WAIT
    while _row(lobby, "SELECT status FROM challenges WHERE id = ?", posted["id"]) != ("expired",):
        assert time.monotonic() < deadline, "the sweep did not expire the challenge"
        time.sleep(0.2)
    _refused(alice.delete(f"/api/challenges/{posted['id']}"), 410, "challenge_expired")


def test_two_accepts_at_once_start_one_game(lobby: ServerProcess) -> None:
    alice = _player(lobby)
    takers = [_player(lobby) for _ in range(4)]

    def _rooms_of(client: httpx.Client) -> set[str]:
        found = _sql(
            lobby,
            "SELECT DISTINCT room_id FROM seats WHERE player_id = ?",
            client.profile["id"],  # type: ignore[attr-defined]
        )
        return {r[0] for r in found}

    for _ in range(3):
        posted = _post(alice, rated=True)

        async def accept(client: httpx.Client, challenge: str = posted["id"]) -> httpx.Response:
            async with httpx.AsyncClient(
                base_url=lobby.http, cookies=client.cookies, timeout=WAIT
            ) as each:
                return await each.post(f"/api/challenges/{challenge}/accept")

        async def race() -> list[httpx.Response]:
            return list(await asyncio.gather(*(accept(c) for c in takers)))

        before = _rooms_of(alice)
        answers = run(race())
        statuses = sorted(a.status_code for a in answers)
        assert statuses == [201, 409, 409, 409], [a.text for a in answers]
        for answer in answers:
            if answer.status_code == 409:
                assert answer.json()["code"] == "challenge_taken"
        winner = next(a for a in answers if a.status_code == 201).json()["room"]
        assert _rooms_of(alice) - before == {winner}
        assert _row(lobby, "SELECT room_id FROM challenges WHERE id = ?", posted["id"]) == (winner,)
        # the next round is a new challenge: this one is closed
        alice.delete(f"/api/challenges/{posted['id']}")


def test_a_profile_cannot_flood_the_list(lobby: ServerProcess) -> None:
    alice, bruno = _player(lobby), _player(lobby)
    first = [_post(alice) for _ in range(3)]
    _refused(alice.post("/api/challenges", json={"game": "kwinty"}), 409, "too_many_challenges")
    # a withdrawn one frees a place, but posting stays limited per minute
    alice.delete(f"/api/challenges/{first[0]['id']}")
    _post(alice)
    alice.delete(f"/api/challenges/{first[1]['id']}")
    _post(alice)
    alice.delete(f"/api/challenges/{first[2]['id']}")
    _post(alice)
    # six posted this minute: the seventh waits, whatever is open
    for c in httpx.get(f"{lobby.http}/api/challenges", timeout=WAIT).json()["challenges"]:
        if c["profile"]["id"] == alice.profile["id"]:  # type: ignore[attr-defined]
            alice.delete(f"/api/challenges/{c['id']}")
    _refused(alice.post("/api/challenges", json={"game": "kwinty"}), 429, "too_fast")
    # another profile is not slowed down by it
    _post(bruno)


# ------------------------------------------------------------------ partie rapide
def test_quick_games_pair_the_closest_ratings(lobby: ServerProcess) -> None:
    assert quick_window(0) < quick_window(30) < quick_window(60)
    low, high, near_high, near_low = (_player(lobby) for _ in range(4))
    for client, rating in ((low, 1500), (high, 1800), (near_high, 1760), (near_low, 1530)):
        _set_rating(lobby, client.profile["id"], rating)  # type: ignore[attr-defined]
    assert low.post("/api/quick", json={"game": "kwinty"}).json()["status"] == "waiting"
    assert high.post("/api/quick", json={"game": "kwinty"}).json()["status"] == "waiting"
    counts = httpx.get(f"{lobby.http}/api/challenges", timeout=WAIT).json()
    assert counts["quick"]["kwinty"] >= 2
    # quick seeks are counted, not listed
    ids = {c["profile"]["id"] for c in counts["challenges"]}
    assert low.profile["id"] not in ids  # type: ignore[attr-defined]
    # asking again while waiting changes nothing
    assert low.post("/api/quick", json={"game": "kwinty"}).json()["status"] == "waiting"

    paired = near_high.post("/api/quick", json={"game": "kwinty"}).json()
    assert paired["status"] == "paired"
    players = {
        r[0] for r in _sql(lobby, "SELECT player_id FROM seats WHERE room_id = ?", paired["room"])
    }
    assert players == {high.profile["id"], near_high.profile["id"]}  # type: ignore[attr-defined]
    assert _row(lobby, "SELECT key FROM rated_rooms WHERE room_id = ?", paired["room"]) == (
        "kwinty",
    )
    second = near_low.post("/api/quick", json={"game": "kwinty"}).json()
    assert second["status"] == "paired"
    players = {
        r[0] for r in _sql(lobby, "SELECT player_id FROM seats WHERE room_id = ?", second["room"])
    }
    assert players == {low.profile["id"], near_low.profile["id"]}  # type: ignore[attr-defined]
    # waiting can be cancelled
    assert low.post("/api/quick", json={"game": "kwinty"}).json()["status"] == "waiting"
    assert low.delete("/api/quick").json() == {"cancelled": 1}
    _refused(httpx.post(f"{lobby.http}/api/quick", json={"game": "kwinty"}), 401, "profile_needed")


# ------------------------------------------------------------------ claim
def test_the_poster_claims_its_seat_and_plays(lobby: ServerProcess) -> None:
    alice, bruno, carla = _player(lobby), _player(lobby), _player(lobby)
    posted = _post(alice, rated=True)
    taken = bruno.post(f"/api/challenges/{posted['id']}/accept").json()
    room = taken["room"]
    claimed = alice.post(f"/api/rooms/{room}/claim")
    assert claimed.status_code == 200, claimed.text
    seat = claimed.json()["seat"]
    assert seat == 1 - taken["seat"]
    _refused(carla.post(f"/api/rooms/{room}/claim"), 403, "no_seat_of_yours")
    _refused(httpx.post(f"{lobby.http}/api/rooms/{room}/claim"), 401, "profile_needed")
    _refused(alice.post("/api/rooms/nothing-here/claim"), 404, "no_room")
    again = alice.post(f"/api/rooms/{room}/claim").json()

    async def sit() -> None:
        # the newest token opens the seat; the one it replaced no longer does
        current = await Client.open(lobby, room, [again["token"]])
        welcome = await current.until(lambda m: m["type"] == "welcome")
        assert welcome["seats"] == [seat] and not welcome["spectator"]
        stale = await Client.open(lobby, room, [claimed.json()["token"]])
        code, _ = await stale.closed_with()
        assert code == 4403
        await current.close()

    run(sit())


# ------------------------------------------------------------------ the live lobby
def test_the_lobby_socket_is_live(lobby: ServerProcess) -> None:
    alice, bruno = _player(lobby), _player(lobby)

    async def watch() -> None:
        headers = {"Cookie": f"tablier_session={alice.cookies['tablier_session']}"}
        async with (
            websockets.connect(f"{lobby.ws}/ws/open-games", additional_headers=headers) as mine,
            websockets.connect(f"{lobby.ws}/ws/open-games") as other,
        ):
            first = json.loads(await asyncio.wait_for(other.recv(), WAIT))
            assert first["type"] == "lobby" and first["counts"]["online"] >= 1
            posted = await asyncio.to_thread(_post, alice, rated=True)
            seen = await _until(other, lambda m: posted["id"] in _ids(m))
            assert seen["counts"]["online"] >= 2
            # a bad message is answered, and the socket stays open
            await other.send("not json")
            assert json.loads(await _until_type(other, "error"))["code"] == "bad_json"
            await other.send(json.dumps({"type": "ping"}))
            await _until_type(other, "pong")

            # a game by invitation link is played, but not shown to strangers
            private = lobby.create_room(game="kwinty", seats=[{"mine": True}, {}])["room"]
            taken = await asyncio.to_thread(bruno.post, f"/api/challenges/{posted['id']}/accept")
            room = taken.json()["room"]
            told = json.loads(await _until_type(mine, "challenge_accepted"))
            assert told["room"] == room and told["challenge"] == posted["id"]
            gone = await _until(other, lambda m: posted["id"] not in _ids(m))
            # the new game is in play, listed to watch with its players' names
            assert gone["counts"]["in_play"] >= 1
            watched = next(g for g in gone["live"] if g["room"] == room)
            assert {p["name"] for p in watched["players"]} == {
                alice.profile["name"],  # type: ignore[attr-defined]
                bruno.profile["name"],  # type: ignore[attr-defined]
            }
            assert watched["href"] == f"/?room={room}&watch=1" and watched["game"] == "kwinty"
            assert private not in {g["room"] for g in gone["live"]}
            # the other visitor was not told: the news is the poster's
            assert all(
                json.loads(t).get("type") != "challenge_accepted" for t in await _drain(other)
            )

    run(watch())


def _ids(message: dict[str, Any]) -> set[str]:
    return {c["id"] for c in message.get("challenges", [])}


async def _until(ws: Any, predicate: Any) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
        if message.get("type") == "lobby" and predicate(message):
            return dict(message)


async def _until_type(ws: Any, kind: str) -> str:
    deadline = time.monotonic() + WAIT
    while True:
        text = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
        if json.loads(text).get("type") == kind:
            return str(text)


async def _drain(ws: Any) -> list[str]:
    frames = []
    try:
        while True:
            frames.append(await asyncio.wait_for(ws.recv(), 0.5))
    except TimeoutError:
        return frames


def test_signing_out_or_deleting_withdraws_the_challenges(lobby: ServerProcess) -> None:
    alice, bruno, carla = _player(lobby), _player(lobby), _player(lobby)
    leaving, deleted = _post(alice, rated=True), _post(carla)

    def listed() -> set[str]:
        answer = httpx.get(f"{lobby.http}/api/challenges", timeout=WAIT).json()
        return {c["id"] for c in answer["challenges"]}

    assert {leaving["id"], deleted["id"]} <= listed()
    assert alice.delete("/api/sessions/current").status_code in (200, 204)
    assert carla.delete("/api/me").status_code in (200, 204)
    assert not {leaving["id"], deleted["id"]} & listed()
    _refused(bruno.post(f"/api/challenges/{leaving['id']}/accept"), 410, "challenge_cancelled")
    _refused(bruno.post(f"/api/challenges/{deleted['id']}/accept"), 410, "challenge_cancelled")
    # the sweep writes it down
    deadline = time.monotonic() + WAIT
    while _row(lobby, "SELECT status FROM challenges WHERE id = ?", leaving["id"]) != (
        "cancelled",
    ):
        assert time.monotonic() < deadline, "the sweep did not withdraw the challenge"
        time.sleep(0.2)
