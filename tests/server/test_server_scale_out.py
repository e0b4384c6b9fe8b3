"""Two server processes on one PostgreSQL database, coordinated through Redis.

Players of one room are connected to different processes; the process playing the room
is killed with kill -9 in the middle of the game; the other takes the room over and the
game goes on to its end with every acknowledged move in the stored record.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
from cluster_parts import postgres, redis_server
from server_helpers import WAIT, Client, ServerProcess, is_state, play_seat, run

import tablier


def _pair(db_url: str, redis_url: str, tmp_path: Path) -> tuple[ServerProcess, ServerProcess]:
    env = {"TABLIER_REDIS_URL": redis_url}
    first = ServerProcess(db_url, tmp_path / "a.log", env).start()
    second = ServerProcess(db_url, tmp_path / "b.log", env).start()
    return first, second


def test_players_on_two_processes_then_the_owner_is_killed(tmp_path: Path) -> None:
    with postgres() as db_url, redis_server() as redis_url:
        a, b = _pair(db_url, redis_url, tmp_path)
        try:
            _play_across_a_kill(a, b)
        finally:
            a.stop()
            b.stop()


def _play_across_a_kill(a: ServerProcess, b: ServerProcess) -> None:
    created = a.create_room(game="kwinty", seats=[{"mine": True}, {}], seating="as_listed")
    room = created["room"]
    white_token = created["my_seats"][0]["token"]
    # the seat is taken through the other process: it asks the owner
    joined = b.join(room, seat=1, name="Bruno")
    black_token = joined["token"]
    taken = httpx.post(f"{b.http}/api/rooms/{room}/join", json={"seat": 1}, timeout=WAIT)
    assert taken.status_code == 409, taken.text
    assert "error" in taken.json()
    accepted: list[dict[str, Any]] = []

    async def before_kill() -> None:
        white = await Client.open(a, room, [white_token])
        black = await Client.open(b, room, [black_token])
        watcher = await Client.open(b, room)
        # both seats show as connected, wherever their sockets are: in the state black
        # gets on arrival, or in a later presence (the two relayed sockets of process b
        # may reach the owner in either order, and a newcomer gets no presence of its own)
        await black.until(lambda m: m["type"] in ("presence", "state") and _online(m) == {0, 1})
        await asyncio.gather(
            play_seat(white, 0, random.Random(1), stop_at=6),
            play_seat(black, 1, random.Random(2), stop_at=6),
        )
        # the watcher on the other process saw the moves too
        seen = await watcher.until(lambda m: is_state(None)(m) and m["move_count"] >= 6)
        assert seen["observation"] is not None
        assert {m["seat"] for m in white.accepted + black.accepted} == {0, 1}
        accepted.extend(white.accepted)
        a.kill()
        # the player held by the surviving process is served again without reconnecting
        state = await black.until(lambda m: is_state(1)(m) and m["move_count"] >= 6, WAIT)
        assert state["game_number"] == 1
        white_again = await Client.open(b, room, [white_token])
        end = await asyncio.gather(
            play_seat(white_again, 0, random.Random(3)),
            play_seat(black, 1, random.Random(4)),
        )
        assert all(e["terminal"] for e in end)
        accepted.extend(white_again.accepted + black.accepted)
        for client in (white_again, black, watcher):
            await client.close()

    run(before_kill())
    record = b.get(f"/api/rooms/{room}/games/1/record").json()
    for answer in accepted:
        assert record["moves"][answer["move_count"] - 1] == [answer["seat"], answer["move"]]
    assert tablier.replay(record).is_terminal()
    assert b.get("/api/health").json()["ok"] is True


def _online(presence: dict[str, Any]) -> set[int]:
    return {s["seat"] for s in presence["seats"] if s["connected"]}


def test_a_rematch_relayed_from_another_process_is_charged_to_its_own_requester(
    tmp_path: Path,
) -> None:
    from test_games_quota import _open, _resign_and_rematch

    with postgres() as db_url, redis_server() as redis_url:
        env = {"TABLIER_REDIS_URL": redis_url, "TABLIER_GAMES_PER_HOUR": "1"}
        a = ServerProcess(db_url, tmp_path / "a.log", env).start()
        b = ServerProcess(db_url, tmp_path / "b.log", env).start()
        try:
            # the room's first game is the one game of its creator's share (127.0.0.1)
            created = a.create_room(game="kwinty", seats=[{"mine": True}, {"mine": True}])

            async def go() -> dict[str, Any]:
                # its seats played from 127.0.0.2 through the other process
                client = await _open(b, created, "127.0.0.2")
                answer = await _resign_and_rematch(client)
                await client.close()
                return answer

            answer = run(go())
        finally:
            a.stop()
            b.stop()
    # charged to 127.0.0.2, whose share is untouched, not to the room's creator
    assert answer["type"] == "ack", answer
