"""Over real WebSockets: Kwinty's loser begins the rematch, seated by the server in seat 0;
and the per-move views of finished games."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from server_helpers import Client, ServerProcess, is_state, run

import tablier


def _white_win() -> list[list[Any]]:
    """The moves of a Kwinty game White wins (random legal moves until one does)."""
    game = tablier.game_class("kwinty")()
    for attempt in range(200):
        rng = random.Random(attempt)
        state = game.new_state(seed=0)
        while not state.is_terminal():
            player = state.current_players()[0]
            state.apply(player, rng.choice(state.legal_moves(player)))
        if state.returns()[0] > state.returns()[1]:
            return [[p, m] for p, m in state.history]
    raise AssertionError("no White win found")


def _state_at(seat: int, count: int) -> Callable[[dict[str, Any]], bool]:
    return lambda m: is_state(seat)(m) and m["move_count"] == count


async def _play_script(client: Client, seat: int, moves: list[list[Any]]) -> dict[str, Any]:
    """Play `seat`'s moves of a scripted game; the final state the seat sees."""
    for index, (player, move) in enumerate(moves):
        if player != seat:
            continue
        await client.until(_state_at(seat, index))
        answer = await client.request({"type": "move", "seat": seat, "move": move})
        assert answer["type"] == "accepted", answer
    return await client.until(lambda m: is_state(seat)(m) and m["terminal"])


def test_the_loser_of_a_kwinty_game_sits_in_seat_0_after_the_rematch(
    server: ServerProcess,
) -> None:
    created = server.create_room(
        game="kwinty",
        seats=[{"mine": True, "name": "Wanda"}],
        seating="as_listed",
        player_id="white-device",
    )
    room = created["room"]
    white_token = created["my_seats"][0]["token"]
    joined = server.join(room, player_id="black-device", name="Boris")
    assert joined["seat"] == 1
    black_token = joined["token"]
    script = _white_win()

    async def scenario() -> None:
        white = await Client.open(server, room, [white_token])
        black = await Client.open(server, room, [black_token])
        ends = await asyncio.gather(_play_script(white, 0, script), _play_script(black, 1, script))
        assert ends[0]["outcome"]["returns"][0] > 0
        answer = await white.request({"type": "rematch", "seat": 0})
        assert answer["type"] == "ack", answer
        await black.send({"type": "rematch", "seat": 1, "ref": "again"})
        # each live connection is told its new seat, then sees the new game from it
        welcome = await black.until(lambda m: m["type"] == "welcome")
        assert welcome["seats"] == [0]
        start = await black.until(lambda m: is_state(0)(m) and m["game_number"] == 2)
        answer = await black.until(lambda m: m.get("ref") == "again")
        assert answer["type"] == "ack", answer
        welcome = await white.until(lambda m: m["type"] == "welcome")
        assert welcome["seats"] == [1]
        assert start["awaited"] == [0] and start["legal_moves"]
        assert start["previous_outcome"]["returns"][0] > 0
        # the loser moves first, as seat 0
        answer = await black.request({"type": "move", "seat": 0, "move": start["legal_moves"][0]})
        assert answer["type"] == "accepted" and answer["game_number"] == 2
        seen = await white.until(lambda m: is_state(1)(m) and m["move_count"] == 1)
        assert seen["moves"] == [[0, start["legal_moves"][0]]]
        refused = await white.request({"type": "move", "seat": 0, "move": "i1h"})
        assert refused["type"] == "error" and refused["code"] == "not_your_seat"
        await white.close()
        await black.close()
        # each token resumes its holder's new seat on a new connection
        for token, seat in ((white_token, 1), (black_token, 0)):
            again = await Client.open(server, room, [token])
            welcome = await again.until(lambda m: m["type"] == "welcome")
            assert welcome["seats"] == [seat]
            resumed = await again.until(is_state(seat))
            assert resumed["game_number"] == 2 and resumed["move_count"] == 1
            await again.close()

    run(scenario())
    status = server.get(f"/api/rooms/{room}").json()
    assert status["game_number"] == 2 and status["move_count"] == 1
    assert [s["name"] for s in status["seats"]] == ["Boris", "Wanda"]
    # the first game's views name its own seating
    first = server.get(f"/api/rooms/{room}/games/1/views").json()
    assert [(s["seat"], s["name"]) for s in first["seats"]] == [(0, "Wanda"), (1, "Boris")]
    assert server.get(f"/api/rooms/{room}/games/2/views").status_code == 409
    # each game is listed with the seat its player had in it
    for player, seats in (("white-device", {1: 0, 2: 1}), ("black-device", {1: 1, 2: 0})):
        games = server.get(f"/api/players/{player}/games").json()
        assert {g["game_number"]: g["seat"] for g in games if g["room"] == room} == seats
    # the first game's record still replays to White's win
    record = server.get(f"/api/rooms/{room}/games/1/record").json()
    assert record["moves"] == script
    assert tablier.replay(record).returns()[0] > 0


