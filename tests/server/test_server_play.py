"""Complete games over real WebSockets against a real server process."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import Callable
from typing import Any

from server_helpers import Client, ServerProcess, engine_outcome, is_state, play_seat, run

import tablier


def _record(server: ServerProcess, room: str, number: int = 1) -> dict[str, Any]:
    response = server.get(f"/api/rooms/{room}/games/{number}/record")
    assert response.status_code == 200, response.text
    assert "attachment" in response.headers["content-disposition"]
    assert response.headers["content-disposition"].rstrip('"').endswith(".tablier.json")
    data: dict[str, Any] = response.json()
    return data


def test_kwinty_between_two_online_clients(server: ServerProcess) -> None:
    created = server.create_room(game="kwinty", seats=[{"mine": True}], seating="as_listed")
    room = created["room"]
    assert created["my_seats"][0]["seat"] == 0
    joined = server.join(room, player_id="bob-device")
    assert joined["seat"] == 1

    async def game() -> tuple[dict[str, Any], dict[str, Any]]:
        first = await Client.open(server, room, [created["my_seats"][0]["token"]])
        second = await Client.open(server, room, [joined["token"]])
        welcome = await first.until(lambda m: m["type"] == "welcome")
        assert welcome["seats"] == [0] and not welcome["spectator"]
        assert welcome["game"]["id"] == "kwinty"
        ends = await asyncio.gather(
            play_seat(first, 0, random.Random(1)), play_seat(second, 1, random.Random(2))
        )
        await first.close()
        await second.close()
        return ends[0], ends[1]

    end0, end1 = run(game())
    assert end0["terminal"] and end1["terminal"]
    assert end0["moves"] == end1["moves"]
    assert end0["outcome"] == end1["outcome"]
    record = _record(server, room)
    assert record["moves"] == end0["moves"]
    replayed = tablier.replay(record)
    assert replayed.is_terminal()
    told = dict(end0["outcome"])
    # clients are told why in both languages, and whether a new deal follows
    assert told.pop("reason_text") == {"fr": "une ligne de cinq", "en": "a line of five"}
    assert told.pop("new_deal") is False
    assert replayed.outcome() == told
    # the record replays to the outcome both clients were told
    assert record["outcome"] == told
    status = server.get(f"/api/rooms/{room}").json()
    assert status["finished"] and status["move_count"] == len(record["moves"])


def test_game_against_a_computer_seat_then_rematch(server: ServerProcess) -> None:
    created = server.create_room(
        game="kwinty",
        seats=[{"mine": True, "name": "Anne"}, {"kind": "computer", "level": "random"}],
        player_id="anne-device",
    )
    room = created["room"]
    seat = created["my_seats"][0]["seat"]
    computer = 1 - seat

    async def game() -> tuple[dict[str, Any], dict[str, Any]]:
        client = await Client.open(server, room, [created["my_seats"][0]["token"]])
        end = await play_seat(client, seat, random.Random(3))
        await client.send({"type": "rematch", "seat": seat, "ref": "again"})
        # Kwinty's loser begins the next game: a human who won as White is reseated
        white_won = end["outcome"]["returns"][0] > end["outcome"]["returns"][1]
        next_seat = 1 - seat if white_won else seat
        # the new game's state comes first, then the ack
        second = await client.until(lambda m: is_state(next_seat)(m) and m["game_number"] == 2)
        answer = await client.until(lambda m: m.get("ref") == "again")
        assert answer["type"] == "ack" and answer["action"] == "rematch", answer
        await client.close()
        return end, second

    end, second = run(game())
    assert end["terminal"]
    assert any(p == computer for p, _ in end["moves"]), "the computer never moved"
    record = _record(server, room)
    assert tablier.replay(record).outcome() == engine_outcome(end["outcome"])
    # computers always agree: the human's vote starts game 2 in the same room
    assert second["game_number"] == 2 and not second["terminal"]
    assert second["previous_outcome"] == end["outcome"]
    assert second["move_count"] in (0, 1)  # the computer may already have opened
    games = server.get("/api/players/anne-device/games").json()
    assert [g["game_number"] for g in games if g["room"] == room] == [2, 1]


def test_reconnect_with_the_seat_token_resumes_the_seat(server: ServerProcess) -> None:
    created = server.create_room(
        game="turris", seats=[{"mine": True}, {"mine": True}], seating="as_listed"
    )
    room = created["room"]
    tokens = {s["seat"]: s["token"] for s in created["my_seats"]}

    async def game() -> dict[str, Any]:
        first = await Client.open(server, room, [tokens[0]])
        second = await Client.open(server, room, [tokens[1]])
        before: dict[str, Any]
        before, _ = await asyncio.gather(
            play_seat(first, 0, random.Random(4), stop_at=6),
            play_seat(second, 1, random.Random(5), stop_at=6),
        )
        await first.close()
        # "another device": a new connection with the same token
        again = await Client.open(server, room, [tokens[0]])
        welcome = await again.until(lambda m: m["type"] == "welcome")
        assert welcome["seats"] == [0]
        resumed = await again.until(is_state(0))
        assert resumed["moves"] == before["moves"] and len(resumed["moves"]) == 6
        assert resumed["legal_moves"] == before["legal_moves"]
        ends = await asyncio.gather(
            play_seat(again, 0, random.Random(5)), play_seat(second, 1, random.Random(6))
        )
        await again.close()
        await second.close()
        return ends[0]

    end = run(game())
    assert end["terminal"]
    assert tablier.replay(_record(server, room)).outcome() == engine_outcome(end["outcome"])


def test_wrong_token_is_refused(server: ServerProcess) -> None:
    created = server.create_room(game="kwinty", seats=[{"mine": True}])
    other = server.create_room(game="kwinty", seats=[{"mine": True}])

    async def attempt(tokens: list[str]) -> tuple[int | None, str, list[str]]:
        client = await Client.open(server, created["room"], tokens)
        code, reason = await client.closed_with()
        return code, reason, client.frames

    for tokens in (["not-a-token"], [other["my_seats"][0]["token"]]):
        code, reason, frames = run(attempt(tokens))
        assert code == 4403 and "token" in reason
        assert frames == [], "a refused connection must receive nothing"


def test_same_screen_client_plays_both_seats(server: ServerProcess) -> None:
    created = server.create_room(
        game="kwinty", seats=[{"mine": True}, {"mine": True}], seating="as_listed"
    )
    tokens = [s["token"] for s in created["my_seats"]]

    async def game() -> dict[str, Any]:
        client = await Client.open(server, created["room"], tokens)
        welcome = await client.until(lambda m: m["type"] == "welcome")
        assert welcome["seats"] == [0, 1]
        rng = random.Random(7)
        while True:
            state = await client.until(
                lambda m: m["type"] == "state" and (m["terminal"] or m["seat"] in m["awaited"])
            )
            if state["terminal"]:
                await client.close()
                return state
            seat = state["seat"]
            answer = await client.request(
                {"type": "move", "seat": seat, "move": rng.choice(state["legal_moves"])}
            )
            assert answer["type"] == "accepted", answer

    assert run(game())["terminal"]


def test_resignation_ends_the_game_and_releases_the_record(server: ServerProcess) -> None:
    created = server.create_room(
        game="kwinty", seats=[{"mine": True}, {"mine": True}], seating="as_listed"
    )
    tokens = [s["token"] for s in created["my_seats"]]
    room = created["room"]
    assert server.get(f"/api/rooms/{room}/games/1/record").status_code == 409

    async def game() -> dict[str, Any]:
        client = await Client.open(server, room, [tokens[1]])
        await client.until(is_state(1))
        await client.send({"type": "resign", "seat": 1, "ref": "bye"})
        end = await client.until(lambda m: is_state(1)(m) and m["terminal"])
        answer = await client.until(lambda m: m.get("ref") == "bye")
        assert answer["type"] == "ack" and answer["action"] == "resign", answer
        late = await client.request({"type": "move", "seat": 1, "move": "a1h"})
        assert late["type"] == "error" and late["code"] == "game_over"
        await client.close()
        return end

    end = run(game())
    assert end["outcome"]["reason"] == "resign" and end["outcome"]["seat"] == 1
    assert end["outcome"]["returns"] == [1.0, -1.0]
    record = _record(server, room)
    assert record["outcome"]["reason"] == "resign" and record["moves"] == []


def test_seats_are_drawn_by_lot_for_kwinty_unless_the_creator_chooses(
    server: ServerProcess,
) -> None:
    drawn = {
        server.create_room(game="kwinty", seats=[{"mine": True}])["my_seats"][0]["seat"]
        for _ in range(24)
    }
    assert drawn == {0, 1}
    listed = {
        server.create_room(game="kwinty", seats=[{"mine": True}], seating="as_listed")["my_seats"][
            0
        ]["seat"]
        for _ in range(8)
    }
    assert listed == {0}
    # Counterplays does not draw lots: seats stay as listed by default
    kept = {
        server.create_room(game="counterplays", seats=[{}, {"mine": True}])["my_seats"][0]["seat"]
        for _ in range(8)
    }
    assert kept == {1}


def test_total_clock_running_out_loses_the_game(server: ServerProcess) -> None:
    created = server.create_room(
        game="kwinty",
        seats=[{"mine": True}, {"mine": True}],
        seating="as_listed",
        clock={"mode": "total", "seconds": 0.5},
    )

    async def wait_for_flag() -> dict[str, Any]:
        client = await Client.open(server, created["room"], [created["my_seats"][0]["token"]])
        first = await client.until(is_state(0))
        assert first["clocks"]["mode"] == "total" and first["clocks"]["running"] == [0]
        end = await client.until(lambda m: is_state(0)(m) and m["terminal"])
        await client.close()
        return end

    end = run(wait_for_flag())
    assert end["outcome"]["reason"] == "time" and end["outcome"]["seat"] == 0
    assert end["outcome"]["returns"] == [-1.0, 1.0]


def _spectator_state_after(count: int) -> Callable[[dict[str, Any]], bool]:
    return lambda m: is_state(None)(m) and m["move_count"] > count


def test_a_move_is_in_the_database_before_anyone_hears_of_it(server: ServerProcess) -> None:
    created = server.create_room(
        game="turris", seats=[{"mine": True}, {"mine": True}], seating="as_listed"
    )
    room = created["room"]
    tokens = [s["token"] for s in created["my_seats"]]
    db_file = server.db_url.removeprefix("sqlite:///")

    def stored_moves() -> list[tuple[int, int, str]]:
        with sqlite3.connect(db_file) as db:
            return db.execute(
                "SELECT idx, seat, notation FROM moves WHERE room_id = ? ORDER BY idx", (room,)
            ).fetchall()

    async def game() -> int:
        watcher = await Client.open(server, room, watch=True)
        players = [await Client.open(server, room, [t]) for t in tokens]
        task = asyncio.gather(
            *(play_seat(c, s, random.Random(30 + s), stop_at=10) for s, c in enumerate(players))
        )
        checked = 0
        while checked < 10:
            # the spectator hears of each move only once it is committed
            state = await watcher.until(_spectator_state_after(checked))
            rows = stored_moves()
            assert len(rows) >= state["move_count"]
            assert [[s, m] for _, s, m in rows[: state["move_count"]]] == state["moves"]
            checked = state["move_count"]
        await task
        for client in (watcher, *players):
            await client.close()
        return checked

    assert run(game()) >= 10
