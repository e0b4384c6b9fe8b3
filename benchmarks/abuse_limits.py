"""The limits' attacks for benchmarks/abuse.py (it adds `LIMIT_ATTACKS` to its list).

Each is a function `(ctx, stop)` like the compute attacks there, from the attacker's own
address, counting what it got in `ctx.seen`:

- upload_flood: 512 KB decks with an error on every line, re-posted without pause (the
  event loop used to spend ~1.9 s on each and answer 38.6 MB);
- nested_toml: 2.4 KB of TOML nested 1,200 deep (a 500 and 380 KB of traceback before);
- forged_addresses: rooms created as fast as possible, each with another X-Forwarded-For
  (believed from 127.0.0.1 before, so one client made 300 rooms in 6.3 s);
- code_enumeration: twenty live parties, then codes looked up as fast as possible and
  every one found joined (871 lookups a second and all 68 free seats taken before);
- idle_sockets: 1,100 TCP connections that never send a byte (held forever before).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
from typing import Any

import httpx

CODE_LETTERS = "ABCDEFGHJKMNPQRSTVWXYZ"


def _bad_deck(size: int = 512 * 1024) -> str:
    """A CSV deck of the largest size, every row wrong in every field."""
    header = "id,category,difficulty,quote,author,source,author_clues,quote_clues\n"
    rows, length, i = [header], len(header), 0
    while length < size - 64:
        row = f"c{i},nulle,9,,,,,\n"
        rows.append(row)
        length += len(row)
        i += 1
    return "".join(rows)


async def upload_flood(ctx: Any, stop: asyncio.Event) -> None:
    text = _bad_deck()
    body = {"game": "quiadiquoi", "text": text, "format": "csv", "name": "flood"}

    async def poster(http: httpx.AsyncClient) -> None:
        while not stop.is_set():
            try:
                answer = await http.post("/api/party/uploads", json=body)
                ctx.seen[f"upload {answer.status_code}"] += 1
                ctx.seen["largest answer (bytes)"] = max(
                    ctx.seen["largest answer (bytes)"], len(answer.content)
                )
            except httpx.HTTPError:
                ctx.seen["upload failed"] += 1

    async with ctx.http(ctx.attacker) as http:
        tasks = [asyncio.create_task(poster(http)) for _ in range(2 if ctx.quick else 4)]
        await stop.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def nested_toml(ctx: Any, stop: asyncio.Event) -> None:
    text = "x = " + "[" * 1200 + "]" * 1200
    body = {"game": "quiadiquoi", "text": text, "format": "toml", "name": "deep"}
    async with ctx.http(ctx.attacker) as http:
        while not stop.is_set():
            try:
                answer = await http.post("/api/party/uploads", json=body)
                ctx.seen[f"nested {answer.status_code}"] += 1
            except httpx.HTTPError:
                ctx.seen["nested failed"] += 1


async def forged_addresses(ctx: Any, stop: asyncio.Event) -> None:
    rng = random.Random(7)
    body = {"game": "kwinty", "seats": [{"mine": True}, {"mine": True}]}
    async with ctx.http(ctx.attacker) as http:
        while not stop.is_set():
            forged = f"10.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(256)}"
            try:
                answer = await http.post(
                    "/api/rooms", json=body, headers={"X-Forwarded-For": forged}
                )
                ctx.seen[f"create {answer.status_code}"] += 1
                if answer.status_code == 429:
                    await asyncio.sleep(0.01)
            except httpx.HTTPError:
                ctx.seen["create failed"] += 1


async def code_enumeration(ctx: Any, stop: asyncio.Event) -> None:
    rng = random.Random(11)
    party = {
        "game": "quiadiquoi",
        "options": {"deck": "test-fr"},
        "players": 4,
        "seats": [{"kind": "human"}] * 4,
    }
    async with ctx.http(ctx.attacker) as http:
        # twenty live parties with free seats, as on a busy evening
        for _ in range(20):
            made = await http.post("/api/rooms", json=party)
            if made.status_code == 201:
                await http.get(f"/api/party/rooms/{made.json()['room']}")
                ctx.seen["live parties"] += 1
        while not stop.is_set():
            code = "".join(rng.choice(CODE_LETTERS) for _ in range(4))
            try:
                answer = await http.get(f"/api/party/codes/{code}")
                ctx.seen[f"lookup {answer.status_code}"] += 1
                if answer.status_code == 200:
                    joined = await http.post(
                        f"/api/party/codes/{code}/join", json={"name": "Intrus"}
                    )
                    ctx.seen[f"join {joined.status_code}"] += 1
                    if joined.status_code == 200:
                        ctx.seen["seat taken"] += 1
            except httpx.HTTPError:
                ctx.seen["lookup failed"] += 1


async def idle_sockets(ctx: Any, stop: asyncio.Event) -> None:
    host, _, port = ctx.url.removeprefix("http://").partition(":")
    count = 300 if ctx.quick else 1100
    loop = asyncio.get_running_loop()
    held: list[socket.socket] = []
    for _ in range(count):
        sock = socket.socket()
        sock.setblocking(False)
        with contextlib.suppress(OSError):
            sock.bind((ctx.attacker, 0))
            await loop.sock_connect(sock, (host, int(port)))
            held.append(sock)
    ctx.seen["opened"] = len(held)
    await asyncio.sleep(15)  # past the server's header deadline (10 s)
    closed = 0
    for sock in held:
        try:
            data = await asyncio.wait_for(loop.sock_recv(sock, 1), 0.05)
            closed += data == b""
        except TimeoutError:
            pass
        except OSError:
            closed += 1
    ctx.seen["closed by the server after 15 s"] = closed
    await stop.wait()
    for sock in held:
        sock.close()


LIMIT_ATTACKS: list[tuple[str, Any]] = [
    ("upload_flood", upload_flood),
    ("nested_toml", nested_toml),
    ("forged_addresses", forged_addresses),
    ("code_enumeration", code_enumeration),
    ("idle_sockets", idle_sockets),
]
