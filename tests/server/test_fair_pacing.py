"""WebSocket messages are paced per requester: a burst is answered in full and in order,
later rather than refused; every socket of one address shares the pace; another address
is served meanwhile."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
import websockets
from server_helpers import WAIT, ServerProcess, run

from tablier.server.pacing import MessagePacer

PER_SECOND = 40
BURST = 10


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("pacing")
    process = ServerProcess(
        tmp / "t.db",
        tmp / "t.log",
        env={
            "TABLIER_WS_MESSAGES_PER_SECOND": str(PER_SECOND),
            "TABLIER_WS_MESSAGES_BURST": str(BURST),
        },
    ).start()
    yield process
    process.stop()


def _room(server: ServerProcess) -> tuple[str, str]:
    created = server.create_room(game="kwinty", seats=[{"mine": True}, {"mine": True}])
    return created["room"], created["my_seats"][0]["token"]


async def _socket(server: ServerProcess, room: str, token: str, address: str) -> Any:
    ws = await websockets.connect(
        f"{server.ws}/ws/rooms/{room}", local_addr=(address, 0), max_size=None
    )
    await ws.send(json.dumps({"type": "hello", "v": 1, "tokens": [token] if token else []}))
    return ws


async def _pongs(ws: Any, count: int, seen: list[int]) -> None:
    """Read until `count` pongs came, keeping their refs in `seen` as they come."""
    while len(seen) < count:
        message = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
        if message["type"] == "pong":
            seen.append(message["ref"])
        assert message["type"] != "error", message


async def _flood(ws: Any, first: int, count: int) -> None:
    for ref in range(first, first + count):
        await ws.send(json.dumps({"type": "ping", "ref": ref}))


def test_a_burst_is_answered_in_full_and_in_order_while_another_address_is_served(
    server: ServerProcess,
) -> None:
    room, token = _room(server)

    async def go() -> tuple[list[int], int, bool]:
        flooder = await _socket(server, room, token, "127.0.0.1")
        other = await _socket(server, room, "", "127.0.0.2")
        seen: list[int] = []
        reading = asyncio.create_task(_pongs(flooder, 200, seen))
        await _flood(flooder, 0, 200)
        while len(seen) < 2 * BURST:  # the burst is through: the rest now waits its turn
            await asyncio.sleep(0.01)
        # another address, meanwhile: its ping is answered before the flood's last pong
        await other.send(json.dumps({"type": "ping", "ref": "other"}))
        answered: list[Any] = []
        await _pongs(other, 1, answered)
        flood_done_when_other_answered = len(seen)
        await reading
        # the flooder's socket is still open and still answers
        await flooder.send(json.dumps({"type": "ping", "ref": "after"}))
        after: list[Any] = []
        await _pongs(flooder, 1, after)
        for ws in (flooder, other):
            await ws.close()
        return seen, flood_done_when_other_answered, after == ["after"]

    seen, flood_done, still_open = run(go())
    assert seen == list(range(200))
    assert flood_done < 200
    assert still_open


def test_every_socket_of_one_address_shares_its_pace(server: ServerProcess) -> None:
    room, token = _room(server)

    async def go() -> tuple[list[int], list[int], float]:
        first = await _socket(server, room, token, "127.0.0.3")
        second = await _socket(server, room, "", "127.0.0.3")
        await asyncio.sleep(BURST / PER_SECOND)  # what the test before left has leaked out
        seen_first: list[int] = []
        seen_second: list[int] = []
        started = time.monotonic()
        await asyncio.gather(
            _flood(first, 0, 100),
            _flood(second, 100, 100),
            _pongs(first, 100, seen_first),
            _pongs(second, 100, seen_second),
        )
        elapsed = time.monotonic() - started
        for ws in (first, second):
            await ws.close()
        return seen_first, seen_second, elapsed

    seen_first, seen_second, elapsed = run(go())
    assert seen_first == list(range(100)) and seen_second == list(range(100, 200))
    # 200 messages from one address go at its pace, whatever the sockets: one bucket
    # per socket would have let them through in half the time (a lower bound: a slow
    # machine only makes it longer)
    assert elapsed >= 0.9 * (200 - BURST) / PER_SECOND


def test_a_requester_waits_only_past_its_burst() -> None:
    async def go() -> tuple[bool, bool, bool]:
        pacer = MessagePacer(burst=3, per_second=0.001)
        for _ in range(3):
            await pacer.take("address:a")
        waits_a = pacer.would_wait("address:a")
        waits_b = pacer.would_wait("address:b")
        waiting = asyncio.create_task(pacer.take("address:a"))
        await asyncio.sleep(0.05)
        blocked = not waiting.done()
        waiting.cancel()
        return waits_a, waits_b, blocked

    waits_a, waits_b, blocked = asyncio.run(go())
    assert waits_a and not waits_b and blocked


def test_old_names_of_the_pace_are_still_read(monkeypatch: pytest.MonkeyPatch) -> None:
    from tablier.server.settings import Settings

    monkeypatch.setenv("TABLIER_RATE_PER_SECOND", "7")
    monkeypatch.setenv("TABLIER_RATE_BURST", "9")
    assert (Settings.from_env().rate_per_second, Settings.from_env().rate_burst) == (7, 9)
    monkeypatch.setenv("TABLIER_WS_MESSAGES_PER_SECOND", "11")
    assert Settings.from_env().rate_per_second == 11
