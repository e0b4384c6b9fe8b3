"""Load test of the game server: N concurrent games of random players over real WebSockets.

    .venv/bin/python benchmarks/server_load.py --games 100 --seconds 20
    .venv/bin/python benchmarks/server_load.py --games 1000 --seconds 30 --game kwinty

Starts `python -m tablier serve` on a free loopback port with a fresh SQLite database
(or uses `--url` of a running server), opens one room per game with two online seats
(two WebSocket connections), and lets random players play for a fixed time; a finished
game is followed by a rematch in the same room. Every move is stored before it is
acknowledged, so the figures include the database. Prints completed games, moves per
second and the round-trip latency of a move (sent → `accepted`) at p50/p95/p99.

The robots play far faster than people, so the started server raises its per-connection
message rate limit (TABLIER_RATE_PER_SECOND); everything else is the default setup.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets


@dataclass
class Stats:
    moves: int = 0
    games: int = 0
    errors: int = 0
    closed: int = 0
    rtts: list[float] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {
        **os.environ,
        "TABLIER_AI_DELAY": "0",
        "TABLIER_RATE_PER_SECOND": "100000",
        "TABLIER_RATE_BURST": "100000",
        # every robot player comes from this machine's address
        "TABLIER_SOCKETS_PER_CLIENT": "100000",
        "TABLIER_ROOMS_PER_MINUTE": "1000000",
        "TABLIER_MAX_ROOMS": "100000",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "tablier", "serve", "--port", str(port), "--db", f"sqlite:///{db}"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def seat_loop(
    url: str, room: str, token: str, seat: int, rng: random.Random, stats: Stats, stop: float
) -> None:
    ws_url = url.replace("http", "ws", 1) + f"/ws/rooms/{room}"
    async with websockets.connect(ws_url, max_size=None, open_timeout=120) as ws:
        await ws.send(json.dumps({"type": "hello", "v": 1, "tokens": [token]}))
        sent_at: float | None = None
        moved_at = (0, 0)  # (game, move count) of this seat's last accepted move
        counted_game = 0
        rematch_asked = 0
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, stop - time.monotonic()))
            except TimeoutError:
                break
            message: dict[str, Any] = json.loads(raw)
            kind = message["type"]
            if kind == "accepted":
                if sent_at is not None:
                    stats.rtts.append(time.perf_counter() - sent_at)
                sent_at = None
                stats.moves += 1
                moved_at = (message["game_number"], message["move_count"])
            elif kind == "error":
                stats.errors += 1
                sent_at = None
            elif kind == "state":
                point = (message["game_number"], message["move_count"])
                if message["terminal"]:
                    if seat == 0 and message["game_number"] > counted_game:
                        counted_game = message["game_number"]
                        stats.games += 1
                    if rematch_asked < message["game_number"]:
                        rematch_asked = message["game_number"]
                        await ws.send(json.dumps({"type": "rematch", "seat": seat}))
                elif (
                    sent_at is None
                    and point >= moved_at
                    and seat in message["awaited"]
                    and message["legal_moves"]
                ):
                    move = rng.choice(message["legal_moves"])
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "move", "seat": seat, "move": move}))


async def create_rooms(url: str, game: str, count: int) -> list[dict[str, Any]]:
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        semaphore = asyncio.Semaphore(20)

        async def one() -> dict[str, Any]:
            async with semaphore:
                response = await client.post(
                    "/api/rooms",
                    json={
                        "game": game,
                        "seats": [{"mine": True}, {"mine": True}],
                        "seating": "as_listed",
                    },
                )
                response.raise_for_status()
                data: dict[str, Any] = response.json()
                return data

        return list(await asyncio.gather(*(one() for _ in range(count))))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


async def measure(url: str, game: str, games: int, seconds: float) -> Stats:
    rooms = await create_rooms(url, game, games)
    stats = Stats()
    stop = time.monotonic() + seconds
    started = time.monotonic()
    tasks = []
    for i, room in enumerate(rooms):
        for seat_info in room["my_seats"]:
            tasks.append(
                seat_loop(
                    url,
                    room["room"],
                    seat_info["token"],
                    seat_info["seat"],
                    random.Random(i * 2 + seat_info["seat"]),
                    stats,
                    stop,
                )
            )
    results = await asyncio.gather(*tasks, return_exceptions=True)
    stats.closed = sum(1 for r in results if isinstance(r, BaseException))
    elapsed = time.monotonic() - started
    print(
        f"{games} concurrent {game} games, {elapsed:.1f} s: "
        f"{stats.games} games completed, {stats.moves} moves, "
        f"{stats.moves / elapsed:.0f} moves/s; "
        f"round trip p50 {percentile(stats.rtts, 50) * 1000:.1f} ms, "
        f"p95 {percentile(stats.rtts, 95) * 1000:.1f} ms, "
        f"p99 {percentile(stats.rtts, 99) * 1000:.1f} ms; "
        f"errors {stats.errors}, failed connections {stats.closed}"
    )
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[100])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--game", default="kwinty")
    parser.add_argument("--url", default=None, help="a running server (default: start one)")
    args = parser.parse_args()
    proc = None
    url = args.url
    with tempfile.TemporaryDirectory() as tmp:
        if url is None:
            proc, url = start_server(Path(tmp) / "load.db")
        try:
            for count in args.games:
                asyncio.run(measure(url, args.game, count, args.seconds))
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=30)


if __name__ == "__main__":
    main()
