"""The open-games lobby on two server processes (PostgreSQL + Redis).

A challenge posted through process A is seen live on the lobby sockets of both processes
and accepted through process B; the poster, told on A, claims its seat through A (the room
is played by B, so A asks B); both play the game to its end through their own process, and
the rated result is stored once.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
import websockets
from cluster_parts import postgres, redis_server
from server_helpers import WAIT, Client, ServerProcess, play_seat, run


def _pair(db_url: str, redis_url: str, tmp_path: Path) -> tuple[ServerProcess, ServerProcess]:
    env = {"TABLIER_REDIS_URL": redis_url, "TABLIER_PROFILES_PER_MINUTE": "1000"}
    return (
        ServerProcess(db_url, tmp_path / "a.log", env).start(),
        ServerProcess(db_url, tmp_path / "b.log", env).start(),
    )


def _player(server: ServerProcess, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server.http, timeout=WAIT)
    answer = client.post("/api/profiles", json={"name": name})
    assert answer.status_code in (200, 201), answer.text
    client.profile_id = answer.json()["profile"]["id"]  # type: ignore[attr-defined]
    return client


def test_a_challenge_across_two_processes(tmp_path: Path) -> None:
    with postgres() as db_url, redis_server() as redis_url:
        a, b = _pair(db_url, redis_url, tmp_path)
        try:
            _across(a, b, db_url)
        finally:
            a.stop()
            b.stop()


def _across(a: ServerProcess, b: ServerProcess, db_url: str) -> None:
    alice, bruno = _player(a, "Alice"), _player(b, "Bruno")

    async def scene() -> str:
        cookie = {"Cookie": f"tablier_session={alice.cookies['tablier_session']}"}
        async with (
            websockets.connect(f"{a.ws}/ws/open-games", additional_headers=cookie) as on_a,
            websockets.connect(f"{b.ws}/ws/open-games") as on_b,
        ):
            for ws in (on_a, on_b):
                assert (await _lobby(ws, lambda m: True))["type"] == "lobby"
            # both processes count both sockets
            await _lobby(on_b, lambda m: m["counts"]["online"] >= 2)
            posted = await asyncio.to_thread(
                alice.post, "/api/challenges", json={"game": "kwinty", "rated": True}
            )
            assert posted.status_code == 201, posted.text
            challenge = posted.json()["challenge"]["id"]
            for ws in (on_a, on_b):
                seen = await _lobby(ws, lambda m: challenge in _ids(m))
                listed = next(c for c in seen["challenges"] if c["id"] == challenge)
                assert listed["profile"]["name"] == "Alice" and listed["rated"] is True

            accepted = await asyncio.to_thread(bruno.post, f"/api/challenges/{challenge}/accept")
            assert accepted.status_code == 201, accepted.text
            taken = accepted.json()
            told = await _message(on_a, "challenge_accepted")
            assert told["room"] == taken["room"]
            for ws in (on_a, on_b):
                await _lobby(ws, lambda m: challenge not in _ids(m))
            # a second accept, through the other process, is too late
            late = await asyncio.to_thread(
                _player(a, "Carla").post, f"/api/challenges/{challenge}/accept"
            )
            assert late.status_code == 409 and late.json()["code"] == "challenge_taken"

            # the poster's seat, claimed through A while B plays the room
            claimed = await asyncio.to_thread(alice.post, f"/api/rooms/{taken['room']}/claim")
            assert claimed.status_code == 200, claimed.text
            mine = claimed.json()
            assert mine["seat"] == 1 - taken["seat"]
            white = await Client.open(a, taken["room"], [mine["token"]])
            black = await Client.open(b, taken["room"], [taken["token"]])
            ends = await asyncio.gather(
                play_seat(white, mine["seat"], random.Random(1)),
                play_seat(black, taken["seat"], random.Random(2)),
            )
            assert all(e["terminal"] for e in ends)
            # the live lobby lists the game while it was in play; it is over now
            await white.close()
            await black.close()
            return str(taken["room"])

    room = run(scene())
    engine = sa.create_engine(db_url)
    try:
        deadline = time.monotonic() + WAIT
        while True:
            with engine.connect() as conn:
                events = conn.execute(
                    sa.text("SELECT profile_id FROM rating_events WHERE room_id = :r"), {"r": room}
                ).all()
                games: dict[str, int] = dict(
                    conn.execute(
                        sa.text("SELECT profile_id, games FROM ratings WHERE key = 'kwinty'")
                    ).all()
                )
            if events or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        ids = {alice.profile_id, bruno.profile_id}  # type: ignore[attr-defined]
        assert sorted(e[0] for e in events) == sorted(ids)
        assert {pid: games.get(pid) for pid in ids} == dict.fromkeys(ids, 1)
    finally:
        engine.dispose()


def _ids(message: dict[str, Any]) -> set[str]:
    return {c["id"] for c in message.get("challenges", [])}


async def _message(ws: Any, kind: str) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
        if message.get("type") == kind:
            return dict(message)


async def _lobby(ws: Any, predicate: Any) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT
    while True:
        message = await _message(ws, "lobby")
        if predicate(message):
            return message
        assert time.monotonic() < deadline
