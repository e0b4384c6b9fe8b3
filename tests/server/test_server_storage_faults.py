"""A database that vanishes or is replaced under a running server: every action that
must be stored is refused cleanly (503 JSON, a WebSocket error on an open socket),
nothing is acknowledged that was not saved, and what is in memory is still served."""

from __future__ import annotations

from pathlib import Path

import httpx
from server_helpers import Client, ServerProcess, is_state, run

TWO = [{"mine": True}, {"mine": True}]


def _scenario(tmp_path: Path, spoil: str) -> None:
    server = ServerProcess(tmp_path / "t.db", tmp_path / "server.log").start()
    try:
        created = server.create_room(game="kwinty", seats=TWO)
        room, tokens = created["room"], [s["token"] for s in created["my_seats"]]

        async def play() -> None:
            client = await Client.open(server, room, tokens)
            state = await client.until(is_state(0))
            first = state["legal_moves"][0]
            assert (await client.request({"type": "move", "seat": 0, "move": first}))[
                "type"
            ] == "accepted"
            for f in tmp_path.glob("t.db*"):
                f.unlink()
            if spoil == "replaced":
                (tmp_path / "t.db").write_bytes(b"")
            state = await client.until(is_state(1))
            move = state["legal_moves"][0]
            refused = await client.request({"type": "move", "seat": 1, "move": move})
            assert refused["type"] == "error" and refused["code"] == "storage_unavailable"
            # the socket stays open and the refused move was not played
            assert (await client.request({"type": "ping"}))["type"] == "pong"
            refused = await client.request({"type": "resign", "seat": 1})
            assert refused["code"] == "storage_unavailable"
            await client.close()

        run(play())
        # reads go on from memory; the room still has the one saved move
        status = server.get(f"/api/rooms/{room}")
        assert status.status_code == 200 and status.json()["move_count"] == 1
        health = server.get("/api/health").json()
        assert health["ok"] is False and spoil in health["storage"]
        # writes over HTTP answer 503 with a JSON reason
        response = httpx.post(server.http + "/api/rooms", json={"game": "kwinty", "seats": TWO})
        assert response.status_code == 503
        assert response.headers["content-type"].startswith("application/json")
        assert "cannot save" in response.json()["error"]
        # a vanished database is not silently recreated empty by a new connection
        if spoil == "vanished":
            assert not (tmp_path / "t.db").exists()
        assert server.proc is not None and server.proc.poll() is None
    finally:
        server.stop()


def test_a_vanished_database_refuses_writes_and_keeps_serving(tmp_path: Path) -> None:
    _scenario(tmp_path, "vanished")


def test_a_replaced_database_refuses_writes_and_keeps_serving(tmp_path: Path) -> None:
    _scenario(tmp_path, "replaced")
