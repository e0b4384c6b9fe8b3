"""The REST endpoints: games, rules, rooms, seats, records, players, schema; JSON errors."""

from __future__ import annotations

from pathlib import Path

import httpx
from server_helpers import WAIT, ServerProcess

import tablier
from tablier.server.protocol import CLOSE_CODES, ERROR_CODES


def _post(server: ServerProcess, path: str, body: object) -> httpx.Response:
    return httpx.post(f"{server.http}{path}", json=body, timeout=WAIT)


def _json_error(response: httpx.Response, status: int) -> str:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    message: str = response.json()["error"]
    assert message
    return message


def test_games_are_listed_with_their_options(server: ServerProcess) -> None:
    games = server.get("/api/games").json()
    ids = [g["id"] for g in games]
    assert "kwinty" in ids and "quiwin" in ids
    kwinty = next(g for g in games if g["id"] == "kwinty")
    assert kwinty == {
        **tablier.game_class("kwinty").describe(),
        "draws_lots": True,
        # the files its web manifest declares, where the client imports them from
        "web_urls": {
            "board": "/js/boards/kwinty-board.js",
            "messages": "/i18n/boards/kwinty.{lang}.json",
        },
        "board": True,
        "art": "/api/games/kwinty/art.svg",
        "party": False,
        # the lobby offers its guided first game
        "tutorial": True,
    }
    board = server.get(kwinty["web_urls"]["board"])
    assert board.status_code == 200 and "kwinty-board" in board.text
    assert "javascript" in board.headers["content-type"]
    assert "kwinty" in server.get(kwinty["web_urls"]["messages"].format(lang="en")).json()
    # a built-in game ships no web folder of its own
    assert server.get("/games/kwinty/web/kwinty-board.js").status_code == 404
    # the picture is served with an image type; a game without its own board says so
    art = server.get("/api/games/kwinty/art.svg")
    assert art.status_code == 200 and art.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in art.text
    assert server.get("/api/games/nope/art.svg").status_code == 404
    assert server.get("/api/games/quiwin").json()["hidden_information"] is True
    # Kwinty's loser begins the next game; no other game reseats a rematch
    assert kwinty["loser_starts_next"] is True
    assert [g["id"] for g in games if g["loser_starts_next"]] == ["kwinty"]
    assert "chess" in _json_error(server.get("/api/games/chess"), 404)
    assert server.get("/api/games/chess").json()["known"] == tablier.game_ids()


def test_rules_pages_are_served_as_markdown(server: ServerProcess) -> None:
    response = server.get("/api/games/kwinty/rules?lang=en")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/markdown")
    from tablier.core.rules_pages import rules_text

    assert response.text == rules_text("kwinty", "en")
    assert "de" in _json_error(server.get("/api/games/kwinty/rules?lang=de"), 400)
    _json_error(server.get("/api/games/chess/rules"), 404)


def test_room_creation_is_validated(server: ServerProcess) -> None:
    assert "chess" in _json_error(_post(server, "/api/rooms", {"game": "chess"}), 400)
    message = _json_error(
        _post(server, "/api/rooms", {"game": "kwinty", "options": {"variant": "huge"}}), 400
    )
    assert "kwintie" in message  # names the allowed values

    def refused_level(level: str) -> str:
        seats = [{"kind": "computer", "level": level}]
        return _json_error(_post(server, "/api/rooms", {"game": "kwinty", "seats": seats}), 400)

    message = refused_level("grandmaster")
    assert "grandmaster" in message and "random" in message
    # a player that exists but cannot play this game is refused when the room is made
    message = refused_level("rule-of-thumb")
    assert "rule-of-thumb" in message and "cannot play kwinty" in message
    assert "cannot play kwinty" in refused_level("planner")
    invalid = _post(server, "/api/rooms", {"game": "kwinty", "seats": "all"})
    _json_error(invalid, 422)
    assert invalid.json()["details"][0]["field"].endswith("seats")
    _json_error(_post(server, "/api/rooms", {"game": "kwinty", "players": 5}), 400)
    _json_error(_post(server, "/api/rooms", {"game": "kwinty", "surprise": 1}), 422)
    _json_error(
        _post(server, "/api/rooms", {"game": "kwinty", "clock": {"mode": "total", "seconds": -1}}),
        422,
    )
    message = _json_error(
        _post(server, "/api/rooms", {"game": "quiadiquoi", "options": {"deck": "/etc/passwd"}}),
        400,
    )
    # only the names of the shipped decks: the server never opens a path
    assert "base-fr" in message and "/etc/passwd" in message
    # options may also be given as text, as on the command line
    created = server.create_room(game="kwinty", options={"variant": "kwintie"})
    assert created["options"]["variant"] == "kwintie"
    created = server.create_room(game="quiadiquoi", options={"answer_seconds": "30"}, players=4)
    assert created["options"]["answer_seconds"] == 30 and created["num_players"] == 4


