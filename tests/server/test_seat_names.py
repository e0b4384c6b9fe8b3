"""The name a person gives with an invite link: checked, cleaned, shown to both players."""

from __future__ import annotations

import httpx
import pytest
from server_helpers import WAIT, ServerProcess

from tablier.server.seat_names import BadSeatName, clean_seat_name


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("", "name_empty"),
        ("   ", "name_empty"),
        ("x" * 41, "name_long"),
        ("Ali\x00ce", "name_control"),
        ("Bob\n", "name_control"),
        ("Eve\u200b", "name_control"),
        ("Ordinateur (moyen)", "name_reserved"),
        ("ORDINATEUR", "name_reserved"),
        ("Computer (hard)", "name_reserved"),
        ("ordi", "name_reserved"),
    ],
)
def test_bad_names_are_refused_with_a_code(raw: str, code: str) -> None:
    with pytest.raises(BadSeatName) as caught:
        clean_seat_name(raw)
    assert caught.value.code == code


def test_a_good_name_keeps_its_letters_and_loses_extra_spaces() -> None:
    assert clean_seat_name("  Zoé   de la  Fontaine ") == "Zoé de la Fontaine"
    assert clean_seat_name("Ordinal") == "Ordinal"  # only the computer's own word is kept
    assert clean_seat_name("x" * 40) == "x" * 40


def _join(server: ServerProcess, room: str, body: object) -> httpx.Response:
    return httpx.post(f"{server.http}/api/rooms/{room}/join", json=body, timeout=WAIT)


def test_an_invite_refuses_a_bad_name_and_keeps_the_seat_free(server: ServerProcess) -> None:
    created = server.create_room(game="kwinty", seats=[{"mine": True}, {}], seating="as_listed")
    room = created["room"]
    for body, code in [
        ({"seat": 1, "name": "Ordinateur (difficile)"}, "name_reserved"),
        ({"seat": 1, "name": "a\tb"}, "name_control"),
        ({"seat": 1, "name": "n" * 41}, "name_long"),
        ({"seat": 1, "name": " "}, "name_empty"),
    ]:
        answer = _join(server, room, body)
        assert answer.status_code == 400, answer.text
        assert answer.headers["content-type"].startswith("application/json")
        assert answer.json()["code"] == code and answer.json()["error"]
    seats = server.get(f"/api/rooms/{room}").json()["seats"]
    assert seats[1]["taken"] is False
    joined = _join(server, room, {"seat": 1, "name": "  Léa   M. "})
    assert joined.status_code == 200, joined.text
    assert server.get(f"/api/rooms/{room}").json()["seats"][1]["name"] == "Léa M."
