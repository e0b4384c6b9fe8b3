"""A party night over real sockets: the lobby before the game, and a game that waits.

Nothing exists to be timed before Commencer; once the game runs, an awaited seat whose
phone is gone stops every clock (and the computers) until it comes back; the host's
pause does the same.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
from server_helpers import WAIT, Client, ServerProcess, run

ANSWER = 5  # the answer time of these games, in seconds


def _post(server: ServerProcess, path: str, body: object) -> httpx.Response:
    return httpx.post(f"{server.http}{path}", json=body, timeout=WAIT)


def _open(server: ServerProcess, **options: Any) -> tuple[str, str]:
    opened = _post(
        server,
        "/api/party/lobbies",
        {"game": "quiadiquoi", "options": {"deck": "test-fr", "answer_seconds": ANSWER, **options}},
    )
    assert opened.status_code == 201, opened.text
    HOSTS[opened.json()["code"]] = opened.json()["host_token"]
    return opened.json()["code"], opened.json()["host_token"]


# each lobby's host token: the TV's view gives the join token a phone needs
HOSTS: dict[str, str] = {}


def _key(server: ServerProcess, code: str) -> str:
    seen = _post(server, f"/api/party/lobbies/{code}/host", {"token": HOSTS[code]})
    assert seen.status_code == 200, seen.text
    key: str = seen.json()["join_token"]
    return key


def _join(server: ServerProcess, code: str, name: str) -> dict[str, Any]:
    body = {"name": name, "join_token": _key(server, code)}
    joined = _post(server, f"/api/party/lobbies/{code}/guests", body)
    assert joined.status_code == 200, joined.text
    data: dict[str, Any] = joined.json()
    return data


def _started(server: ServerProcess, names: tuple[str, ...] = ("Ana", "Bruno", "Chloé")) -> Any:
    code, host = _open(server)
    guests = {name: _join(server, code, name) for name in names}
    started = _post(server, f"/api/party/lobbies/{code}/start", {"token": host})
    assert started.status_code == 200, started.text
    status = started.json()
    seat_of = {g["id"]: g["seat"] for g in status["guests"]}
    tokens = {seat_of[g["guest"]]: g["token"] for g in guests.values()}
    return code, host, status["room"], tokens


def _move_count(server: ServerProcess, room: str) -> int:
    count: int = server.get(f"/api/rooms/{room}").json()["move_count"]
    return count


async def _running(tv: Client, want: list[int]) -> dict[str, Any]:
    """The TV's next state whose running clocks are `want`."""
    return await tv.until(
        lambda m: m["type"] == "state" and (m["clocks"] or {}).get("running") == want
    )


def test_the_lobby_times_nothing_and_the_start_makes_one_seat_per_guest(
    server: ServerProcess,
) -> None:
    code, host = _open(server)
    ana = _join(server, code, "Ana")
    bruno = _join(server, code, "  Bruno  ")
    early = _post(server, f"/api/party/lobbies/{code}/start", {"token": host})
    assert early.status_code == 409 and early.json()["code"] == "players"
    # a guest changes colour and avatar, and asks for the cheat sheet
    changed = _post(
        server,
        f"/api/party/lobbies/{code}/guests/{bruno['guest']}",
        {"token": bruno["token"], "colour": "violet", "avatar": "coeur", "cheat": True},
    )
    assert changed.status_code == 200, changed.text
    bad = _post(
        server, f"/api/party/lobbies/{code}/guests/{bruno['guest']}", {"token": ana["token"]}
    )
    assert bad.status_code == 403
    dora = _join(server, code, "Dora")
    _join(server, code, "Chloé")
    # Dora leaves before the start: she is no longer a guest
    left = _post(
        server, f"/api/party/lobbies/{code}/guests/{dora['guest']}/leave", {"token": dora["token"]}
    )
    assert [g["name"] for g in left.json()["guests"]] == ["Ana", "Bruno", "Chloé"]
    # the TV sits there longer than an answer takes: nothing exists to be timed
    time.sleep(ANSWER + 1.5)
    status = server.get(f"/api/party/lobbies/{code}").json()
    assert status["room"] is None
    colours = [g["colour"] for g in status["guests"]]
    assert len(set(colours)) == 3 and "violet" in colours
    # a phone that is not the first cannot start; the first can
    assert (
        _post(server, f"/api/party/lobbies/{code}/start", {"token": bruno["token"]}).status_code
        == 403
    )
    started = _post(server, f"/api/party/lobbies/{code}/start", {"token": ana["token"]})
    assert started.status_code == 200, started.text
    room = started.json()["room"]
    seats = server.get(f"/api/rooms/{room}").json()["seats"]
    assert sorted(s["name"] for s in seats) == ["Ana", "Bruno", "Chloé"]
    assert all(s["taken"] for s in seats)
    # the record holds no move, and no clock runs while no phone is there
    time.sleep(ANSWER + 1.5)
    assert _move_count(server, room) == 0
    # the code now names the room; a late phone finds the game started
    assert server.get(f"/api/party/codes/{code}").json()["free_seats"] == []
    late = _post(
        server,
        f"/api/party/lobbies/{code}/guests",
        {"name": "Eve", "join_token": _key(server, code)},
    )
    assert late.status_code == 409 and late.json()["code"] == "started"
    # Bruno's phone gets the authors list; Ana's does not
    me = _post(server, f"/api/party/lobbies/{code}/me", {"token": bruno["token"]}).json()["me"]
    assert me["cheat"] and "Victor Hugo" in me["cheat_sheet"]
    me = _post(server, f"/api/party/lobbies/{code}/me", {"token": ana["token"]}).json()["me"]
    assert "cheat_sheet" not in me


