"""Party rooms over HTTP: the short code, the QR code of the join link, deck uploads."""

from __future__ import annotations

import asyncio
import json
import re

import httpx
from server_helpers import WAIT, Client, ServerProcess, run

from tablier.games.quiadiquoi.deck import builtin_deck_path
from tablier.server.party import CODE_LETTERS, qr_svg


def _post(server: ServerProcess, path: str, body: object) -> httpx.Response:
    return httpx.post(f"{server.http}{path}", json=body, timeout=WAIT)


def _party_room(server: ServerProcess, players: int = 3) -> str:
    created = _post(
        server,
        "/api/rooms",
        {
            "game": "quiadiquoi",
            "options": {"deck": "test-fr"},
            "players": players,
            "seats": [{"kind": "human"} for _ in range(players)],
        },
    )
    assert created.status_code == 201, created.text
    assert created.json()["my_seats"] == []  # the host holds no seat
    room: str = created.json()["room"]
    return room


def test_a_room_gets_one_short_code_that_phones_join_with(server: ServerProcess) -> None:
    room = _party_room(server)
    first = server.get(f"/api/party/rooms/{room}").json()
    code = first["code"]
    assert re.fullmatch(f"[{CODE_LETTERS}]{{4}}", code)
    assert not set(code) & set("ILOU")
    assert server.get(f"/api/party/rooms/{room}").json()["code"] == code
    key = first["join_token"]
    assert re.fullmatch(r"\d{4}", key)
    # the TV's link carries the join token
    assert first["join_url"].endswith(f"/j/{code}?t={key}")
    assert first["host_view"] is True and first["free_seats"] == [0, 1, 2]

    # the short address leads to the join page with the code filled in
    short = httpx.get(f"{server.http}/j/{code.lower()}", timeout=WAIT, follow_redirects=False)
    assert short.status_code == 307 and short.headers["location"] == f"/?join-code={code}"

    # typed carelessly (lower case, a space) the code still names the room's game, but
    # never the room itself (its address would open its seats) nor its join token
    typed = f"{code[:2].lower()} {code[2:]}"
    looked_up = server.get(f"/api/party/codes/{typed}").json()
    assert looked_up["game"] == "quiadiquoi" and looked_up["free_seats"] == [0, 1, 2]
    assert room not in json.dumps(looked_up) and key not in json.dumps(looked_up)
    # the code alone takes no seat
    bare = _post(server, f"/api/party/codes/{code}/join", {"name": "Zoé"})
    assert bare.status_code == 403 and bare.json()["code"] == "bad_join_token"

    seats = []
    for name in ("Ana", "Bruno", "Chloé"):
        body = {"name": name, "player_id": name, "join_token": key}
        joined = _post(server, f"/api/party/codes/{code}/join", body)
        assert joined.status_code == 200, joined.text
        assert joined.json()["room"] == room and joined.json()["token"]
        seats.append(joined.json()["seat"])
    assert sorted(seats) == [0, 1, 2]
    status = server.get(f"/api/rooms/{room}").json()
    assert sorted(s["name"] for s in status["seats"]) == ["Ana", "Bruno", "Chloé"]
    assert server.get(f"/api/party/codes/{code}").json()["free_seats"] == []

    full = _post(server, f"/api/party/codes/{code}/join", {"name": "Dora", "join_token": key})
    assert full.status_code == 409 and full.json()["code"] == "room_full"
    nameless = _post(server, f"/api/party/codes/{code}/join", {"name": "   ", "join_token": key})
    assert nameless.status_code == 400


def test_unknown_codes_and_rooms_are_json_404s(server: ServerProcess) -> None:
    missing = server.get("/api/party/codes/ZZZZZZ")
    assert missing.status_code == 404 and missing.json()["code"] == "unknown_code"
    assert _post(server, "/api/party/codes/ZZZZZZ/join", {"name": "A"}).status_code == 404
    assert server.get("/api/party/rooms/nope").status_code == 404
    assert server.get("/api/party/rooms/nope/qr.svg").status_code == 404


def test_the_qr_code_is_an_svg_of_the_join_address(server: ServerProcess) -> None:
    room = _party_room(server)
    other = _party_room(server)
    status = server.get(f"/api/party/rooms/{room}").json()
    picture = server.get(status["qr"])
    assert picture.status_code == 200
    assert picture.headers["content-type"].startswith("image/svg+xml")
    assert picture.text.lstrip().startswith("<svg")
    # the same encoder given the join address draws exactly this picture
    assert picture.text == qr_svg(status["join_url"])
    assert picture.text != server.get(f"/api/party/rooms/{other}/qr.svg").text


