"""The engine's analysis of a finished game, over a real server and its computer pool."""

from __future__ import annotations

import asyncio
import random
import time

import httpx
from server_helpers import WAIT, Client, ServerProcess, play_seat, run


def _finished_kwinty(server: ServerProcess) -> str:
    created = server.create_room(
        game="kwinty", seats=[{"mine": True}, {"mine": True}], seating="as_listed"
    )
    room, tokens = created["room"], [s["token"] for s in created["my_seats"]]

    async def play() -> None:
        clients = [await Client.open(server, room, [token]) for token in tokens]
        await asyncio.gather(
            *(play_seat(c, seat, random.Random(seat)) for seat, c in enumerate(clients))
        )
        for client in clients:
            await client.close()

    run(play())
    return room


def test_a_finished_game_is_analysed_move_by_move(server: ServerProcess) -> None:
    room = _finished_kwinty(server)
    url = f"{server.http}/api/rooms/{room}/games/1/analysis"
    assert httpx.get(url, timeout=WAIT).status_code == 404  # not started yet
    started = httpx.post(url, timeout=WAIT)
    assert started.status_code == 202, started.text
    total = started.json()["total"]
    record = server.get(f"/api/rooms/{room}/games/1/record").json()
    assert total == len(record["moves"]) + 1
    deadline = time.monotonic() + 120
    while True:
        view = httpx.get(url, timeout=WAIT).json()
        assert view["state"] != "failed"
        if view["state"] == "done":
            break
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.3)
    assert view["done"] == total and len(view["positions"]) == total
    assert [m["move"] for m in view["moves"]] == [m for _, m in record["moves"]]
    for judged in view["moves"]:
        assert judged["verdict"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert judged["best"] is not None
    # the last position is the result itself, seen from seat 0
    assert view["positions"][-1]["value"] == record["returns"][0]
    # asked again, the same analysis answers (no second run)
    again = httpx.post(url, timeout=WAIT).json()
    assert again["state"] == "done" and again["moves"] == view["moves"]


def test_analysis_refusals_are_json(server: ServerProcess) -> None:
    live = server.create_room(game="kwinty", seats=[{"mine": True}, {"mine": True}])
    answer = httpx.post(f"{server.http}/api/rooms/{live['room']}/games/1/analysis", timeout=WAIT)
    assert answer.status_code == 409 and "not over" in answer.json()["error"]
    missing = httpx.post(f"{server.http}/api/rooms/nowhere/games/1/analysis", timeout=WAIT)
    assert missing.status_code == 404 and missing.json()["error"]
    quiz = server.create_room(
        game="quiadiquoi", players=3, seats=[{"mine": True}] * 3, options={"deck": "test-fr"}
    )
    answer = httpx.post(f"{server.http}/api/rooms/{quiz['room']}/games/1/analysis", timeout=WAIT)
    assert answer.status_code == 400 and "written answers" in answer.json()["error"]


def test_a_hint_is_given_against_the_computer_only(server: ServerProcess) -> None:
    practice = server.create_room(
        game="kwinty",
        seats=[{"mine": True}, {"kind": "computer", "level": "random"}],
        seating="as_listed",
    )
    between_people = server.create_room(
        game="kwinty", seats=[{"mine": True}, {"mine": True}], seating="as_listed"
    )

    async def go() -> tuple[dict, dict, dict]:
        alone = await Client.open(server, practice["room"], [practice["my_seats"][0]["token"]])
        state = await alone.until(lambda m: m["type"] == "state" and m["seat"] == 0)
        hint = await alone.request({"type": "hint", "seat": 0})
        pair = await Client.open(
            server, between_people["room"], [s["token"] for s in between_people["my_seats"]]
        )
        await pair.until(lambda m: m["type"] == "state")
        refused = await pair.request({"type": "hint", "seat": 0})
        pong = await pair.request({"type": "ping"})  # the socket stays open
        await alone.close()
        await pair.close()
        return state, hint, {**refused, "pong": pong["type"]}

    state, hint, refused = run(go())
    assert hint["type"] == "hint" and hint["seat"] == 0
    assert hint["move"] in state["legal_moves"] and hint["move_count"] == 0
    assert refused["type"] == "error" and refused["code"] == "no_hint"
    assert refused["pong"] == "pong"