def test_room_status_and_links_reveal_no_secret(server: ServerProcess) -> None:
    created = server.create_room(
        game="quiwin", seats=[{"mine": True}, {"kind": "computer"}], player_id="p-rest"
    )
    room = created["room"]
    token = created["my_seats"][0]["token"]
    assert len(token) >= 22  # at least 128 random bits, URL-safe
    assert set(created["links"]) == {"invite", "watch", "ws"}
    assert created["links"]["watch"].endswith(f"?room={room}&watch=1")
    status = server.get(f"/api/rooms/{room}")
    assert status.status_code == 200
    text = status.text
    assert token not in text and '"seed"' not in text and "hand" not in text
    assert status.json()["seats"][1]["kind"] == "computer"
    _json_error(server.get("/api/rooms/nope"), 404)


def test_joining_seats_over_rest(server: ServerProcess) -> None:
    created = server.create_room(game="kwinty", seats=[{"mine": True}, {}], seating="as_listed")
    room = created["room"]
    assert "taken" in _json_error(_post(server, f"/api/rooms/{room}/join", {"seat": 0}), 409)
    joined = server.join(room, name="Bob", player_id="bob")
    assert joined["seat"] == 1 and joined["token"] != created["my_seats"][0]["token"]
    assert server.get(f"/api/rooms/{room}").json()["seats"][1]["name"] == "Bob"
    _json_error(_post(server, f"/api/rooms/{room}/join", {}), 409)
    _json_error(_post(server, f"/api/rooms/{room}/join", {"seat": 9}), 400)
    _json_error(_post(server, "/api/rooms/nope/join", {}), 404)
    against = server.create_room(
        game="kwinty", seats=[{"mine": True}, {"kind": "computer"}], seating="as_listed"
    )
    message = _json_error(_post(server, f"/api/rooms/{against['room']}/join", {"seat": 1}), 409)
    assert "computer" in message


def test_records_only_after_the_end(server: ServerProcess) -> None:
    created = server.create_room(game="kwinty", seats=[{"mine": True}])
    room = created["room"]
    message = _json_error(server.get(f"/api/rooms/{room}/games/1/record"), 409)
    assert "not over" in message
    _json_error(server.get(f"/api/rooms/{room}/games/2/record"), 404)
    _json_error(server.get("/api/rooms/nope/games/1/record"), 404)


def test_player_games_and_protocol_schema(server: ServerProcess) -> None:
    created = server.create_room(game="kwinty", seats=[{"mine": True}], player_id="p-list")
    listed = server.get("/api/players/p-list/games").json()
    assert [(g["room"], g["game"], g["finished"]) for g in listed] == [
        (created["room"], "kwinty", False)
    ]
    assert server.get("/api/players/nobody/games").json() == []
    _json_error(server.get("/api/players/p-list/games?limit=0"), 422)
    schema = server.get("/api/protocol/schema").json()
    assert schema["version"] == 1
    assert "hello" in str(schema["client_to_server"]) and "state" in str(schema["server_to_client"])
    assert schema["error_codes"] == ERROR_CODES
    openapi = server.get("/openapi.json").json()
    assert "/api/rooms" in openapi["paths"]


def test_the_web_client_is_served_at_the_root(server: ServerProcess) -> None:
    response = server.get("/")
    assert response.status_code == 200 and "<html" in response.text.lower()
    web = Path(tablier.__file__).resolve().parent / "web"
    modules = sorted(web.rglob("*.js"))
    if modules:
        served = server.get("/" + modules[0].relative_to(web).as_posix())
        assert served.status_code == 200
        assert served.headers["content-type"].startswith("text/javascript")
    missing = server.get("/no/such/file.js")
    _json_error(missing, 404)


def test_protocol_document_lists_every_code() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    for code in ERROR_CODES:
        assert f"`{code}`" in doc, code
    for close in CLOSE_CODES:
        assert f"| {close} |" in doc, close
