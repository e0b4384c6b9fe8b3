"""Games started per requester and hour: a new room's first game and each rematch
count; past the share a rematch is refused with the WebSocket error `too_many_games`
(the socket stays open), a new room with a 429 of that code, and another address plays
on."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from server_helpers import WAIT, Client, ServerProcess, run

from tablier.server.games_quota import GamesQuota, TooManyGames

PER_HOUR = 3


def _room(server: ServerProcess, address: str) -> dict[str, Any]:
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(transport=transport, timeout=WAIT) as http:
        answer = http.post(
            f"{server.http}/api/rooms",
            json={"game": "kwinty", "seats": [{"mine": True}, {"mine": True}]},
        )
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


async def _open(server: ServerProcess, created: dict[str, Any], address: str) -> Client:
    ws = await websockets.connect(
        f"{server.ws}/ws/rooms/{created['room']}", local_addr=(address, 0), max_size=None
    )
    client = Client(ws, created["room"])
    await client.send(
        {"type": "hello", "v": 1, "tokens": [s["token"] for s in created["my_seats"]]}
    )
    await client.until(lambda m: m["type"] == "welcome")
    return client


async def _resign_and_rematch(client: Client) -> dict[str, Any]:
    """Resign seat 0, ask for a rematch from both seats: the second answer."""
    assert (await client.request({"type": "resign", "seat": 0}))["type"] == "ack"
    assert (await client.request({"type": "rematch", "seat": 0}))["type"] == "ack"
    return await client.request({"type": "rematch", "seat": 1})


def test_rematches_past_the_hourly_share_are_refused_and_the_socket_stays_open(
    tmp_path: Path,
) -> None:
    server = ServerProcess(
        tmp_path / "t.db", tmp_path / "t.log", env={"TABLIER_GAMES_PER_HOUR": str(PER_HOUR)}
    ).start()
    try:
        looping = _room(server, "127.0.0.1")
        other = _room(server, "127.0.0.2")

        async def go() -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any], int]:
            client = await _open(server, looping, "127.0.0.1")
            # the room's first game was the first of the share
            answers = [await _resign_and_rematch(client) for _ in range(PER_HOUR)]
            # still open: it answers, and the room did not start a game past the share
            pong = await client.request({"type": "ping"})
            numbers = server.get(f"/api/rooms/{looping['room']}").json()["game_number"]
            # another address has its own share
            elsewhere = await _open(server, other, "127.0.0.2")
            theirs = await _resign_and_rematch(elsewhere)
            await asyncio.gather(client.close(), elsewhere.close())
            return answers, pong, theirs, numbers

        answers, pong, theirs, number = run(go())
    finally:
        server.stop()
    assert [a["type"] for a in answers] == ["ack"] * (PER_HOUR - 1) + ["error"]
    assert answers[-1]["code"] == "too_many_games"
    assert pong["type"] == "pong"
    assert number == PER_HOUR
    assert theirs["type"] == "ack"


def test_new_rooms_count_against_the_same_share(tmp_path: Path) -> None:
    server = ServerProcess(
        tmp_path / "t.db", tmp_path / "t.log", env={"TABLIER_GAMES_PER_HOUR": str(PER_HOUR)}
    ).start()
    try:
        for _ in range(PER_HOUR):
            _room(server, "127.0.0.1")
        transport = httpx.HTTPTransport(local_address="127.0.0.1")
        with httpx.Client(transport=transport, timeout=WAIT) as http:
            refused = http.post(
                f"{server.http}/api/rooms",
                json={"game": "kwinty", "seats": [{"mine": True}, {"mine": True}]},
            )
        elsewhere = _room(server, "127.0.0.2")
    finally:
        server.stop()
    assert refused.status_code == 429
    assert refused.json()["code"] == "too_many_games"
    assert elsewhere["room"]


def test_the_share_is_per_hour_and_larger_for_a_profile() -> None:
    quota = GamesQuota(anonymous=2, profile=3, period=3600)
    for now in (0.0, 1.0):
        quota.charge("address:a", now)
    with pytest.raises(TooManyGames):
        quota.charge("address:a", 2.0)
    quota.charge("address:b", 2.0)  # another requester is not charged for a's games
    for now in (0.0, 1.0, 2.0):
        quota.charge("profile:p", now)
    with pytest.raises(TooManyGames):
        quota.charge("profile:p", 3.0)
    # an hour after its first game, a requester may start one more
    quota.charge("address:a", 3600.5)
    with pytest.raises(TooManyGames):
        quota.charge("address:a", 3600.6)


def test_the_refusal_has_words_in_french_and_english() -> None:
    import json

    from tablier.server.protocol import ERROR_CODES

    web = Path(__file__).parents[2] / "src" / "tablier" / "web" / "i18n"
    said = {
        lang: json.loads((web / f"{lang}.json").read_text("utf-8"))["play"]["refused_code"]
        for lang in ("fr", "en")
    }
    assert "too_many_games" in ERROR_CODES
    assert said["fr"]["too_many_games"] and said["en"]["too_many_games"]
    assert said["fr"]["too_many_games"] != said["en"]["too_many_games"]
