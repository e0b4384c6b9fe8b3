"""The guided lessons over HTTP: a step's position as the learner sees it (the moves to
try offered, the expected one never told), and the server's verdict on a move."""

from __future__ import annotations

import httpx
from server_helpers import ServerProcess


def _post(server: ServerProcess, path: str, body: object) -> httpx.Response:
    return httpx.post(server.http + path, json=body, timeout=30)


def test_a_step_is_served_and_moves_are_judged_by_the_engine(server: ServerProcess) -> None:
    listed = server.get("/api/tutorials/kwinty").json()
    assert [lesson["key"] for lesson in listed["lessons"]] == ["kwinty-wall", "kwintie-board"]
    assert server.get("/api/games").json()  # the lobby's list still answers
    step = server.get("/api/tutorials/kwinty/kwinty-wall/1").json()
    assert step["asks_move"] is True and step["explain"] is None
    state = step["state"]
    # the position after the first step's move and the computer's reply
    assert [m for _, m in state["moves"]] == ["i1h", "k1h"]
    # the rule's examples can be tried on the board, beside the legal moves
    assert {"n1h", "h2h", "i2h"} <= set(state["legal_moves"])
    assert "i2h" not in str({k: v for k, v in step.items() if k != "state"})
    # the computer's scripted reply, in words (the move list's own)
    assert step["before"] == [
        {
            "seat": 1,
            "words": {"fr": "pose une pièce couchée en k1–l1", "en": "lays a piece flat on k1–l1"},
        }
    ]
    refused = _post(server, "/api/tutorials/kwinty/kwinty-wall/1", {"move": "n1h"}).json()
    assert refused["verdict"] == "refused" and refused["code"] == "kwinty:refusal.no_touch"
    assert "toucher" in refused["said"]["fr"] and "touch" in refused["said"]["en"]
    assert refused["state"] is None
    other = _post(server, "/api/tutorials/kwinty/kwinty-wall/1", {"move": "k2h"}).json()
    assert other["verdict"] == "legal" and other["state"] is None
    right = _post(server, "/api/tutorials/kwinty/kwinty-wall/1", {"move": "i2h"}).json()
    assert right["verdict"] == "expected"
    assert right["state"]["moves"][-1] == [0, "i2h"] and right["state"]["legal_moves"] == []


def test_bad_requests_get_clear_answers(server: ServerProcess) -> None:
    assert server.get("/api/tutorials/nope").status_code == 404
    assert server.get("/api/tutorials/kwinty/turris-tower/0").status_code == 404
    assert server.get("/api/tutorials/kwinty/kwinty-wall/99").status_code == 404
    # a step to read asks for no move
    read = server.get("/api/tutorials/turris/turris-tower/5").json()
    assert read["asks_move"] is False and read["explain"]["fr"]
    assert _post(server, "/api/tutorials/turris/turris-tower/5", {"move": "Vc1"}).status_code == 400
    bad = _post(server, "/api/tutorials/kwinty/kwinty-wall/0", {"move": "", "x": 1})
    assert bad.status_code in (400, 422)
    nonsense = _post(server, "/api/tutorials/kwinty/kwinty-wall/0", {"move": "zz"}).json()
    assert nonsense["verdict"] == "refused" and nonsense["said"]["fr"]
