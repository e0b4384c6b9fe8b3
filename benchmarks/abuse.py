"""Abuse benchmark: attacks on a real server beside an honest player's game.

    .venv/bin/python benchmarks/abuse.py            # every attack, 40 s each
    .venv/bin/python benchmarks/abuse.py --quick    # fewer attackers, 15 s each
    .venv/bin/python benchmarks/abuse.py --attacks hint_flood,puzzle_hints

Starts `python -m tablier serve` on a free loopback port with a fresh SQLite database
and the default settings. An honest player (address 127.0.0.1) plays Kwinty against
the computer (`medium`) from its own client the whole time, random legal moves, a
rematch after each game; it measures the computer's answer (its move accepted → the
computer's move shown, the 0.8 s display delay included) and a move's round trip
(sent → `accepted`). First alone (the baseline), then beside each attack in turn, all
in the same run; each attack comes from its own address (127.0.0.2, .3...), and what
one leaves running goes on beside the next, as a second attacker would. Clients behave
like browsers: WebSocket frames compressed (permessage-deflate).

Prints, per phase, the honest figures (p50/p99), their ratio to the baseline, what the
attacker got (answers, refusals) and "lockout: yes" when the honest player could not
open a room or waited more than `--lockout` seconds for the computer. The goal: within
1.5x of the baseline under every attack, and no lockout.

Attacks are functions in `ATTACKS`, each run in its own process (its clients never slow
the honest one's) until its `stop` event is set.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import queue
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from abuse_limits import LIMIT_ATTACKS

HONEST = "127.0.0.1"


# ------------------------------------------------------------------ the server
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(db_url: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    out = log.open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tablier", "serve", "--port", str(port), "--db", db_url],
        env={**os.environ},
        stdout=out,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                return proc, url
        time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"the server did not start; see {log}")


@dataclass
class Ctx:
    url: str
    quick: bool
    # each attack from its own address (127.0.0.2, .3...): what an attack left running
    # goes on beside the next one, as another attacker would
    attacker: str = "127.0.0.2"
    # honest players at once, each its own game from its own address (HONEST, then
    # 127.0.1.2, .3...): more moves a phase, so that p99 is not the slowest of sixty
    honest: int = 1
    # what the attacker saw, by outcome ("answer", "busy", "429"...)
    seen: Counter[str] = field(default_factory=Counter)

    @property
    def ws(self) -> str:
        return self.url.replace("http", "ws", 1)

    def http(self, address: str) -> httpx.AsyncClient:
        transport = httpx.AsyncHTTPTransport(local_address=address)
        return httpx.AsyncClient(base_url=self.url, transport=transport, timeout=120)

    async def socket(self, address: str, room: str, tokens: list[str]) -> Any:
        ws = await websockets.connect(
            f"{self.ws}/ws/rooms/{room}",
            compression="deflate",  # as browsers do
            local_addr=(address, 0),
            max_size=None,
            open_timeout=30,
        )
        await ws.send(json.dumps({"type": "hello", "v": 1, "tokens": tokens}))
        return ws


async def _next(ws: Any, kind: str | tuple[str, ...], timeout: float) -> dict[str, Any]:
    kinds = (kind,) if isinstance(kind, str) else kind
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no {kinds} in {timeout} s")
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), left))
        if message.get("type") in kinds:
            return message


# ------------------------------------------------------------------ the honest player
@dataclass
class Figures:
    answers: list[float] = field(default_factory=list)
    round_trips: list[float] = field(default_factory=list)
    lockout: list[str] = field(default_factory=list)


async def honest_game(
    ctx: Ctx, stop: asyncio.Event, figures: Figures, lockout: float, seed: int = 1
) -> None:
    """Kwinty against the computer, random legal moves, a new room after each game."""
    rng = random.Random(seed)
    # each honest player is a person of its own, with its own address and limits
    address = HONEST if seed == 1 else f"127.0.1.{seed}"
    while not stop.is_set():
        async with ctx.http(address) as http:
            answer = await http.post(
                "/api/rooms",
                json={
                    "game": "kwinty",
                    "seats": [{"mine": True}, {"kind": "computer", "level": "medium"}],
                    "seating": "as_listed",
                },
            )
        if answer.status_code != 201:
            figures.lockout.append(f"room refused: {answer.status_code} {answer.text[:80]}")
            return
        body = answer.json()
        ws = await ctx.socket(address, body["room"], [body["my_seats"][0]["token"]])
        try:
            await _play_one(ws, rng, stop, figures, lockout)
        except (TimeoutError, websockets.ConnectionClosed) as exc:
            figures.lockout.append(f"no answer: {exc!r}")
            return
        finally:
            await ws.close()


async def _play_one(
    ws: Any, rng: random.Random, stop: asyncio.Event, figures: Figures, lockout: float
) -> None:
    state = await _until_my_turn(ws, lockout, -1)
    ref = 0
    while not stop.is_set() and not state["terminal"]:
        ref += 1
        sent = time.perf_counter()
        move = rng.choice(state["legal_moves"])
        await ws.send(json.dumps({"type": "move", "seat": 0, "move": move, "ref": ref}))
        accepted = await _next(ws, ("accepted", "error"), lockout)
        now = time.perf_counter()
        if accepted["type"] == "error":
            raise TimeoutError(f"move refused: {accepted.get('code')}")
        figures.round_trips.append(now - sent)
        count = accepted["move_count"]
        state = await _until_my_turn(ws, lockout, count)
        if state["move_count"] > count and not state["terminal"]:
            figures.answers.append(time.perf_counter() - now)
        await asyncio.sleep(0.2)  # a person looks at the board a moment


async def _until_my_turn(ws: Any, timeout: float, count: int) -> dict[str, Any]:
    """The first state after `count` moves where seat 0 must play, or the game's end."""
    while True:
        state = await _next(ws, "state", timeout)
        if state["move_count"] < count:
            continue
        if state["terminal"] or 0 in state["awaited"]:
            return state


