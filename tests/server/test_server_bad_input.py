"""Bad input gets the documented answer, and the server keeps serving the other games."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import websockets
from server_helpers import Client, ServerProcess, is_state, play_seat, run

from tablier.server.protocol import MAX_FRAME_BYTES


def _two_seat_room(server: ServerProcess, game: str = "kwinty") -> tuple[str, list[str]]:
    created = server.create_room(
        game=game, seats=[{"mine": True}, {"mine": True}], seating="as_listed"
    )
    return created["room"], [s["token"] for s in created["my_seats"]]


async def _with_bystander(
    server: ServerProcess, abuse: Callable[[Client, Client, str], Awaitable[None]]
) -> None:
    """Run `abuse` on one room while a bystander game in another room keeps moving."""
    room, tokens = _two_seat_room(server)
    quiet_room, quiet_tokens = _two_seat_room(server)
    seat0 = await Client.open(server, room, [tokens[0]])
    seat1 = await Client.open(server, room, [tokens[1]])
    await seat0.until(is_state(0))
    await seat1.until(is_state(1))
    bystander = await Client.open(server, quiet_room, quiet_tokens[:1])
    await abuse(seat0, seat1, room)
    # the other game is still served
    moved = await play_seat(bystander, 0, random.Random(1), max_moves=1)
    assert moved["seat"] == 0
    assert (await bystander.request({"type": "ping"}))["type"] == "pong"
    await bystander.close()


async def _still_open(client: Client) -> None:
    assert (await client.request({"type": "ping"}))["type"] == "pong"


def _error(answer: dict[str, Any], code: str) -> str:
    assert answer["type"] == "error", answer
    assert answer["code"] == code, answer
    assert answer["message"], "an error says why"
    message: str = answer["message"]
    return message


def test_malformed_json_gets_bad_json_and_the_connection_stays_open(
    server: ServerProcess,
) -> None:
    async def abuse(seat0: Client, _seat1: Client, _room: str) -> None:
        await seat0.ws.send('{"type": "move", "seat": 0,')
        _error(await seat0.until(lambda m: m["type"] == "error"), "bad_json")
        await seat0.ws.send(b"\x00\x01binary")
        _error(await seat0.until(lambda m: m["type"] == "error"), "bad_json")
        await _still_open(seat0)

    run(_with_bystander(server, abuse))


def test_unknown_type_and_schema_violations(server: ServerProcess) -> None:
    async def abuse(seat0: Client, _seat1: Client, _room: str) -> None:
        message = _error(await seat0.request({"type": "teleport", "seat": 0}), "unknown_type")
        assert "teleport" in message and "move" in message
        message = _error(await seat0.request({"type": "move", "move": "a1h"}), "bad_message")
        assert "seat" in message
        _error(await seat0.request({"type": "move", "seat": 0, "move": 5}), "bad_message")
        _error(
            await seat0.request({"type": "move", "seat": 0, "move": "a1h", "x": 1}), "bad_message"
        )
        await seat0.send({"type": "move", "seat": 0, "move": "a1h", "ref": {"no": 1}})
        _error(await seat0.until(lambda m: m["type"] == "error"), "bad_message")
        await seat0.ws.send("[1, 2, 3]")
        _error(await seat0.until(lambda m: m["type"] == "error"), "bad_message")
        _error(await seat0.request({"type": "hello", "tokens": []}), "already_hello")
        await _still_open(seat0)

    run(_with_bystander(server, abuse))


def test_moves_for_the_wrong_seat_or_out_of_turn(server: ServerProcess) -> None:
    async def abuse(seat0: Client, seat1: Client, _room: str) -> None:
        state = await seat0.request({"type": "ping"})
        assert state["type"] == "pong"
        # seat 1's connection tries to play seat 0's move
        message = _error(
            await seat1.request({"type": "move", "seat": 0, "move": "a1h"}), "not_your_seat"
        )
        assert "seat 1" in message and "seat 0" in message
        # seat 1 plays its own seat, but seat 0 is to move
        _error(await seat1.request({"type": "move", "seat": 1, "move": "a1h"}), "not_awaited")
        await _still_open(seat1)

    run(_with_bystander(server, abuse))


def test_illegal_move_is_refused_with_the_engines_reason_and_changes_nothing(
    server: ServerProcess,
) -> None:
    async def abuse(seat0: Client, _seat1: Client, room: str) -> None:
        before = server.get(f"/api/rooms/{room}").json()
        answer = await seat0.request({"type": "move", "seat": 0, "move": "z99q"})
        message = _error(answer, "illegal_move")
        assert len(message) > 10
        # the engine's reason travels as a code with both texts, for the client's language
        reason = answer["reason"]
        assert reason["code"] == "kwinty:refusal.not_notation"
        assert "n'est pas un coup de Kwinty" in reason["text"]["fr"]
        assert reason["text"]["en"] == message
        after = server.get(f"/api/rooms/{room}").json()
        assert after["move_count"] == before["move_count"] == 0
        # a legal move is still accepted afterwards
        moved = await play_seat(seat0, 0, random.Random(2), max_moves=1)
        assert moved["seat"] == 0

    run(_with_bystander(server, abuse))


def test_spectators_cannot_act(server: ServerProcess) -> None:
    async def abuse(_seat0: Client, _seat1: Client, room: str) -> None:
        watcher = await Client.open(server, room, watch=True)
        welcome = await watcher.until(lambda m: m["type"] == "welcome")
        assert welcome["spectator"] and welcome["seats"] == []
        _error(await watcher.request({"type": "move", "seat": 0, "move": "a1h"}), "spectator")
        _error(await watcher.request({"type": "resign", "seat": 0}), "spectator")
        await watcher.close()

    run(_with_bystander(server, abuse))


def test_oversized_frame_closes_with_1009(server: ServerProcess) -> None:
    async def abuse(seat0: Client, _seat1: Client, _room: str) -> None:
        huge = json.dumps({"type": "move", "seat": 0, "move": "x" * (MAX_FRAME_BYTES + 10)})
        await seat0.ws.send(huge)
        code, reason = await seat0.closed_with()
        assert code == 1009 and "too big" in reason

    run(_with_bystander(server, abuse))


def test_first_message_must_be_hello(server: ServerProcess) -> None:
    room, _ = _two_seat_room(server)

    async def attempt() -> tuple[list[dict[str, Any]], int | None, str]:
        ws = await websockets.connect(f"{server.ws}/ws/rooms/{room}")
        client = Client(ws)
        await client.send({"type": "ping"})
        code, reason = await client.closed_with()
        return [json.loads(f) for f in client.frames], code, reason

    frames, code, reason = run(attempt())
    assert [f["code"] for f in frames] == ["hello_first"]
    assert code == 1008 and "hello" in reason


def test_unknown_room_and_wrong_version_are_closed_with_their_codes(
    server: ServerProcess,
) -> None:
    room, tokens = _two_seat_room(server)

    async def attempt(room_id: str, hello: dict[str, Any]) -> tuple[int | None, str]:
        ws = await websockets.connect(f"{server.ws}/ws/rooms/{room_id}")
        client = Client(ws)
        await client.send(hello)
        return await client.closed_with()

    code, _ = run(attempt("no-such-room", {"type": "hello", "tokens": tokens[:1]}))
    assert code == 4404
    code, reason = run(attempt(room, {"type": "hello", "v": 99, "tokens": tokens[:1]}))
    assert code == 4400 and "version" in reason


def test_bad_input_does_not_disturb_a_game_in_progress(server: ServerProcess) -> None:
    """A full game completes while another connection misbehaves in parallel."""
    room, tokens = _two_seat_room(server, "turris")
    noisy_room, noisy_tokens = _two_seat_room(server)

    async def noise() -> None:
        client = await Client.open(server, noisy_room, noisy_tokens[:1])
        for text in ("{", '{"type": "nope"}', '{"type": "move", "seat": 5, "move": "a"}'):
            await client.ws.send(text)
            await client.until(lambda m: m["type"] == "error")
            await asyncio.sleep(0)
        await client.ws.send("x" * (MAX_FRAME_BYTES + 1))
        code, _ = await client.closed_with()
        assert code == 1009

    async def game() -> dict[str, Any]:
        first = await Client.open(server, room, tokens[:1])
        second = await Client.open(server, room, tokens[1:])
        results = await asyncio.gather(
            play_seat(first, 0, random.Random(8)),
            play_seat(second, 1, random.Random(9)),
            noise(),
        )
        end: dict[str, Any] = results[0]
        return end

    assert run(game())["terminal"]


def test_a_silent_connection_is_closed_when_no_hello_comes(tmp_path: Path) -> None:
    quick = ServerProcess(
        tmp_path / "t.db", tmp_path / "server.log", env={"TABLIER_HELLO_TIMEOUT": "1"}
    ).start()
    try:
        room, _ = _two_seat_room(quick)

        async def silent() -> tuple[int | None, str]:
            client = Client(await websockets.connect(f"{quick.ws}/ws/rooms/{room}"))
            return await client.closed_with()

        code, reason = run(silent())
        assert code == 1008 and "hello" in reason
    finally:
        quick.stop()
