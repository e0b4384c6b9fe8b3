"""Bytes of moves per requester and hour on a real server: past the share a move is
refused with the WebSocket error `storage_quota`, nothing is stored, the socket stays
open, and another address plays on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server_helpers import ServerProcess, run
from test_games_quota import _open, _room

import tablier
from tablier.server.bytes_quota import ROW_BYTES


def _first_moves(count: int) -> list[tuple[int, str]]:
    """Kwinty has no chance: the same moves are legal in every room."""
    state = tablier.load("kwinty").new_state(seed=0)
    moves = []
    for _ in range(count):
        seat = state.current_players()[0]
        move = str(state.legal_moves(seat)[0])
        state.apply(seat, move)
        moves.append((seat, move))
    return moves


def test_moves_past_the_hourly_bytes_are_refused_and_the_socket_stays_open(
    tmp_path: Path,
) -> None:
    moves = _first_moves(4)
    share = sum(len(m.encode()) + ROW_BYTES for _, m in moves[:3])
    server = ServerProcess(
        tmp_path / "t.db", tmp_path / "t.log", env={"TABLIER_MOVE_BYTES_PER_HOUR": str(share)}
    ).start()
    try:
        mine = _room(server, "127.0.0.1")
        other = _room(server, "127.0.0.2")

        async def go() -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any]]:
            client = await _open(server, mine, "127.0.0.1")
            answers = [
                await client.request({"type": "move", "seat": seat, "move": move})
                for seat, move in moves
            ]
            pong = await client.request({"type": "ping"})
            elsewhere = await _open(server, other, "127.0.0.2")
            seat, move = moves[0]
            theirs = await elsewhere.request({"type": "move", "seat": seat, "move": move})
            await client.close()
            await elsewhere.close()
            return answers, pong, theirs

        answers, pong, theirs = run(go())
        status = server.get(f"/api/rooms/{mine['room']}").json()
    finally:
        server.stop()
    assert [a["type"] for a in answers] == ["accepted"] * 3 + ["error"]
    assert answers[-1]["code"] == "storage_quota"
    assert pong["type"] == "pong"
    # the refused move changed nothing
    assert status["move_count"] == 3
    assert theirs["type"] == "accepted"


def test_the_refusal_has_words_in_french_and_english() -> None:
    import json

    from tablier.server.protocol import ERROR_CODES

    web = Path(__file__).parents[2] / "src" / "tablier" / "web" / "i18n"
    said = {
        lang: json.loads((web / f"{lang}.json").read_text("utf-8"))["play"]["refused_code"]
        for lang in ("fr", "en")
    }
    assert "storage_quota" in ERROR_CODES
    assert "coups" in said["fr"]["storage_quota"]
    assert "moves" in said["en"]["storage_quota"]