# ------------------------------------------------------------------ the attacks
Attack = Callable[[Ctx, asyncio.Event], Coroutine[Any, Any, None]]


async def _room(ctx: Ctx, http: httpx.AsyncClient, seats: list[dict[str, Any]]) -> Any:
    answer = await http.post(
        "/api/rooms", json={"game": "kwinty", "seats": seats, "seating": "as_listed"}
    )
    ctx.seen[f"create {answer.status_code}"] += 1
    return answer.json() if answer.status_code == 201 else None


async def watched_expert_rooms(ctx: Ctx, stop: asyncio.Event) -> None:
    """Expert-vs-expert rooms from one address, each watched by one spectator socket."""
    count = 8 if ctx.quick else 30
    sockets = []
    async with ctx.http(ctx.attacker) as http:
        for _ in range(count):
            body = await _room(ctx, http, [{"kind": "computer", "level": "expert"}] * 2)
            if body is not None:
                sockets.append(await ctx.socket(ctx.attacker, body["room"], []))

    async def watch(ws: Any) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for text in ws:
                if json.loads(text).get("type") == "state":
                    ctx.seen["expert move seen"] += 1

    watchers = [asyncio.create_task(watch(ws)) for ws in sockets]
    await stop.wait()
    for ws in sockets:
        await ws.close()
    await asyncio.gather(*watchers, return_exceptions=True)


