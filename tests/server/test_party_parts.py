"""The party's small parts on their own, without a server: codes, join tokens, guests,
and the one router each of party.py and party_lobby.py gathers from its modules."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from fastapi import FastAPI

from tablier.server import party_code
from tablier.server.party import router
from tablier.server.party_code import CodesExhausted, code_taken, free_code
from tablier.server.party_lobby import lobby_router
from tablier.server.party_lobby_model import COLOURS, Guest, Lobby
from tablier.server.party_tables import metadata, party_codes, party_lobbies
from tablier.server.party_token import join_token, join_token_ok


@pytest.fixture()
def engine() -> sa.Engine:
    made = sa.create_engine("sqlite://")
    metadata.create_all(made)
    return made


def _hold(engine: sa.Engine, room_code: str, lobby_code: str) -> None:
    with engine.begin() as conn:
        conn.execute(party_codes.insert().values(code=room_code, room_id="r1", created_at=0.0))
        conn.execute(
            party_lobbies.insert().values(code=lobby_code, game="g", data="{}", created_at=0.0)
        )


def test_a_code_held_by_a_room_or_a_lobby_is_never_drawn_again(
    engine: sa.Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    _hold(engine, "ROOM", "LOBY")
    draws = iter(["ROOM", "LOBY", "FREE"])
    monkeypatch.setattr(party_code, "new_code", lambda: next(draws))
    with engine.begin() as conn:
        assert code_taken(conn, "ROOM") and code_taken(conn, "LOBY")
        assert not code_taken(conn, "FREE")
        assert free_code(conn) == "FREE"


def test_a_full_pool_is_an_error_not_an_endless_loop(
    engine: sa.Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    _hold(engine, "ROOM", "LOBY")
    monkeypatch.setattr(party_code, "new_code", lambda: "ROOM")
    with engine.begin() as conn, pytest.raises(CodesExhausted):
        free_code(conn)


def test_a_join_token_lives_one_to_two_periods() -> None:
    period = 900.0
    now = 10 * period + 5
    token = join_token("secret", period, now)
    assert len(token) == 4 and token.isdigit()
    assert join_token_ok("secret", f" {token} ", period, now)
    assert join_token_ok("secret", token, period, now + period)  # the one before
    older = join_token("secret", period, now - 2 * period)
    assert older != token and not join_token_ok("secret", older, period, now)
    # another party's secret gives other digits
    assert join_token("other secret", period, now) != token
    assert not join_token_ok("secret", None, period, now)
    assert not join_token_ok("secret", "", period, now)


def test_a_guest_shown_to_others_carries_no_secret_and_a_lobby_keeps_its_guests() -> None:
    lobby = Lobby(code="ABCD", game="quiadiquoi", host_hash="h")
    first = Guest(id="a", name="Léa", colour=COLOURS[0], avatar="rond", token_hash="secret")
    lobby.guests.append(first)
    assert "token_hash" not in first.public()
    assert "secret" not in str(first.public())
    again = Lobby.from_json(lobby.to_json())
    assert again == lobby and isinstance(again.guests[0], Guest)


def test_a_colour_worn_by_a_guest_who_left_is_free_again() -> None:
    lobby = Lobby(code="ABCD", game="quiadiquoi", host_hash="h")
    lobby.guests.append(Guest(id="a", name="A", colour=COLOURS[0], avatar="rond"))
    assert lobby.first_free(COLOURS, "colour") == COLOURS[1]
    lobby.guests[0].left = True
    assert lobby.first_free(COLOURS, "colour") == COLOURS[0]
    assert lobby.guest("a") is lobby.guests[0] and lobby.guest("b") is None


def test_every_party_route_is_gathered_once_with_one_party_tag() -> None:
    app = FastAPI()
    app.include_router(router)
    app.include_router(lobby_router)
    paths = app.openapi()["paths"]
    operations = [op for item in paths.values() for op in item.values()]
    # the room and upload routes, then the lobby's: open, look, host view, QR, join, me,
    # change, leave, open a seat, options, computers, start, pause
    assert len(operations) == 6 + 13
    assert all(op["tags"] == ["party"] for op in operations)
    assert {"/j/{code}", "/api/party/uploads", "/api/party/lobbies/{code}/start"} <= set(paths)