def test_views_of_a_finished_game_step_through_every_position(server: ServerProcess) -> None:
    created = server.create_room(
        game="kwinty", seats=[{"mine": True}, {"mine": True}], seating="as_listed"
    )
    room = created["room"]
    tokens = [s["token"] for s in created["my_seats"]]
    script = _white_win()[:6]

    async def play_some() -> None:
        client = await Client.open(server, room, tokens)
        for player, move in script:
            answer = await client.request({"type": "move", "seat": player, "move": move})
            assert answer["type"] == "accepted", answer
        # views are released with the record, once the game is over
        response = server.get(f"/api/rooms/{room}/games/1/views")
        assert response.status_code == 409 and response.json()["error"]
        answer = await client.request({"type": "resign", "seat": 1})
        assert answer["type"] == "ack"
        await client.close()

    run(play_some())
    record = server.get(f"/api/rooms/{room}/games/1/record").json()
    for seat in (None, 0, 1):
        query = "" if seat is None else f"?seat={seat}"
        response = server.get(f"/api/rooms/{room}/games/1/views{query}")
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["seat"] == seat and body["game_number"] == 1
        views = body["views"]
        assert len(views) == len(script) + 1
        for count, view in enumerate(views):
            assert view == tablier.replay(record, upto=count).open_observation(seat)
        assert [v["moves"] for v in views[1:3]] == [script[:1], script[:2]]
    assert server.get(f"/api/rooms/{room}/games/1/views?seat=2").status_code == 400
    assert server.get(f"/api/rooms/{room}/games/9/views").status_code == 404
    assert server.get("/api/rooms/nowhere/games/1/views").status_code == 404


def test_a_finished_quiwin_game_s_views_show_both_hands_and_every_tile(
    server: ServerProcess,
) -> None:
    created = server.create_room(
        game="quiwin", seats=[{"mine": True}, {"mine": True}], seating="as_listed"
    )
    room = created["room"]
    tokens = [s["token"] for s in created["my_seats"]]
    rng = random.Random(5)

    async def play_then_resign() -> None:
        client = await Client.open(server, room, tokens)
        first = await client.until(_state_at(0, 0))
        # while the game goes on, seat 0 sees its own hand and nothing of seat 1's
        assert first["observation"]["hand"] and "hands" not in first["observation"]
        for count in range(6):
            # a seat this position awaits, from the states the server sent each seat
            def ready(m: dict[str, Any], count: int = count) -> bool:
                return m["move_count"] == count and m["seat"] in m["awaited"]

            while not any(ready(m) for m in client.latest.values()):
                await client.recv()
            state = next(m for m in client.latest.values() if ready(m))
            move = rng.choice(state["legal_moves"])
            answer = await client.request({"type": "move", "seat": state["seat"], "move": move})
            assert answer["type"] == "accepted", answer
            # the views stay closed until the end
            assert server.get(f"/api/rooms/{room}/games/1/views").status_code == 409
        answer = await client.request({"type": "resign", "seat": 0})
        assert answer["type"] == "ack"
        await client.close()

    run(play_then_resign())
    record = server.get(f"/api/rooms/{room}/games/1/record").json()
    assert len(record["moves"]) == 6
    for seat in (None, 0, 1):
        query = "" if seat is None else f"?seat={seat}"
        views = server.get(f"/api/rooms/{room}/games/1/views{query}").json()["views"]
        assert len(views) == 7
        for count, view in enumerate(views):
            state = tablier.replay(record, upto=count)
            assert view == state.open_observation(seat)
            # both hands (with any choice not yet revealed) and both rows, whoever asks
            held = zip(view["hands"], view["commitments"], strict=True)
            assert [len(h) + (c is not None) for h, c in held] == view["hand_sizes"]
            assert all("?" not in code for row in view["rows"] for code in row)
        assert view["moves"] == record["moves"]