async def analysis_loop(ctx: Ctx, stop: asyncio.Event) -> None:
    """Rooms looping: play a game out, ask for its analysis, rematch."""
    count = 5 if ctx.quick else 20

    async def one(http: httpx.AsyncClient) -> None:
        body = await _room(ctx, http, [{"mine": True}, {"mine": True}])
        if body is None:
            return
        room = body["room"]
        tokens = [s["token"] for s in body["my_seats"]]
        ws = await ctx.socket(ctx.attacker, room, tokens)
        rng = random.Random(room)
        try:
            analysed = 0
            while not stop.is_set():
                while True:
                    message = await _next(ws, "state", 60)
                    number = message["game_number"]
                    if message["terminal"]:
                        if number > analysed:
                            break
                        continue
                    seat = message["seat"]
                    if seat in message["awaited"] and message["legal_moves"]:
                        move = rng.choice(message["legal_moves"])
                        await ws.send(json.dumps({"type": "move", "seat": seat, "move": move}))
                        await asyncio.sleep(0.06)  # within the socket's message rate
                answer = await http.post(f"/api/rooms/{room}/games/{number}/analysis")
                ctx.seen[f"analysis {answer.status_code}"] += 1
                analysed = number
                for seat in (0, 1):
                    await ws.send(json.dumps({"type": "rematch", "seat": seat}))
        except (TimeoutError, websockets.ConnectionClosed, httpx.HTTPError):
            ctx.seen["attacker gave up"] += 1
        finally:
            await ws.close()

    async with ctx.http(ctx.attacker) as http:
        tasks = [asyncio.create_task(one(http)) for _ in range(count)]
        await stop.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def hint_flood(ctx: Ctx, stop: asyncio.Event) -> None:
    """Many sockets on one room against the computer, each asking hints non-stop."""
    count = 20 if ctx.quick else 60
    async with ctx.http(ctx.attacker) as http:
        body = await _room(ctx, http, [{"mine": True}, {"kind": "computer", "level": "medium"}])
    if body is None:
        return
    room, token = body["room"], body["my_seats"][0]["token"]

    async def asker() -> None:
        ws = await ctx.socket(ctx.attacker, room, [token])
        try:
            await _next(ws, "state", 30)
            while not stop.is_set():
                await ws.send(json.dumps({"type": "hint", "seat": 0, "ref": 1}))
                answer = await _next(ws, ("hint", "error"), 120)
                ctx.seen["hint" if answer["type"] == "hint" else f"hint {answer['code']}"] += 1
                if answer["type"] == "error":
                    await asyncio.sleep(0.1)  # a client told "busy" asks again soon
        except (TimeoutError, websockets.ConnectionClosed):
            ctx.seen["attacker gave up"] += 1
        finally:
            await ws.close()

    tasks = [asyncio.create_task(asker()) for _ in range(count)]
    await stop.wait()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def puzzle_hints(ctx: Ctx, stop: asyncio.Event) -> None:
    """Counterplays level-6 puzzle hints from the empty stack (its longest search)."""
    count = 8 if ctx.quick else 40

    async def asker(http: httpx.AsyncClient) -> None:
        while not stop.is_set():
            try:
                answer = await http.post("/api/puzzles/level6/hint", json={"moves": []})
                ctx.seen[f"puzzle hint {answer.status_code}"] += 1
                if answer.status_code != 200:
                    await asyncio.sleep(0.1)
            except httpx.HTTPError:
                ctx.seen["puzzle hint failed"] += 1

    async with ctx.http(ctx.attacker) as http:
        tasks = [asyncio.create_task(asker(http)) for _ in range(count)]
        await stop.wait()
        for task in tasks:
            task.cancel()  # the requests are dropped: the server stops their searches
        await asyncio.gather(*tasks, return_exceptions=True)


ATTACKS: list[tuple[str, Attack]] = [
    ("watched_expert_rooms", watched_expert_rooms),
    ("analysis_loop", analysis_loop),
    ("hint_flood", hint_flood),
    ("puzzle_hints", puzzle_hints),
]
# the limits' attacks (uploads, forged addresses, party codes, idle sockets)
ATTACKS += LIMIT_ATTACKS


# ------------------------------------------------------------------ phases and report
def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def ratios(p50: float | None, p99: float | None, b50: float | None, b99: float | None) -> str:
    if p50 is None or p99 is None or not b50 or not b99:
        return "—"
    return f"{p50 / b50:.2f} / {p99 / b99:.2f}"


def show(value: float | None, unit: float = 1.0, digits: int = 2) -> str:
    return "—" if value is None else f"{value * unit:.{digits}f}"


def _attack_process(
    name: str, url: str, quick: bool, address: str, stop: Any, results: Any
) -> None:
    """The attacker's own process: its clients never slow the honest one's loop."""
    attack = dict(ATTACKS)[name]
    ctx = Ctx(url, quick, address)

    async def run() -> None:
        stopped = asyncio.Event()
        task = asyncio.create_task(attack(ctx, stopped))
        while not stop.is_set() and not task.done():
            await asyncio.sleep(0.1)
        stopped.set()
        try:
            await asyncio.wait_for(task, 60)
        except TimeoutError:
            ctx.seen["attack did not stop in time"] += 1
        except Exception as exc:
            ctx.seen[f"attack failed: {exc!r}"[:80]] += 1

    asyncio.run(run())
    results.put(dict(ctx.seen))


