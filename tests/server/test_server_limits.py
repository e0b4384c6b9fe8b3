"""Attacks an anonymous visitor could make, each answered with a JSON 4xx while an
honest game in another room goes on."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import httpx
import pytest
from server_helpers import Client, ServerProcess, is_state, play_seat, run

from tablier.server.limits import RoomRate, unicode_problem

THREE = [{"mine": True}, {"mine": True}, {"mine": True}]


def _json_error(response: httpx.Response, status: int) -> str:
    assert response.status_code == status, response.text[:300]
    assert response.headers["content-type"].startswith("application/json")
    error: str = response.json()["error"]
    assert error
    return error


def _honest_game_moves(server: ServerProcess) -> None:
    """A game in its own room still takes a move."""
    created = server.create_room(game="kwinty", seats=[{"mine": True}, {"mine": True}])
    tokens = [s["token"] for s in created["my_seats"]]

    async def one_move() -> None:
        client = await Client.open(server, created["room"], tokens)
        await client.until(is_state(0))
        moved = await play_seat(client, 0, random.Random(3), max_moves=1)
        assert moved["seat"] == 0
        await client.close()

    run(one_move())


def test_huge_bodies_and_option_values_are_refused(server: ServerProcess) -> None:
    url = f"{server.http}/api/rooms"
    padding = b'{"game": "kwinty", "options": {"variant": "' + b"x" * 200_000 + b'"}}'
    big = httpx.post(url, content=padding, headers={"content-type": "application/json"})
    assert "limited" in _json_error(big, 413)
    # a long option value: refused without being echoed back
    long = httpx.post(
        url, json={"game": "quiadiquoi", "options": {"die_faces": "x" * 20_000}, "seats": THREE}
    )
    error = _json_error(long, 400)
    assert "200 characters" in error and len(long.content) < 500
    nested = httpx.post(url, json={"game": "kwinty", "options": {"variant": {"a": [1]}}})
    _json_error(nested, 400)
    _honest_game_moves(server)


def test_bad_text_and_numbers_answer_json_not_a_crash(server: ServerProcess) -> None:
    room = server.create_room(game="kwinty", seats=[{"mine": True}, {"mine": True}])["room"]
    for number in (2**63, 2**31, 0, -1):
        _json_error(server.get(f"/api/rooms/{room}/games/{number}/record"), 422)
    # text that is not Unicode (a lone surrogate), in a name or in an option
    surrogate = b'{"game": "kwinty", "seats": [{"name": "\\ud800"}]}'
    answer = httpx.post(
        f"{server.http}/api/rooms", content=surrogate, headers={"content-type": "application/json"}
    )
    assert "unicode" in _json_error(answer, 422).lower()
    in_option = b'{"game": "kwinty", "options": {"variant": "\\ud800"}}'
    answer = httpx.post(
        f"{server.http}/api/rooms", content=in_option, headers={"content-type": "application/json"}
    )
    assert "Unicode" in _json_error(answer, 400)
    join = httpx.post(
        f"{server.http}/api/rooms/{room}/join",
        content=b'{"name": "\\udfff"}',
        headers={"content-type": "application/json"},
    )
    _json_error(join, 422)
    deck = httpx.post(
        f"{server.http}/api/rooms",
        json={"game": "quiadiquoi", "options": {"deck": "d" * 300}, "seats": THREE},
    )
    _json_error(deck, 400)
    for path in ("main.db", "../t.db", "/etc/passwd"):
        answer = httpx.post(
            f"{server.http}/api/rooms",
            json={"game": "quiadiquoi", "options": {"deck": path}, "seats": THREE},
        )
        _json_error(answer, 400)
    _honest_game_moves(server)


def test_a_huge_integer_in_a_websocket_message_gets_an_error_not_a_close(
    server: ServerProcess,
) -> None:
    created = server.create_room(game="kwinty", seats=[{"mine": True}, {"mine": True}])
    tokens = [s["token"] for s in created["my_seats"]]

    async def abuse() -> None:
        client = await Client.open(server, created["room"], tokens)
        await client.until(is_state(0))
        digits = "9" * 4400
        await client.ws.send('{"type": "move", "seat": ' + digits + ', "move": "i1h"}')
        answer = await client.until(lambda m: m["type"] == "error")
        assert answer["code"] == "bad_json"
        # the connection stays open and the game goes on
        assert (await client.request({"type": "ping"}))["type"] == "pong"
        moved = await play_seat(client, 0, random.Random(1), max_moves=1)
        assert moved["seat"] == 0
        await client.close()

    run(abuse())


def test_one_address_cannot_create_rooms_without_end(tmp_path: Path) -> None:
    limited = ServerProcess(
        tmp_path / "t.db",
        tmp_path / "server.log",
        env={"TABLIER_ROOMS_PER_MINUTE": "5"},
    ).start()
    try:
        body = {"game": "kwinty", "seats": [{"mine": True}, {"mine": True}]}
        answers = [httpx.post(f"{limited.http}/api/rooms", json=body) for _ in range(7)]
        assert [a.status_code for a in answers[:5]] == [201] * 5
        assert "5 new rooms a minute" in _json_error(answers[5], 429)
        # the rooms already made are still played
        _honest_game_moves_in(limited, answers[0].json())
    finally:
        limited.stop()


def _honest_game_moves_in(server: ServerProcess, created: dict) -> None:
    tokens = [s["token"] for s in created["my_seats"]]

    async def one_move() -> None:
        client = await Client.open(server, created["room"], tokens)
        await client.until(is_state(0))
        assert (await play_seat(client, 0, random.Random(3), max_moves=1))["seat"] == 0
        await client.close()

    run(one_move())


def test_room_rate_forgets_after_a_minute() -> None:
    rate = RoomRate(2)
    assert rate.allow("a", now=0) and rate.allow("a", now=1)
    assert not rate.allow("a", now=2)
    assert rate.allow("b", now=2)
    assert rate.allow("a", now=61)


@pytest.mark.parametrize(
    ("value", "where"),
    [("ok", None), ({"a": ["x", "\ud800"]}, ".a[1]"), ({"\udfff": 1}, "value")],
)
def test_unicode_problems_are_found_where_they_are(value: object, where: str | None) -> None:
    assert unicode_problem(value) == where


def test_computers_playing_for_nobody_pause_until_someone_watches(server: ServerProcess) -> None:
    created = server.create_room(
        game="kwinty",
        seats=[{"kind": "computer", "level": "random"}, {"kind": "computer", "level": "random"}],
    )
    room = created["room"]

    async def scenario() -> None:
        await asyncio.sleep(1.0)
        assert server.get(f"/api/rooms/{room}").json()["move_count"] == 0
        watcher = await Client.open(server, room, watch=True)
        await watcher.until(lambda m: m["type"] == "state" and m["move_count"] >= 2)
        await watcher.close()

    run(scenario())


def test_a_second_server_on_the_same_database_file_refuses_to_start(tmp_path: Path) -> None:
    first = ServerProcess(tmp_path / "t.db", tmp_path / "first.log").start()
    try:
        second = ServerProcess(tmp_path / "t.db", tmp_path / "second.log")
        with pytest.raises(RuntimeError, match=r"the server (stopped|exited)"):
            second.start()
        assert "already using" in (tmp_path / "second.log").read_text()
        # the first one still serves
        _honest_game_moves(first)
    finally:
        first.stop()
    # once the first has stopped, the file is free again
    again = ServerProcess(tmp_path / "t.db", tmp_path / "again.log").start()
    again.stop()


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_computer_workers_die_with_a_killed_server(tmp_path: Path) -> None:
    busy = ServerProcess(
        tmp_path / "t.db", tmp_path / "server.log", env={"TABLIER_AI_THINK_LIMIT": "60"}
    ).start()
    assert busy.proc is not None
    created = busy.create_room(
        game="kwinty",
        seats=[{"kind": "computer", "level": "expert"}, {"mine": True}],
        seating="as_listed",
    )

    async def watch_until_thinking() -> list[int]:
        watcher = await Client.open(busy, created["room"], watch=True)
        await watcher.until(lambda m: m["type"] == "state")
        for _ in range(100):
            workers = _children(busy.proc.pid) if busy.proc else []
            if workers:
                await asyncio.sleep(0.5)  # let the worker start its decision
                return workers
            await asyncio.sleep(0.1)
        raise AssertionError("no computer worker started")

    workers = run(watch_until_thinking())
    busy.kill()
    for _ in range(50):
        if not any(_alive(pid) for pid in workers):
            break
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers), "a computer worker outlived the server"


def test_a_stopping_server_says_going_away(tmp_path: Path) -> None:
    stopping = ServerProcess(tmp_path / "t.db", tmp_path / "server.log").start()
    created = stopping.create_room(game="kwinty", seats=[{"mine": True}, {"mine": True}])
    tokens = [s["token"] for s in created["my_seats"]]

    async def scenario() -> tuple[int | None, str]:
        client = await Client.open(stopping, created["room"], tokens)
        await client.until(is_state(0))
        await asyncio.to_thread(stopping.stop)
        return await client.closed_with()

    code, reason = run(scenario())
    assert code == 1001 and "shutting down" in reason


def test_one_address_cannot_hold_every_connection(tmp_path: Path) -> None:
    capped = ServerProcess(
        tmp_path / "t.db", tmp_path / "server.log", env={"TABLIER_SOCKETS_PER_CLIENT": "4"}
    ).start()
    created = capped.create_room(game="kwinty", seats=[{"mine": True}, {"mine": True}])
    tokens = [s["token"] for s in created["my_seats"]]

    async def scenario() -> None:
        import websockets

        url = f"{capped.ws}/ws/rooms/{created['room']}"
        idle = [await websockets.connect(url) for _ in range(3)]
        player = await Client.open(capped, created["room"], tokens)
        await player.until(is_state(0))
        extra = await websockets.connect(url)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(extra.recv(), 10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        # the player already connected plays on; a freed place is given again
        assert (await play_seat(player, 0, random.Random(2), max_moves=1))["seat"] == 0
        await idle[0].close()
        await asyncio.sleep(0.3)
        again = await Client.open(capped, created["room"], watch=True)
        await again.until(lambda m: m["type"] == "welcome")
        for ws in idle[1:]:
            await ws.close()
        await again.close()
        await player.close()

    try:
        run(scenario())
    finally:
        capped.stop()
