"""Quotas instead of global caps, each checked on a real server: one address past its
share is refused (429) while another address is still served.

The servers here trust 127.0.0.1 as a reverse proxy (TABLIER_TRUSTED_PROXIES), so each
test speaks for clients of its own with X-Forwarded-For; one server trusts nobody and
ignores the header.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from server_helpers import WAIT, Client, ServerProcess, run

from tablier.games.quiadiquoi.deck import builtin_deck_path
from tablier.server.party import CODE_GRACE_SECONDS, free_ended_codes, party_codes
from tablier.server.storage import games

KWINTY = {"game": "kwinty", "seats": [{"mine": True}, {"mine": True}]}
SHARE = 3
MAX_ROOMS = 8


def post(server: ServerProcess, path: str, body: Any, who: str | None = None) -> httpx.Response:
    headers = {"X-Forwarded-For": who} if who else {}
    return httpx.post(f"{server.http}{path}", json=body, headers=headers, timeout=WAIT)


def get(server: ServerProcess, path: str, who: str | None = None) -> httpx.Response:
    headers = {"X-Forwarded-For": who} if who else {}
    return httpx.get(f"{server.http}{path}", headers=headers, timeout=WAIT)


def make_server(base: Path, name: str, **env: str) -> ServerProcess:
    return ServerProcess(base / f"{name}.db", base / f"{name}.log", env=env).start()


@pytest.fixture(scope="module")
def fair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    base = tmp_path_factory.mktemp("fair")
    proc = make_server(
        base,
        "fair",
        TABLIER_TRUSTED_PROXIES="127.0.0.1",
        TABLIER_MAX_ROOMS=str(MAX_ROOMS),
        TABLIER_ROOMS_PER_CLIENT=str(SHARE),
        TABLIER_UPLOADS_PER_HOUR="3",
        TABLIER_UPLOAD_BYTES_PER_HOUR="1000000",
        TABLIER_CODE_MISSES_PER_MINUTE="5",
    )
    yield proc
    proc.stop()


# ---------------------------------------------------------------------- proxies
def test_forwarded_for_is_believed_only_from_a_listed_proxy(
    tmp_path: Path, fair: ServerProcess
) -> None:
    # trusting nobody (the default): the header changes nothing, the peer is the client
    plain = make_server(tmp_path, "plain", TABLIER_ROOMS_PER_MINUTE="2")
    try:
        answers = [post(plain, "/api/rooms", KWINTY, f"10.9.0.{i}").status_code for i in range(4)]
        assert answers == [201, 201, 429, 429]
    finally:
        plain.stop()
    # trusting 127.0.0.1: each forwarded address has its own share
    statuses = []
    for who in ("10.9.1.1", "10.9.1.2"):
        statuses.append(post(fair, "/api/rooms", KWINTY, who).status_code)
    assert statuses == [201, 201]


# ---------------------------------------------------------------------- rooms in memory
async def _watch(server: ServerProcess, room: str) -> Client:
    client = await Client.open(server, room, [], watch=True)
    await client.until(lambda m: m["type"] == "welcome")
    return client


def test_one_address_past_its_share_is_refused_and_others_still_create(
    fair: ServerProcess,
) -> None:
    async def go() -> None:
        greedy = [post(fair, "/api/rooms", KWINTY, "10.1.0.1") for _ in range(SHARE)]
        assert [r.status_code for r in greedy] == [201] * SHARE
        # every one of its rooms watched: they are in use and stay in memory
        watchers = [await _watch(fair, r.json()["room"]) for r in greedy]
        more = post(fair, "/api/rooms", KWINTY, "10.1.0.1")
        assert more.status_code == 429 and more.json()["code"] == "rooms_share"
        # an honest address still creates its room
        assert post(fair, "/api/rooms", KWINTY, "10.1.0.2").status_code == 201
        # an address whose rooms nobody watches: its oldest leave memory, never locked out
        made = [post(fair, "/api/rooms", KWINTY, "10.1.0.3") for _ in range(SHARE + 3)]
        assert [r.status_code for r in made] == [201] * (SHARE + 3)
        # a room that left memory is read back from the database when asked for
        first = get(fair, f"/api/rooms/{made[0].json()['room']}")
        assert first.status_code == 200 and first.json()["game"] == "kwinty"
        for watcher in watchers:
            await watcher.close()

    run(go())


def test_past_max_rooms_the_least_recently_used_unwatched_rooms_leave_first(
    fair: ServerProcess,
) -> None:
    async def go() -> None:
        # MAX_ROOMS rooms in memory, all watched, from addresses within their shares
        watchers = []
        for i in range(MAX_ROOMS):
            made = post(fair, "/api/rooms", KWINTY, f"10.2.{i}.1")
            assert made.status_code == 201, made.text
            watchers.append(await _watch(fair, made.json()["room"]))
        # nothing may leave memory: a clear 503, not a crash
        full = post(fair, "/api/rooms", KWINTY, "10.2.99.1")
        assert full.status_code == 503
        # one room unwatched: it leaves memory for the next room
        await watchers.pop().close()
        await asyncio.sleep(0.5)
        assert post(fair, "/api/rooms", KWINTY, "10.2.99.1").status_code == 201
        for watcher in watchers:
            await watcher.close()

    run(go())


def test_a_restart_does_not_reload_past_the_limit(tmp_path: Path) -> None:
    env = {"TABLIER_MAX_ROOMS": "4"}
    first = make_server(tmp_path, "restart", **env)
    try:
        rooms = [first.create_room(**KWINTY)["room"] for _ in range(7)]
    finally:
        first.stop()
    again = make_server(tmp_path, "restart", **env)
    try:
        log = (tmp_path / "restart.log").read_text()
        assert "rebuilt 4 unfinished game(s)" in log
        assert "3 unfinished room(s) left in the database" in log
        # the others are still there, loaded when asked for
        assert all(again.get(f"/api/rooms/{room}").status_code == 200 for room in rooms)
    finally:
        again.stop()


# ---------------------------------------------------------------------- uploads
def _deck() -> str:
    return builtin_deck_path("test-fr").read_text(encoding="utf-8")


def _upload(server: ServerProcess, text: str, who: str, fmt: str = "toml") -> httpx.Response:
    body = {"game": "quiadiquoi", "text": text, "format": fmt, "name": "mine"}
    return post(server, "/api/party/uploads", body, who)


def test_uploads_are_limited_per_address_in_count_and_bytes(fair: ServerProcess) -> None:
    answers = [_upload(fair, _deck(), "10.3.0.1").status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
    assert _upload(fair, _deck(), "10.3.0.2").status_code == 200
    # bytes: 400 KB twice fits in 1 MB, a third time does not (even refused texts count)
    big = "id,category\n" + "x" * 400_000
    sizes = [_upload(fair, big, "10.3.0.3", "csv") for _ in range(3)]
    assert [s.status_code for s in sizes] == [400, 400, 429]
    assert "bytes" in sizes[2].json()["error"]


def test_an_error_list_is_truncated_with_a_count(fair: ServerProcess) -> None:
    rows = "\n".join(f"c{i},nulle,9,,,,," for i in range(5000))
    text = "id,category,difficulty,quote,author,source,author_clues,quote_clues\n" + rows
    answer = _upload(fair, text, "10.4.0.1", "csv")
    assert answer.status_code == 422
    body = answer.json()
    assert body["code"] == "bad_upload"
    assert len(body["problems"]) == 100
    assert body["count"] == 35_000 and body["more"] == 34_900
    french = f"{body['more']:,}".replace(",", "\u202f")
    assert body["more_text"] == {
        "fr": f"… et {french} autres",
        "en": f"… and {body['more']:,} more",
    }
    # the answer stays small, whatever the text held
    assert len(answer.content) < 40_000


def test_parsers_are_bounded_and_bad_input_writes_no_traceback(
    fair: ServerProcess,
) -> None:
    log = fair.log_path
    before = log.stat().st_size
    nested = "x = " + "[" * 1200 + "]" * 1200
    deep = _upload(fair, nested, "10.5.0.1")
    assert deep.status_code == 400, deep.text
    assert deep.json()["problems"][0]["line"] == 1
    assert "nested" in deep.json()["problems"][0]["problem"]
    # a CSV cell over 128 KiB: the line and the column are named
    cell = "id,category,difficulty,quote\nq1,histoire,1,ok\nq2,histoire,1," + "y" * 140_000
    huge = _upload(fair, cell, "10.5.0.2", "csv")
    assert huge.status_code == 400, huge.text
    problem = huge.json()["problems"][0]
    assert problem["line"] == 3 and problem["field"] == "quote"
    # a deck whose own name is longer than the column: 400, not a database failure
    long_name = _deck().replace('name = "test-fr"', 'name = "' + "n" * 300 + '"', 1)
    named = _upload(fair, long_name, "10.5.0.3")
    assert named.status_code == 400 and named.json()["code"] == "name_too_long"
    written = log.read_text(errors="replace")[before:]
    assert "Traceback" not in written and len(written) < 2000


def test_ten_rooms_made_at_once_with_one_upload_give_it_to_one(fair: ServerProcess) -> None:
    uploaded = _upload(fair, _deck(), "10.6.0.1")
    assert uploaded.status_code == 200, uploaded.text
    value = uploaded.json()["value"]
    body = {
        "game": "quiadiquoi",
        "options": {"deck": value},
        "players": 3,
        "seats": [{"kind": "human"}] * 3,
    }

    async def go() -> list[int]:
        async with httpx.AsyncClient(timeout=WAIT) as client:
            answers = await asyncio.gather(
                *(
                    client.post(
                        f"{fair.http}/api/rooms",
                        json=body,
                        headers={"X-Forwarded-For": f"10.6.{i}.2"},
                    )
                    for i in range(10)
                )
            )
        return [a.status_code for a in answers]

    statuses = run(go())
    assert sorted(statuses) == [201] + [400] * 9


def test_uploads_no_room_took_expire(tmp_path: Path) -> None:
    server = make_server(tmp_path, "expiry", TABLIER_UPLOAD_TTL_SECONDS="1")
    try:
        first = _upload(server, _deck(), "").json()["value"]
        run(asyncio.sleep(2))
        # the next upload forgets the unused ones past their time
        assert _upload(server, _deck(), "").status_code == 200
        body = {"game": "quiadiquoi", "options": {"deck": first}, "players": 3}
        late = post(server, "/api/rooms", body)
        assert late.status_code == 400 and "no such upload" in late.json()["error"]
    finally:
        server.stop()


# ---------------------------------------------------------------------- party codes
def _party(server: ServerProcess, who: str) -> dict[str, Any]:
    body = {
        "game": "quiadiquoi",
        "options": {"deck": "test-fr"},
        "players": 3,
        "seats": [{"kind": "human"}] * 3,
    }
    room = post(server, "/api/rooms", body, who).json()["room"]
    party: dict[str, Any] = get(server, f"/api/party/rooms/{room}", who).json()
    return party


def test_code_lookups_that_miss_cost_and_run_out(fair: ServerProcess) -> None:
    party = _party(fair, "10.7.0.1")
    code = party["code"]
    unknown = "ZZZZ" if code != "ZZZZ" else "YYYY"
    misses = [get(fair, f"/api/party/codes/{unknown}", "10.7.0.2").status_code for _ in range(5)]
    assert misses == [404] * 5
    # out of misses: even a real code is refused to this address for now...
    out = get(fair, f"/api/party/codes/{code}", "10.7.0.2")
    assert out.status_code == 429 and out.json()["code"] == "too_many_codes"
    lobby = get(fair, f"/api/party/lobbies/{unknown}", "10.7.0.2")
    assert lobby.status_code == 429
    # ...and still answered to another
    assert get(fair, f"/api/party/codes/{code}", "10.7.0.3").status_code == 200
    # a wrong join token counts as a miss too
    wrong_key = f"{(int(party['join_token']) + 1) % 10000:04d}"
    for _ in range(5):
        wrong = post(
            fair,
            f"/api/party/codes/{code}/join",
            {"name": "X", "join_token": wrong_key},
            "10.7.0.4",
        )
        assert wrong.status_code == 403
    assert get(fair, f"/api/party/codes/{code}", "10.7.0.4").status_code == 429


def test_a_seat_needs_the_code_and_the_join_token(fair: ServerProcess) -> None:
    party = _party(fair, "10.8.0.1")
    code, key = party["code"], party["join_token"]
    looked = get(fair, f"/api/party/codes/{code}", "10.8.0.2").json()
    assert "room" not in looked and "join_token" not in looked
    assert party["room"] not in json.dumps(looked)
    bare = post(fair, f"/api/party/codes/{code}/join", {"name": "Ana"}, "10.8.0.2")
    assert bare.status_code == 403 and bare.json()["code"] == "bad_join_token"
    wrong_key = f"{(int(key) + 1) % 10000:04d}"
    wrong = post(
        fair, f"/api/party/codes/{code}/join", {"name": "Ana", "join_token": wrong_key}, "10.8.0.2"
    )
    assert wrong.status_code == 403
    good = post(
        fair, f"/api/party/codes/{code}/join", {"name": "Ana", "join_token": key}, "10.8.0.2"
    )
    assert good.status_code == 200 and good.json()["room"] == party["room"]
    # the TV's QR code is a picture of the link with the token
    assert f"?t={key}" in party["join_url"]
    short = httpx.get(
        f"{fair.http}/j/{code}?t={key}", timeout=WAIT, follow_redirects=False
    ).headers["location"]
    assert short == f"/?join-code={code}&t={key}"


def test_a_lobby_seat_needs_the_token_the_tv_shows(fair: ServerProcess) -> None:
    opened = post(fair, "/api/party/lobbies", {"game": "quiadiquoi"}, "10.10.0.1").json()
    code, host = opened["code"], opened["host_token"]
    assert (
        "join_token" not in opened
        and "join_token" not in get(fair, f"/api/party/lobbies/{code}", "10.10.0.2").json()
    )
    refused = post(fair, f"/api/party/lobbies/{code}/host", {"token": "not-the-host"}, "10.10.0.1")
    assert refused.status_code == 403
    tv = post(fair, f"/api/party/lobbies/{code}/host", {"token": host}, "10.10.0.1").json()
    key = tv["join_token"]
    assert tv["join_url"].endswith(f"/j/{code}?t={key}") and f"t={key}" in tv["qr"]
    bare = post(fair, f"/api/party/lobbies/{code}/guests", {"name": "Ana"}, "10.10.0.2")
    assert bare.status_code == 403 and bare.json()["code"] == "bad_join_token"
    joined = post(
        fair, f"/api/party/lobbies/{code}/guests", {"name": "Ana", "join_token": key}, "10.10.0.2"
    )
    assert joined.status_code == 200 and joined.json()["guest"]


def test_a_join_token_expires(tmp_path: Path) -> None:
    server = make_server(tmp_path, "tokens", TABLIER_JOIN_TOKEN_SECONDS="1")
    try:
        party = _party(server, "")
        code, old = party["code"], party["join_token"]
        run(asyncio.sleep(2.5))  # two periods later: the token has lapsed
        fresh = get(server, f"/api/party/rooms/{party['room']}").json()["join_token"]
        late = post(server, f"/api/party/codes/{code}/join", {"name": "A", "join_token": old})
        if old != fresh:  # one chance in 10,000 that the digits came round again
            assert late.status_code == 403
        now = post(server, f"/api/party/codes/{code}/join", {"name": "B", "join_token": fresh})
        assert now.status_code == 200
    finally:
        server.stop()


def test_the_codes_of_ended_rooms_are_given_back(tmp_path: Path) -> None:
    server = make_server(tmp_path, "codes")
    try:
        ended, live = _party(server, ""), _party(server, "")
    finally:
        server.stop()
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'codes.db'}")
    try:
        long_ago = time.time() - 2 * CODE_GRACE_SECONDS
        with engine.begin() as conn:
            # the first room's game ended two hours ago; the other's goes on
            conn.execute(
                games.update()
                .where(games.c.room_id == ended["room"])
                .values(finished=True, finished_at=long_ago)
            )
            conn.execute(party_codes.update().values(created_at=long_ago))
        free_ended_codes(engine)
        with engine.connect() as conn:
            left = {r.room_id: r.code for r in conn.execute(sa.select(party_codes))}
        assert ended["room"] not in left
        assert left.get(live["room"]) == live["code"]
    finally:
        engine.dispose()