async def phase(
    ctx: Ctx, attack: str | None, seconds: float, warmup: float, lockout: float
) -> Figures:
    mp = multiprocessing.get_context("spawn")
    stop, results = mp.Event(), mp.Queue()
    attacker = None
    if attack is not None:
        attacker = mp.Process(
            target=_attack_process,
            args=(attack, ctx.url, ctx.quick, ctx.attacker, stop, results),
        )
        attacker.start()
        await asyncio.sleep(warmup)  # the attack is in full swing before measuring
    figures = Figures()
    stop_honest = asyncio.Event()
    honest = asyncio.gather(
        *(honest_game(ctx, stop_honest, figures, lockout, 1 + n) for n in range(ctx.honest))
    )
    await asyncio.sleep(seconds)
    stop_honest.set()
    stop.set()
    await asyncio.gather(honest, return_exceptions=True)
    if attacker is not None:
        try:
            ctx.seen.update(await asyncio.to_thread(results.get, True, 90))
        except queue.Empty:
            ctx.seen["attacker did not report"] += 1
        attacker.join(10)
        if attacker.is_alive():
            attacker.kill()
    await asyncio.sleep(3)  # what the attack left behind settles
    return figures


async def main(args: argparse.Namespace) -> None:
    quick = args.quick
    seconds = args.seconds or (15.0 if quick else 40.0)
    chosen = [n for n, _ in ATTACKS if not args.attacks or n in args.attacks.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(args.log) if args.log else Path(tmp) / "server.log"
        proc, url = start_server(f"sqlite:///{Path(tmp) / 'abuse.db'}", log)
        try:
            ctx = Ctx(url, quick, honest=args.honest)
            rows = []
            # the workers started and the code warm before anything is measured
            await phase(ctx, None, args.warmup, 0, args.lockout)
            base = await phase(ctx, None, seconds, 0, args.lockout)
            rows.append(("baseline (alone)", base, Counter[str]()))
            for number, name in enumerate(chosen):
                ctx.seen = Counter()
                ctx.attacker = f"127.0.0.{2 + number}"
                print(f"… {name}", file=sys.stderr, flush=True)
                figures = await phase(ctx, name, seconds, args.warmup, args.lockout)
                rows.append((name, figures, ctx.seen))
            report(rows, seconds, quick, ctx.honest)
        finally:
            proc.terminate()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()  # a server still busy with what the attacks left
                proc.wait(10)


def report(
    rows: list[tuple[str, Figures, Counter[str]]],
    seconds: float,
    quick: bool,
    honest_players: int = 1,
) -> None:
    base = rows[0][1]
    b50, b99 = pct(base.answers, 50), pct(base.answers, 99)
    print(
        f"honest Kwinty vs computer (medium), {seconds:g} s per phase"
        f"{f', {honest_players} honest players at once' if honest_players > 1 else ''}"
        f"{' (quick)' if quick else ''}; cpus: {os.cpu_count()}"
    )
    print(
        "| phase | computer answer p50 / p99 (s) | × baseline | "
        "move round trip p50 / p99 (ms) | × baseline | honest moves | lockout | attacker got |"
    )
    print("|---|---|---|---|---|---|---|---|")
    r50, r99 = pct(base.round_trips, 50), pct(base.round_trips, 99)
    for name, f, seen in rows:
        a50, a99 = pct(f.answers, 50), pct(f.answers, 99)
        t50, t99 = pct(f.round_trips, 50), pct(f.round_trips, 99)
        locked = "yes: " + "; ".join(f.lockout) if f.lockout else "no"
        got = ", ".join(f"{k} {v}" for k, v in sorted(seen.items())) or "—"
        print(
            f"| {name} | {show(a50)} / {show(a99)} | {ratios(a50, a99, b50, b99)} | "
            f"{show(t50, 1000, 1)} / {show(t99, 1000, 1)} | {ratios(t50, t99, r50, r99)} | "
            f"{len(f.round_trips)} | {locked} | {got} |"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer attackers, shorter phases")
    parser.add_argument("--seconds", type=float, help="honest play per phase")
    parser.add_argument("--warmup", type=float, default=5.0, help="attack alone first (s)")
    parser.add_argument(
        "--honest",
        type=int,
        default=1,
        help="honest players at once, each its own game and address",
    )
    parser.add_argument("--lockout", type=float, default=30.0, help="no answer this long: lockout")
    parser.add_argument("--attacks", help="comma-separated names; default: all")
    parser.add_argument("--log", help="keep the server's log here")
    asyncio.run(main(parser.parse_args()))
