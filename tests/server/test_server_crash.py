"""kill -9 in the middle of several games: every accepted move survives, play goes on."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import websockets
from cluster_parts import postgres
from server_helpers import WAIT, Client, ServerProcess, play_seat, run

import tablier


def _rooms(server: ServerProcess) -> list[dict[str, Any]]:
    rooms = []
    for game in ("turris", "turris", "quiwin"):
        created = server.create_room(
            game=game, seats=[{"mine": True}, {"mine": True}], seating="as_listed"
        )
        rooms.append(
            {
                "room": created["room"],
                "tokens": {s["seat"]: s["token"] for s in created["my_seats"]},
            }
        )
    against = server.create_room(
        game="turris", seats=[{"mine": True}, {"kind": "computer"}], seating="as_listed"
    )
    rooms.append({"room": against["room"], "tokens": {0: against["my_seats"][0]["token"]}})
    return rooms


async def _connect(server: ServerProcess, rooms: list[dict[str, Any]]) -> list[tuple[Client, int]]:
    players = []
    for room in rooms:
        for seat, token in room["tokens"].items():
            players.append((await Client.open(server, room["room"], [token]), seat))
    return players


def test_kill_9_in_the_middle_of_games_then_restart(tmp_path: Path) -> None:
    _crash_and_recover(ServerProcess(tmp_path / "t.db", tmp_path / "server.log"))


def test_kill_9_and_restart_on_postgresql(tmp_path: Path) -> None:
    with postgres() as db_url:
        _crash_and_recover(ServerProcess(db_url, tmp_path / "server.log"))


def _crash_and_recover(server: ServerProcess) -> None:
    server.start()
    rooms = _rooms(server)
    accepted: dict[str, list[dict[str, Any]]] = {r["room"]: [] for r in rooms}

    async def before_crash() -> None:
        players = await _connect(server, rooms)
        # every game well under way, then keep playing and pull the plug mid-traffic
        await asyncio.gather(
            *(
                play_seat(c, s, random.Random(i), stop_at=8, game_number=1)
                for i, (c, s) in enumerate(players)
            )
        )
        tasks = [
            asyncio.create_task(play_seat(c, s, random.Random(100 + i), game_number=1))
            for i, (c, s) in enumerate(players)
        ]
        start = sum(len(c.accepted) for c, _ in players)
        deadline = asyncio.get_running_loop().time() + WAIT
        while sum(len(c.accepted) for c, _ in players) < start + 6:
            assert asyncio.get_running_loop().time() < deadline, "the games stopped moving"
            await asyncio.sleep(0.01)
        server.kill()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        assert any(isinstance(r, websockets.ConnectionClosed) for r in results)
        for client, _ in players:
            accepted[client.room].extend(client.accepted)

    run(before_crash())
    assert all(accepted.values())

    server.start()  # same database, new process

    async def after_restart() -> list[dict[str, Any]]:
        players = await _connect(server, rooms)
        ends = await asyncio.gather(
            *(
                play_seat(c, s, random.Random(200 + i), game_number=1)
                for i, (c, s) in enumerate(players)
            )
        )
        for client, _ in players:
            await client.close()
        return list(ends)

    ends = run(after_restart())
    assert all(end["terminal"] for end in ends)
    for room in rooms:
        response = server.get(f"/api/rooms/{room['room']}/games/1/record")
        assert response.status_code == 200, response.text
        record = response.json()
        # every move anyone was told about is in the stored game, where it was played
        for answer in (a for a in accepted[room["room"]] if a["game_number"] == 1):
            assert record["moves"][answer["move_count"] - 1] == [answer["seat"], answer["move"]]
        assert len(record["moves"]) > max(a["move_count"] for a in accepted[room["room"]])
        assert tablier.replay(record).is_terminal()
    server.stop()
