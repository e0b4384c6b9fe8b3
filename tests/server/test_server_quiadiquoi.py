"""QuiAdiQuoi online: three to six players, free-text moves, the answer clock."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from server_helpers import Client, ServerProcess, is_state, play_seat, run


def test_three_players_with_free_text_answers(server: ServerProcess) -> None:
    created = server.create_room(
        game="quiadiquoi",
        options={"answer_seconds": None},
        players=3,
        seats=[{"mine": True}, {"mine": True}, {"mine": True}],
        seating="as_listed",
    )
    assert created["num_players"] == 3
    room = created["room"]
    tokens = {s["seat"]: s["token"] for s in created["my_seats"]}

    async def game() -> list[dict[str, Any]]:
        clients = [await Client.open(server, room, [tokens[s]]) for s in range(3)]
        ends = await asyncio.gather(
            *(play_seat(c, s, random.Random(20 + s), stop_at=30) for s, c in enumerate(clients))
        )
        for client in clients:
            await client.close()
        return list(ends)

    ends = run(game())
    assert all(end["terminal"] or end["move_count"] >= 30 for end in ends)
    status = server.get(f"/api/rooms/{room}").json()
    assert status["move_count"] >= 30 or status["finished"]
    assert {p for p, _ in status["moves"]} == {0, 1, 2}
    # free text went through the engine: answers were given (and judged) by the players
    assert any(move.startswith("answer:") for _, move in status["moves"])


def test_the_answer_clock_plays_the_timeout_move(server: ServerProcess) -> None:
    created = server.create_room(
        game="quiadiquoi",
        options={"answer_seconds": 5},
        players=3,
        seats=[{"mine": True}, {"mine": True}, {"mine": True}],
        seating="as_listed",
    )
    room = created["room"]
    token = created["my_seats"][0]["token"]

    async def wait_for_timeout() -> tuple[dict[str, Any], dict[str, Any]]:
        client = await Client.open(server, room, [token])
        first = await client.until(lambda m: is_state(0)(m) and 0 in m["awaited"])
        answer = await client.request({"type": "move", "seat": 0, "move": first["legal_moves"][0]})
        assert answer["type"] == "accepted"
        asked = await client.until(lambda m: is_state(0)(m) and "timeout" in m["legal_moves"])
        # nobody answers: the server plays the engine's timeout move when the time is up
        timed_out = await client.until(
            lambda m: is_state(0)(m) and [0, "timeout"] in m["moves"], timeout=60
        )
        await client.close()
        return asked, timed_out

    asked, timed_out = run(wait_for_timeout())
    assert asked["clocks"]["mode"] == "answer" and asked["clocks"]["running"] == [0]
    assert 0 < asked["clocks"]["remaining"][0] <= 5
    assert timed_out["moves"].index([0, "timeout"]) == len(asked["moves"])