def test_a_gone_phone_is_waited_for_and_takes_its_seat_back(server: ServerProcess) -> None:
    _, _, room, tokens = _started(server)

    async def go() -> None:
        tv = await Client.open(server, room, watch=True)
        first = await tv.until(lambda m: m["type"] == "state")
        awaited = first["awaited"]
        assert awaited == [0] and first["clocks"]["running"] == []
        phones = {seat: await Client.open(server, room, [tokens[seat]]) for seat in (0, 1, 2)}
        await _running(tv, [0])
        # the awaited phone goes (asleep, closed): every clock stops
        await phones[0].close()
        waiting = await _running(tv, [])
        assert not waiting["seats"][0]["connected"]
        await asyncio.sleep(ANSWER + 1.5)
        assert _move_count(server, room) == 0
        # it comes back with what it holds: its seat, and a fresh clock
        back = await Client.open(server, room, [tokens[0]])
        welcome = await back.until(lambda m: m["type"] == "welcome")
        assert welcome["seats"] == [0]
        await _running(tv, [0])
        # and the clock does run while it is there: silence is a timeout move
        await tv.until(lambda m: m["type"] == "state" and m["move_count"] == 1, ANSWER + 10)
        for phone in (back, phones[1], phones[2], tv):
            await phone.close()

    run(go())


def test_the_host_pauses_and_resumes(server: ServerProcess) -> None:
    code, host, room, tokens = _started(server)

    async def go() -> None:
        tv = await Client.open(server, room, watch=True)
        phones = [await Client.open(server, room, [tokens[seat]]) for seat in (0, 1, 2)]
        await _running(tv, [0])
        refused = _post(
            server, f"/api/party/lobbies/{code}/pause", {"token": tokens[0], "paused": True}
        )
        assert refused.status_code == 403
        paused = _post(server, f"/api/party/lobbies/{code}/pause", {"token": host, "paused": True})
        assert paused.json()["paused"] is True
        await _running(tv, [])
        await asyncio.sleep(ANSWER + 1.5)
        assert _move_count(server, room) == 0
        _post(server, f"/api/party/lobbies/{code}/pause", {"token": host, "paused": False})
        await _running(tv, [0])
        for client in (*phones, tv):
            await client.close()

    run(go())


def test_the_host_gives_a_left_seat_to_a_newcomer(server: ServerProcess) -> None:
    code, host, room, tokens = _started(server)
    status = server.get(f"/api/party/lobbies/{code}").json()
    chloe = next(g for g in status["guests"] if g["seat"] == 2)
    assert (
        _post(
            server, f"/api/party/lobbies/{code}/guests/{chloe['id']}/leave", {"token": tokens[2]}
        ).status_code
        == 200
    )
    # only the host opens a seat
    assert (
        _post(
            server, f"/api/party/lobbies/{code}/guests/{chloe['id']}/open", {"token": tokens[0]}
        ).status_code
        == 403
    )
    opened = _post(server, f"/api/party/lobbies/{code}/guests/{chloe['id']}/open", {"token": host})
    assert opened.status_code == 200, opened.text
    dora = _join(server, code, "Dora")
    assert dora["room"] == room and dora["seat"] == 2
    seats = server.get(f"/api/rooms/{room}").json()["seats"]
    assert seats[2]["name"] == "Dora"

    async def go() -> None:
        # Chloé's old phone no longer opens the seat; Dora's does
        old = await Client.open(server, room, [tokens[2]])
        code, _ = await old.closed_with()
        assert code == 4403
        new = await Client.open(server, room, [dora["token"]])
        assert (await new.until(lambda m: m["type"] == "welcome"))["seats"] == [2]
        await new.close()

    run(go())


def test_computer_guests_have_names_and_wait_for_the_phones(server: ServerProcess) -> None:
    # until a computer draws the first seat (the seats are drawn by lot)
    for _ in range(12):
        code, host = _open(server)
        ana = _join(server, code, "Ana")
        for _ in range(2):
            added = _post(
                server, f"/api/party/lobbies/{code}/computers", {"token": host, "level": "easy"}
            )
            assert added.status_code == 200, added.text
        names = [g["name"] for g in added.json()["guests"]]
        assert len(set(names)) == 3
        status = _post(server, f"/api/party/lobbies/{code}/start", {"token": host}).json()
        first = next(g for g in status["guests"] if g["seat"] == 0)
        if first["kind"] == "computer":
            break
    else:
        raise AssertionError("no computer ever drew the first seat")
    room = status["room"]
    time.sleep(2)
    # Ana's phone is not there: the computer does not play the game on its own
    assert _move_count(server, room) == 0

    async def go() -> None:
        phone = await Client.open(server, room, [ana["token"]])
        await phone.until(lambda m: m["type"] == "state" and m["move_count"] >= 1)
        await phone.close()

    run(go())