def test_a_good_deck_is_kept_and_summed_up(server: ServerProcess) -> None:
    text = builtin_deck_path("test-fr").read_text(encoding="utf-8")
    answer = _post(
        server, "/api/party/uploads", {"game": "quiadiquoi", "text": text, "name": "maison"}
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["cards"] == 24 and body["name"] == "test-fr"
    assert body["categories"] == {"histoire": 8, "litterature": 8, "penseurs": 8}
    assert body["option"] == "deck" and body["value"] == f"room:{body['id']}"
    # a room plays it, and only that room
    seats = [{"mine": True}, {"mine": True}, {"mine": True}]
    room = server.create_room(game="quiadiquoi", options={"deck": body["value"]}, seats=seats)
    assert room["options"]["deck"] == body["value"]
    again = httpx.post(
        f"{server.http}/api/rooms",
        json={"game": "quiadiquoi", "options": {"deck": body["value"]}, "seats": seats},
        timeout=30,
    )
    assert again.status_code == 400
    unknown = httpx.post(
        f"{server.http}/api/rooms",
        json={"game": "quiadiquoi", "options": {"deck": "room:nothing"}, "seats": seats},
        timeout=30,
    )
    assert unknown.status_code == 400


BROKEN_TOML = """[deck]
name = "cassé"

[[card]]
id = "a1"
category = "sport"
difficulty = 1
quote = "Un mot."
author = "Quelqu'un"
source = "Ici"
author_clues = ["1", "2", "3", "4"]
quote_clues = ["1", "2", "3"]
"""


def test_a_broken_deck_names_the_line_and_field_of_every_problem(server: ServerProcess) -> None:
    answer = _post(server, "/api/party/uploads", {"game": "quiadiquoi", "text": BROKEN_TOML})
    assert answer.status_code == 422
    body = answer.json()
    assert body["code"] == "bad_upload"
    problems = {(p["line"], p["field"]) for p in body["problems"]}
    assert (6, "category") in problems  # "sport" is no category
    assert (12, "quote_clues") in problems  # three clues, four needed
    assert all(p["card"] == "card 'a1'" for p in body["problems"])


def test_csv_and_toml_syntax_errors_give_lines(server: ServerProcess) -> None:
    header = "id,category,difficulty,quote,author,source,author_clues,quote_clues"
    row_ok = "c1,histoire,1,Un mot.,Quelqu'un,Ici,a|b|c|d,a|b|c|d"
    row_bad = "c2,histoire,3,Un autre mot.,Quelqu'un,Ici,a|b|c|d,a|b|c|d"
    csv = "\n".join([header, row_ok, row_bad]) + "\n"
    answer = _post(
        server, "/api/party/uploads", {"game": "quiadiquoi", "text": csv, "format": "csv"}
    )
    assert answer.status_code == 422
    assert [(p["line"], p["field"]) for p in answer.json()["problems"]] == [(3, "difficulty")]

    syntax = _post(
        server, "/api/party/uploads", {"game": "quiadiquoi", "text": '[[card]]\nid = "x\n'}
    )
    assert syntax.status_code == 422
    assert syntax.json()["problems"][0]["line"] == 2

    other_game = _post(server, "/api/party/uploads", {"text": "x", "game": "kwinty"})
    assert other_game.status_code == 400


def test_a_live_party_keeps_no_written_answers_anywhere(server: ServerProcess) -> None:
    """The words typed at the table (answers) leave the server only in the current
    question's view, never in a move list, until the game is over."""
    created = server.create_room(
        game="quiadiquoi",
        players=3,
        seats=[{"mine": True}] * 3,
        seating="as_listed",
        options={"deck": "test-fr", "die": False, "answer_seconds": None},
    )
    room, tokens = created["room"], [s["token"] for s in created["my_seats"]]
    typed = "Zénobie Trouvetou"  # an answer nobody could confuse with the deck's words

    async def go() -> list[dict[str, object]]:
        table = await Client.open(server, room, tokens)
        watcher = await Client.open(server, room, watch=True)
        await table.until(lambda m: m["type"] == "state" and m["seat"] == 0)
        assert (await table.request({"type": "move", "seat": 0, "move": "take 1"}))["type"] == (
            "accepted"
        )
        said = await table.request({"type": "move", "seat": 0, "move": f"answer:{typed}"})
        assert said["type"] == "accepted", said
        await asyncio.sleep(0.3)  # the broadcasts of the answer reach both sockets
        while True:
            try:
                await watcher.recv(timeout=0.3)
            except TimeoutError:
                break
        frames = [json.loads(f) for f in [*table.frames, *watcher.frames]]
        await table.close()
        await watcher.close()
        return frames

    frames = run(go())
    states = [f for f in frames if f["type"] == "state" and f["move_count"] == 2]
    assert states, "no state after the answer"
    for frame in states:
        assert frame["moves"][-1] == [0, "answer:…"]
        assert frame["observation"]["moves"][-1] == [0, "answer:…"]
    status = server.get(f"/api/rooms/{room}").json()
    assert status["moves"] == [[0, "take 1"], [0, "answer:…"]]
    assert typed not in json.dumps(status, ensure_ascii=False)
    # the record and the views (which hold every word) wait for the end
    assert server.get(f"/api/rooms/{room}/games/1/record").status_code == 409
    assert server.get(f"/api/rooms/{room}/games/1/views").status_code == 409
