"""`POST /api/preview`: the rules pages' example positions, replayed by the engine and
shown as a spectator sees them."""

from __future__ import annotations

from typing import Any

import httpx
from server_helpers import WAIT, ServerProcess

from tablier.core.registry import load


def preview(server: ServerProcess, **body: Any) -> httpx.Response:
    return httpx.post(f"{server.http}/api/preview", json=body, timeout=WAIT)


def test_a_position_is_the_engine_s_spectator_view(server: ServerProcess) -> None:
    moves = ["i1h", "h1v", "k1v", "g1v", "l1h"]
    answer = preview(server, game="kwinty", moves=moves)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    state = load("kwinty").new_state(seed=1, num_players=None)
    for move in moves:
        state.apply(state.current_players()[0], move)
    assert body["observation"] == state.observation(None)
    assert body["terminal"] is True and body["move_count"] == 5
    assert body["outcome"]["winner"] == 0
    assert body["outcome"]["reason_text"]["fr"] and body["outcome"]["reason_text"]["en"]
    assert body["legal_moves"] == [] and body["seat"] is None


def test_simultaneous_moves_name_their_player_and_hidden_hands_stay_hidden(
    server: ServerProcess,
) -> None:
    moves = [[0, "B24"], [1, "B24"]]
    body = preview(server, game="quiwin", moves=moves).json()
    state = load("quiwin").new_state(seed=1, num_players=None)
    for player, move in moves:
        state.apply(player, move)
    assert body["observation"] == state.observation(None)
    # a spectator never sees a hand
    assert body["observation"] != state.observation(0)
    assert body["awaited"] == [0, 1]


def test_bad_examples_get_clear_answers(server: ServerProcess) -> None:
    refused = preview(server, game="kwinty", moves=["i1h", "a1v"])
    assert refused.status_code == 400
    assert "9" in refused.json()["text"]["fr"] and refused.json()["text"]["en"]
    assert preview(server, game="chess").status_code == 404
    # whose move it is must be said when both players are awaited
    assert preview(server, game="quiwin", moves=["B24"]).status_code == 400
    assert preview(server, game="kwinty", moves=["i1h"] * 200).status_code == 422
    assert preview(server, game="kwinty", options={"variant": "chess"}).status_code == 400


def test_the_server_never_opens_a_file_an_example_names(server: ServerProcess) -> None:
    for deck in ("/etc/passwd", "../docs/decks.md", "nope"):
        refused = preview(server, game="quiadiquoi", players=3, options={"deck": deck})
        assert refused.status_code == 400, deck
    shipped = preview(server, game="quiadiquoi", players=3, options={"deck": "base-fr"})
    assert shipped.status_code == 200
    assert shipped.json()["observation"]["num_players"] == 3
    too_many = {f"o{i}": 1 for i in range(40)}
    assert preview(server, game="kwinty", options=too_many).status_code == 400
