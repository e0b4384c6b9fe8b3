"""Load test of the game server: N concurrent games of random players over real WebSockets.

    .venv/bin/python benchmarks/server_load.py --games 100 --seconds 20
    .venv/bin/python benchmarks/server_load.py --games 1000 --seconds 30 --game kwinty
    .venv/bin/python benchmarks/server_load.py --games 500 2000 --seconds 60 --pace 1 3
    .venv/bin/python benchmarks/server_load.py --games 500 --seconds 60 --pace 1 3 --game all
    .venv/bin/python benchmarks/server_load.py --create-rate 200 --seconds 30

`--pace LO HI` makes the robots play like people: each seat waits a random LO..HI
seconds before each of its moves, whatever the server's latency (an open loop), so the
load is the number of games, not how fast the server answers. `--game all` spreads the
rooms over every game without text moves. Besides the round trip of a move (p50, p95,
p99, max), the script prints room creation latency and the server's CPU time and memory.

Starts `python -m tablier serve` on a free loopback port with a fresh SQLite database
(or uses `--url` of a running server), opens one room per game with two online seats
(two WebSocket connections), and lets random players play for a fixed time; a finished
game is followed by a rematch in the same room. `--create-rate R` measures room creation
alone, open loop: a request every 1/R s for `--seconds`, whatever the answers' speed,
and prints the latency percentiles of those requests (each a room of the next game in
turn, two online seats). Every move is stored before it is
acknowledged, so the figures include the database. Prints completed games, moves per
second and the round-trip latency of a move (sent → `accepted`) at p50/p95/p99.

The robots play far faster than people, all from one address, so the started server
raises its per-requester message pace and games an hour (TABLIER_WS_MESSAGES_*,
TABLIER_GAMES_PER_HOUR); everything else is the default setup.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
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
    creations: list[float] = field(default_factory=list)
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


def start_server(db_url: str, redis_url: str | None = None) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {
        **os.environ,
        **({"TABLIER_REDIS_URL": redis_url} if redis_url else {}),
        "TABLIER_AI_DELAY": "0",
        "TABLIER_WS_MESSAGES_PER_SECOND": "100000",
        "TABLIER_WS_MESSAGES_BURST": "100000",
        "TABLIER_HTTP_BURST": "100000",
        "TABLIER_MOVE_BYTES_PER_HOUR": "100000000000",
        "TABLIER_HTTP_PER_SECOND": "100000",
        "TABLIER_GAMES_PER_HOUR": "10000000",
        # every robot player comes from this machine's address
        "TABLIER_SOCKETS_PER_CLIENT": "100000",
        "TABLIER_ROOMS_PER_MINUTE": "1000000",
        "TABLIER_MAX_ROOMS": "100000",
    }
    # TABLIER_LOAD_SERVER_LOGS=DIR keeps each server's log there (to see why a socket failed)
    logs = os.environ.get("TABLIER_LOAD_SERVER_LOGS")
    out = open(Path(logs) / f"server-{port}.log", "wb") if logs else subprocess.DEVNULL  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "tablier", "serve", "--port", str(port), "--db", db_url],
        env=env,
        stdout=out,
        stderr=subprocess.STDOUT,
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
    url: str,
    room: str,
    token: str,
    seat: int,
    rng: random.Random,
    stats: Stats,
    stop: float,
    pace: tuple[float, float] | None = None,
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
                    if pace is not None:
                        # a person thinks; the server's answer time is not part of it
                        await asyncio.sleep(rng.uniform(*pace))
                        if time.monotonic() >= stop:
                            break
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "move", "seat": seat, "move": move}))


PACED_GAMES = ["kwinty", "quiwin", "turris", "counterplays"]


async def create_rooms(
    urls: list[str], game: str, count: int, stats: Stats
) -> list[dict[str, Any]]:
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        semaphore = asyncio.Semaphore(20)

        async def one(i: int) -> dict[str, Any]:
            async with semaphore:
                started = time.perf_counter()
                # several processes: each creates (and so plays) its share of the rooms
                response = await client.post(
                    f"{urls[i % len(urls)]}/api/rooms",
                    json={
                        "game": PACED_GAMES[i % len(PACED_GAMES)] if game == "all" else game,
                        "seats": [{"mine": True}, {"mine": True}],
                        "seating": "as_listed",
                    },
                )
                stats.creations.append(time.perf_counter() - started)
                response.raise_for_status()
                data: dict[str, Any] = response.json()
                return data

        return list(await asyncio.gather(*(one(i) for i in range(count))))


async def paced_creations(url: str, rate: float, seconds: float, server_pid: int | None) -> None:
    """Create rooms at `rate` per second for `seconds`, each request on its own schedule."""
    latencies: list[float] = []
    failures = 0
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:

        async def one(i: int) -> None:
            nonlocal failures
            started = time.perf_counter()
            response = await client.post(
                "/api/rooms",
                json={
                    "game": PACED_GAMES[i % len(PACED_GAMES)],
                    "seats": [{"mine": True}, {"mine": True}],
                },
            )
            latencies.append(time.perf_counter() - started)
            if response.status_code != 201:
                failures += 1

        # warm the connection pool and the server's code paths first
        await asyncio.gather(*(one(i) for i in range(20)))
        latencies.clear()
        cpu_before, _ = process_usage(server_pid)
        start = time.perf_counter()
        tasks = []
        count = int(rate * seconds)
        for i in range(count):
            delay = start + i / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            tasks.append(asyncio.create_task(one(i)))
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - start
        cpu_after, rss = process_usage(server_pid)
    print(
        f"room creation at {rate:g}/s for {seconds:g} s ({count} rooms, "
        f"{count / elapsed:.0f}/s achieved): p50 {percentile(latencies, 50) * 1000:.1f} ms, "
        f"p95 {percentile(latencies, 95) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 99) * 1000:.1f} ms, "
        f"max {max(latencies, default=float('nan')) * 1000:.1f} ms; failures {failures}; "
        f"server {(cpu_after - cpu_before) / elapsed * 100:.0f}% of a core, {rss:.0f} MB; "
        f"load average {os.getloadavg()[0]:.1f}"
    )


def process_usage(pid: int | None) -> tuple[float, float]:
    """CPU seconds used and resident memory (MB) of a process, from /proc (0 if unknown)."""
    if pid is None:
        return 0.0, 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        cpu = (int(fields[11]) + int(fields[12])) / ticks
        rss = int(fields[21]) * os.sysconf("SC_PAGE_SIZE") / 2**20
        return cpu, rss
    except (OSError, ValueError, IndexError):
        return 0.0, 0.0


def processes_usage(pids: list[int] | None) -> tuple[float, float]:
    """CPU seconds and resident MB summed over several server processes."""
    used = [process_usage(pid) for pid in pids or []]
    return sum(u[0] for u in used), sum(u[1] for u in used)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


async def measure(
    urls: list[str],
    game: str,
    games: int,
    seconds: float,
    pace: tuple[float, float] | None = None,
    server_pids: list[int] | None = None,
) -> Stats:
    stats = Stats()
    rooms = await create_rooms(urls, game, games, stats)
    cpu_before, _ = processes_usage(server_pids)
    own_before = time.process_time()
    stop = time.monotonic() + seconds
    started = time.monotonic()
    tasks = []
    for i, room in enumerate(rooms):
        for seat_info in room["my_seats"]:
            # with several processes the seats of a room sit on different ones: the
            # second seat's frames cross between processes through Redis
            tasks.append(
                seat_loop(
                    urls[(i + seat_info["seat"]) % len(urls)],
                    room["room"],
                    seat_info["token"],
                    seat_info["seat"],
                    random.Random(i * 2 + seat_info["seat"]),
                    stats,
                    stop,
                    pace,
                )
            )
    results = await asyncio.gather(*tasks, return_exceptions=True)
    stats.closed = sum(1 for r in results if isinstance(r, BaseException))
    elapsed = time.monotonic() - started
    cpu_after, rss = processes_usage(server_pids)
    print(
        f"room creation p50 {percentile(stats.creations, 50) * 1000:.1f} ms, "
        f"p99 {percentile(stats.creations, 99) * 1000:.1f} ms"
    )
    if server_pids:
        print(
            f"server ({len(server_pids)} process(es)): "
            f"{(cpu_after - cpu_before) / elapsed * 100:.0f}% of a core, "
            f"{rss:.0f} MB resident; the robots (this process, same machine): "
            f"{(time.process_time() - own_before) / elapsed * 100:.0f}% of a core"
        )
    paced = f", paced {pace[0]:g}-{pace[1]:g} s" if pace else ""
    print(
        f"{games} concurrent {game} games{paced}, {elapsed:.1f} s: "
        f"{stats.games} games completed, {stats.moves} moves, "
        f"{stats.moves / elapsed:.0f} moves/s; "
        f"round trip p50 {percentile(stats.rtts, 50) * 1000:.1f} ms, "
        f"p95 {percentile(stats.rtts, 95) * 1000:.1f} ms, "
        f"p99 {percentile(stats.rtts, 99) * 1000:.1f} ms, "
        f"max {max(stats.rtts, default=float('nan')) * 1000:.1f} ms; "
        f"errors {stats.errors}, failed connections {stats.closed}"
    )
    return stats


def main() -> None:
    # the robots hold thousands of connections too: their own collector's pauses (up to
    # 200 ms measured at 2,000 games) would count as server latency. A run lasts minutes,
    # so the robots simply never collect cycles.
    gc.collect()
    gc.disable()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[100])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--game", default="kwinty")
    parser.add_argument("--url", default=None, help="a running server (default: start one)")
    parser.add_argument(
        "--pace",
        type=float,
        nargs=2,
        default=None,
        metavar=("LO", "HI"),
        help="seconds a seat thinks before each move (human-paced, open loop)",
    )
    parser.add_argument(
        "--create-rate",
        type=float,
        default=None,
        help="measure room creation alone: this many requests per second, open loop",
    )
    parser.add_argument("--db", default=None, help="a database URL (default: a fresh SQLite file)")
    parser.add_argument(
        "--redis",
        default=None,
        help="a Redis URL: start --processes server processes on --db (PostgreSQL)",
    )
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()
    if args.processes > 1 and not (args.redis and args.db):
        parser.error("several processes need --db (PostgreSQL) and --redis")
    procs: list[subprocess.Popen[bytes]] = []
    urls = [args.url] if args.url else []
    with tempfile.TemporaryDirectory() as tmp:
        if not urls:
            db_url = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
            for _ in range(args.processes):
                proc, url = start_server(db_url, args.redis)
                procs.append(proc)
                urls.append(url)
        pids = [proc.pid for proc in procs]
        try:
            if args.create_rate:
                pid = pids[0] if pids else None
                asyncio.run(paced_creations(urls[0], args.create_rate, args.seconds, pid))
                return
            for count in args.games:
                pace = tuple(args.pace) if args.pace else None
                asyncio.run(measure(urls, args.game, count, args.seconds, pace, pids))
        finally:
            for proc in procs:
                proc.terminate()
                proc.wait(timeout=30)


if __name__ == "__main__":
    main()
