"""HTTP requests paced per address (server/http_pacing.py): counts and outcomes.

A burst is served, the next requests wait their turn, and past the allowed crowd of
waiting requests the answer is a JSON 429 at once; another address is never slowed; behind
a trusted proxy the forwarded address is the one paced.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from tablier.server.app import create_app
from tablier.server.http_pacing import HttpPacer
from tablier.server.settings import Settings


def _paced(burst: int, per_second: float, max_waiting: int) -> HttpPacer:
    async def hello(_request: object) -> PlainTextResponse:
        return PlainTextResponse("bonjour")

    inner = Starlette(routes=[Route("/", hello)])
    return HttpPacer(inner, burst=burst, per_second=per_second, max_waiting=max_waiting)


async def _many(app: HttpPacer, count: int, address: str) -> list[httpx.Response]:
    transport = httpx.ASGITransport(app=app, client=(address, 4000))
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        return list(await asyncio.gather(*(client.get("/") for _ in range(count))))


def test_a_burst_past_the_bucket_waits_and_is_answered_in_full() -> None:
    app = _paced(burst=2, per_second=200.0, max_waiting=100)
    answers = asyncio.run(_many(app, 8, "198.51.100.1"))
    assert [a.status_code for a in answers] == [200] * 8
    assert all(a.text == "bonjour" for a in answers)
    # two from the bucket at once, the six others made to wait, none refused
    assert (app.delayed, app.refused) == (6, 0)
    assert not app.waiting


def test_past_the_waiting_crowd_the_answer_is_a_json_429_at_once() -> None:
    app = _paced(burst=2, per_second=50.0, max_waiting=3)
    answers = asyncio.run(_many(app, 8, "198.51.100.2"))
    codes = [a.status_code for a in answers]
    assert codes.count(200) == 5 and codes.count(429) == 3
    refused = next(a for a in answers if a.status_code == 429)
    assert refused.json()["code"] == "too_many_requests"
    assert refused.headers["retry-after"].isdigit()
    assert (app.delayed, app.refused) == (3, 3)


def test_another_address_is_not_slowed_by_a_flooding_one() -> None:
    app = _paced(burst=1, per_second=0.001, max_waiting=0)

    async def scene() -> tuple[list[int], int]:
        flood = await _many(app, 5, "198.51.100.3")
        honest = await _many(app, 1, "198.51.100.4")
        return [a.status_code for a in flood], honest[0].status_code

    flood, honest = asyncio.run(scene())
    assert flood == [200, 429, 429, 429, 429]
    assert honest == 200


def _app(tmp_path: Path, **settings: object) -> TestClient:
    chosen = Settings(http_burst=3, http_per_second=0.001, http_waiting=0, **settings)  # type: ignore[arg-type]
    app = create_app(f"sqlite:///{tmp_path / 'pace.db'}", settings=chosen)
    return TestClient(app, client=("127.0.0.1", 5000))


def test_behind_a_trusted_proxy_each_forwarded_address_has_its_own_pace(tmp_path: Path) -> None:
    with _app(tmp_path, trusted_proxies=("127.0.0.1",)) as client:
        first = [
            client.get("/api/games", headers={"X-Forwarded-For": "203.0.113.5"}).status_code
            for _ in range(4)
        ]
        other = client.get("/api/games", headers={"X-Forwarded-For": "203.0.113.6"})
    assert first == [200, 200, 200, 429]
    assert other.status_code == 200


def test_without_a_trusted_proxy_a_forwarded_header_buys_no_new_pace(tmp_path: Path) -> None:
    with _app(tmp_path) as client:
        codes = [
            client.get("/api/games", headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code
            for n in range(10, 14)
        ]
    assert codes == [200, 200, 200, 429]


def test_the_settings_are_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLIER_HTTP_BURST", "7")
    monkeypatch.setenv("TABLIER_HTTP_PER_SECOND", "3")
    monkeypatch.setenv("TABLIER_HTTP_WAITING", "9")
    read = Settings.from_env()
    assert (read.http_burst, read.http_per_second, read.http_waiting) == (7, 3.0, 9)
