"""Computer work shared fairly: priorities, turns, shares, cancellation, caches.

Counts and outcomes only, never timings: the queue is driven step by step, the pool
with real worker processes, the server in this process (its state can be looked at).
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import slow_think

from tablier.server.app import create_app
from tablier.server.computer import WORKER_NICENESS, ComputerPool
from tablier.server.fair_compute import ClientGone, while_connected
from tablier.server.fair_queue import Busy, Charge, FairLimits, FairQueue, Priority, charge, charged

# ------------------------------------------------------------------ the queue alone


async def _grants(queue: FairQueue, asks: list[tuple[str, Priority]]) -> list[str]:
    """Hold the only worker, queue `asks` in order, let go: who got the worker, in order."""
    order: list[str] = []
    held = await queue.acquire("holder", Priority.MOVE)

    async def one(requester: str, priority: Priority, label: str) -> None:
        worker = await queue.acquire(requester, priority)
        order.append(label)
        await asyncio.sleep(0)  # let every other ticket wait meanwhile
        queue.release(requester, worker)

    tasks = []
    for i, (requester, priority) in enumerate(asks):
        tasks.append(asyncio.create_task(one(requester, priority, f"{requester}:{i}")))
        await asyncio.sleep(0)  # queued in this order
    assert queue.waiting_count() == len(asks)
    queue.release("holder", held)
    await asyncio.gather(*tasks)
    return order


def test_a_live_move_queued_after_ten_analyses_runs_first() -> None:
    async def scenario() -> list[str]:
        queue = FairQueue(1, FairLimits(queued_background=10))
        asks = [("attacker", Priority.BACKGROUND)] * 10 + [("player", Priority.MOVE)]
        return await _grants(queue, asks)

    order = asyncio.run(scenario())
    assert order[0] == "player:10"
    assert len(order) == 11


def test_hints_go_before_analyses_and_after_moves() -> None:
    async def scenario() -> list[str]:
        queue = FairQueue(1)
        asks = [("a", Priority.BACKGROUND), ("b", Priority.HINT), ("c", Priority.MOVE)]
        return await _grants(queue, asks)

    assert asyncio.run(scenario()) == ["c:2", "b:1", "a:0"]


def test_requesters_take_turns_at_the_same_priority() -> None:
    async def scenario() -> list[str]:
        queue = FairQueue(1, FairLimits(queued_hints=10))
        # one requester's pile first, then two others ask once each
        asks = [("pile", Priority.HINT)] * 6 + [("one", Priority.HINT), ("two", Priority.HINT)]
        return await _grants(queue, asks)

    order = asyncio.run(scenario())
    who = [label.split(":")[0] for label in order]
    assert who == ["pile", "one", "two", "pile", "pile", "pile", "pile", "pile"]


def test_a_requester_holds_only_its_share_of_the_workers() -> None:
    async def scenario() -> None:
        queue = FairQueue(4, FairLimits(queued_moves=10))  # a share: half of 4
        first = [asyncio.create_task(queue.acquire("many", Priority.MOVE)) for _ in range(5)]
        await asyncio.sleep(0)
        assert queue.running == {"many": 2} and len(queue.free) == 2
        # another requester gets a worker at once, though `many` has three waiting
        other = await asyncio.wait_for(queue.acquire("other", Priority.MOVE), 5)
        assert queue.running == {"many": 2, "other": 1}
        queue.release("other", other)
        for task in first:
            task.cancel()
        await asyncio.gather(*first, return_exceptions=True)

    asyncio.run(scenario())


def test_work_nobody_waits_for_never_holds_every_worker() -> None:
    async def scenario() -> None:
        queue = FairQueue(2)
        shows = [asyncio.create_task(queue.acquire(f"a{i}", Priority.SHOW)) for i in range(2)]
        searches = [
            asyncio.create_task(queue.acquire(f"b{i}", Priority.BACKGROUND)) for i in range(2)
        ]
        await asyncio.sleep(0)
        # four requesters, two workers: only one of them works, the other is kept
        assert list(queue.busy.values()) == [Priority.SHOW] and len(queue.free) == 1
        move = await asyncio.wait_for(queue.acquire("player", Priority.MOVE), 5)
        hint_waits = asyncio.create_task(queue.acquire("learner", Priority.HINT))
        await asyncio.sleep(0)
        queue.release("player", move)
        # the freed worker goes to the hint, not to the computers' game waiting longer
        assert await asyncio.wait_for(hint_waits, 5) == move
        for task in shows + searches:
            task.cancel()
        await asyncio.gather(*shows, *searches, return_exceptions=True)

    asyncio.run(scenario())


def test_past_its_share_of_waiting_work_a_requester_is_refused() -> None:
    async def scenario() -> None:
        queue = FairQueue(1, FairLimits(queued_hints=4))
        held = await queue.acquire("holder", Priority.MOVE)
        for _ in range(4):
            queue.submit("flood", Priority.HINT)
        with pytest.raises(Busy) as refused:
            queue.submit("flood", Priority.HINT)
        assert refused.value.priority is Priority.HINT
        # the others are not refused for it
        queue.submit("honest", Priority.HINT)
        assert queue.refused == 1 and queue.waiting_count("flood") == 4
        queue.release("holder", held)

    asyncio.run(scenario())


def test_work_that_waited_past_its_deadline_is_dropped_unstarted() -> None:
    async def scenario() -> None:
        queue = FairQueue(1, FairLimits(wait_hints=0.05))
        held = await queue.acquire("holder", Priority.MOVE)
        with pytest.raises(TimeoutError):
            await queue.acquire("late", Priority.HINT)
        assert queue.waiting_count() == 0 and queue.dropped == 1
        queue.release("holder", held)
        assert queue.started == 1

    asyncio.run(scenario())


# ------------------------------------------------------------------ the pool's workers


def test_work_nobody_waits_for_is_dropped_and_its_worker_freed() -> None:
    async def scenario() -> None:
        pool = ComputerPool(1, think_fn=slow_think)
        try:
            # the worker thinks (3 s); a second request waits behind it
            with charge("gone", Priority.HINT):
                running = asyncio.create_task(
                    pool.choose(
                        game_id="count",
                        options={},
                        level="random",
                        seed=0,
                        observation={},
                        seat=0,
                        limit=60,
                    )
                )
                waiting = asyncio.create_task(pool.run(time.sleep, 0, limit=60))
            await _until(lambda: pool.queue.running.get("gone") == 1)
            assert pool.queue.waiting_count("gone") == 1
            waiting.cancel()
            await asyncio.gather(waiting, return_exceptions=True)
            running.cancel()
            await asyncio.gather(running, return_exceptions=True)
            # the waiting one never started; the running one's worker was stopped
            assert pool.queue.started == 1 and pool.queue.dropped == 1
            assert pool.stopped == 1 and pool.queue.free == [0] and not pool.queue.running
            # and the worker is there again for the next request
            assert await pool.run(sum, [1, 2], limit=60) == 3
        finally:
            pool.shutdown()

    asyncio.run(scenario())


def test_work_over_its_time_has_its_worker_stopped() -> None:
    async def scenario() -> None:
        pool = ComputerPool(1)
        try:
            with pytest.raises(TimeoutError):
                await pool.run(time.sleep, 30, limit=0.5)
            assert pool.stopped == 1 and pool.queue.free == [0]
            assert await pool.run(sum, [2, 2], limit=60) == 4
        finally:
            pool.shutdown()

    asyncio.run(scenario())


class LeavingRequest:
    """Stands for an HTTP request whose client goes away after a few checks."""

    def __init__(self, stays: int) -> None:
        self.stays = stays

    async def is_disconnected(self) -> bool:
        self.stays -= 1
        return self.stays < 0


def test_a_search_whose_http_client_went_away_is_stopped() -> None:
    async def scenario() -> None:
        pool = ComputerPool(1)
        try:
            with charge("leaving", Priority.BACKGROUND):
                work = pool.run(time.sleep, 30, limit=60)
                with pytest.raises(ClientGone):
                    await while_connected(LeavingRequest(stays=8), work)  # type: ignore[arg-type]
            # its worker was stopped, not left searching for nobody
            assert pool.stopped == 1 and pool.queue.free == [0] and not pool.queue.running
        finally:
            pool.shutdown()

    asyncio.run(scenario())


def test_workers_think_at_a_lower_priority_than_the_server() -> None:
    async def scenario() -> int:
        pool = ComputerPool(1)
        try:
            niceness: int = await pool.run(os.nice, 0, limit=60)
            return niceness
        finally:
            pool.shutdown()

    assert asyncio.run(scenario()) == min(19, os.nice(0) + WORKER_NICENESS)


async def _until(condition: Any, timeout: float = 60.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "the condition never came true"
        await asyncio.sleep(0.02)


# ------------------------------------------------------------------ the server


class RecordingPool(ComputerPool):
    """Records who each computer decision is charged to, and answers at once."""

    def __init__(self) -> None:
        super().__init__(1)
        self.charges: list[Charge | None] = []

    async def choose(
        self,
        *,
        game_id: str,
        options: dict[str, Any],
        level: str,
        seed: int,
        observation: dict[str, Any],
        seat: int,
        limit: float,
    ) -> str:
        self.charges.append(charged.get())
        return "no such move"  # the room plays a legal fallback

    def shutdown(self) -> None:
        pass


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("TABLIER_AI_DELAY", "0")
    monkeypatch.setenv("TABLIER_AI_WORKERS", "1")
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}")) as c:
        yield c


def _manager(client: TestClient) -> Any:
    return client.app.state.manager  # type: ignore[attr-defined]


def _receive_until(ws: Any, kind: str, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def test_a_computers_only_room_is_charged_to_its_creator_even_when_watched(
    client: TestClient,
) -> None:
    pool = RecordingPool()
    _manager(client).pool = pool
    computers = [{"kind": "computer", "level": "random"}] * 2
    created = client.post("/api/rooms", json={"game": "kwinty", "seats": computers})
    assert created.status_code == 201, created.text
    room_id = created.json()["room"]
    assert pool.charges == []  # nobody watches: it waits
    with client.websocket_connect(f"/ws/rooms/{room_id}") as ws:
        ws.send_text(json.dumps({"type": "hello", "v": 1, "tokens": []}))
        for _ in range(3):
            _receive_until(ws, "state")
    assert len(pool.charges) >= 2
    # the spectator pays nothing: every decision counts against the creator
    assert {c.requester if c else None for c in pool.charges} == {"address:testclient"}
    # nobody waits for a game of computers: it goes after people's moves and hints
    assert {c.priority if c else None for c in pool.charges} == {Priority.SHOW}
    room = _manager(client).rooms[room_id]
    # a room reloaded after a restart has no known creator: it is its own requester
    room.requester = None
    assert room.charged_to() == f"room:{room_id}"


def _against_computer(client: TestClient) -> tuple[str, str]:
    seats = [{"mine": True}, {"kind": "computer", "level": "random"}]
    created = client.post(
        "/api/rooms", json={"game": "kwinty", "seats": seats, "seating": "as_listed"}
    )
    assert created.status_code == 201, created.text
    body = created.json()
    return body["room"], body["my_seats"][0]["token"]


def test_hints_past_the_share_are_refused_and_a_closed_socket_drops_its_hints(
    client: TestClient,
) -> None:
    manager = _manager(client)
    # a real worker whose every answer takes 3 s; two hints may wait per requester
    manager.pool = ComputerPool(1, think_fn=slow_think, limits=FairLimits(queued_hints=2))
    room_id, token = _against_computer(client)
    queue = manager.pool.queue
    try:
        with client.websocket_connect(f"/ws/rooms/{room_id}") as ws:
            ws.send_text(json.dumps({"type": "hello", "v": 1, "tokens": [token]}))
            _receive_until(ws, "state")
            for ref in range(5):
                ws.send_text(json.dumps({"type": "hint", "seat": 0, "ref": ref}))
            refused = [_receive_until(ws, "error") for _ in range(2)]
            assert [e["code"] for e in refused] == ["busy", "busy"]
            assert sorted(e["ref"] for e in refused) == [3, 4]
            # the socket stays open and answers
            ws.send_text(json.dumps({"type": "ping", "ref": "p"}))
            assert _receive_until(ws, "pong")["ref"] == "p"
            assert queue.running == {"address:testclient": 1}
            assert queue.waiting_count("address:testclient") == 2
        # the socket is gone: its waiting hints dropped, its running one's worker freed
        deadline = time.monotonic() + 30
        while (queue.running or queue.waiting_count()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not queue.running and queue.waiting_count() == 0
        assert queue.started == 1 and queue.dropped == 2 and manager.pool.stopped == 1
        assert queue.free == [0]
    finally:
        manager.pool.shutdown()


def test_analyses_past_the_share_answer_429_json(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    analyses = client.app.state.analyses  # type: ignore[attr-defined]
    analyses.pool.queue.limits.analyses = 1
    finished = []
    for _ in range(2):
        room_id, token = _against_computer(client)
        _resign(client, room_id, token)
        finished.append(room_id)
    # every position waits: the one worker is held meanwhile by someone else
    blocker: asyncio.Future[int] | None = None

    async def hold() -> None:
        nonlocal blocker
        blocker = asyncio.ensure_future(analyses.pool.queue.acquire("someone", Priority.MOVE))
        await blocker

    client.portal.call(hold)  # type: ignore[union-attr]
    first = client.post(f"/api/rooms/{finished[0]}/games/1/analysis")
    assert first.status_code == 202, first.text
    second = client.post(f"/api/rooms/{finished[1]}/games/1/analysis")
    assert second.status_code == 429
    assert second.json()["code"] == "busy" and second.json()["error"]
    # asking again for the one in progress is no new work
    assert client.post(f"/api/rooms/{finished[0]}/games/1/analysis").status_code == 202

    async def let_go() -> None:
        assert blocker is not None
        analyses.pool.queue.release("someone", blocker.result())

    client.portal.call(let_go)  # type: ignore[union-attr]


def _resign(client: TestClient, room_id: str, token: str) -> None:
    with client.websocket_connect(f"/ws/rooms/{room_id}") as ws:
        ws.send_text(json.dumps({"type": "hello", "v": 1, "tokens": [token]}))
        _receive_until(ws, "state")
        ws.send_text(json.dumps({"type": "resign", "seat": 0, "ref": 1}))
        _receive_until(ws, "ack")


def test_a_finished_games_views_and_analysis_are_computed_once(client: TestClient) -> None:
    room_id, token = _against_computer(client)
    url = f"/api/rooms/{room_id}/games/1/views"
    assert client.get(url).status_code == 409  # not over: nothing kept
    _resign(client, room_id, token)
    cache = client.app.state.finished_views  # type: ignore[attr-defined]
    before = cache.computed
    answers = [client.get(url, params={"seat": 0}) for _ in range(3)]
    assert all(a.status_code == 200 for a in answers)
    assert answers[0].json() == answers[2].json()
    assert cache.computed == before + 1
    # each seat's view is its own entry
    assert client.get(url).status_code == 200 and cache.computed == before + 2
    analyses = client.app.state.analyses  # type: ignore[attr-defined]
    started = analyses.pool.queue.started
    first = client.post(f"/api/rooms/{room_id}/games/1/analysis").json()
    deadline = time.monotonic() + 60
    while first["state"] == "running" and time.monotonic() < deadline:
        time.sleep(0.1)
        first = client.get(f"/api/rooms/{room_id}/games/1/analysis").json()
    assert first["state"] == "done"
    positions = analyses.pool.queue.started - started
    assert positions == first["total"]
    again = client.post(f"/api/rooms/{room_id}/games/1/analysis").json()
    assert again == first and analyses.pool.queue.started - started == positions


def test_a_puzzle_search_past_the_share_answers_429(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLIER_FAIR_QUEUED_BACKGROUND", "0")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'p.db'}")) as c:
        answer = c.post("/api/puzzles/level6/hint", json={"moves": []})
    assert answer.status_code == 429
    assert answer.json()["code"] == "busy" and answer.json()["kind"] == "background"


def test_a_flood_of_hints_never_holds_every_worker() -> None:
    async def scenario() -> None:
        queue = FairQueue(2, FairLimits(queued_hints=10))
        hints = [asyncio.create_task(queue.acquire(f"h{i}", Priority.HINT)) for i in range(6)]
        await asyncio.sleep(0)
        # six requesters asking hints, two workers: one works on a hint, one is kept
        assert list(queue.busy.values()) == [Priority.HINT] and len(queue.free) == 1
        # so a live game's computer move has a worker at once
        move = await asyncio.wait_for(queue.acquire("player", Priority.MOVE), 5)
        assert sorted(queue.busy.values()) == [Priority.MOVE, Priority.HINT]
        queue.release("player", move)
        for task in hints:
            task.cancel()
        await asyncio.gather(*hints, return_exceptions=True)

    asyncio.run(scenario())
