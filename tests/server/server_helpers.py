"""Helpers for the server tests: a real server process and WebSocket clients."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import websockets
from pydantic import TypeAdapter

from tablier.server.protocol import ServerMessage

SERVER_MESSAGES: TypeAdapter[Any] = TypeAdapter(ServerMessage)

# generous: the machine is shared by many workers
WAIT = float(os.environ.get("TABLIER_TEST_WAIT", "60"))


TEXTS = ("Victor Hugo", "Voltaire", "Marie Curie", "Je pense, donc je suis")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """`python -m tablier serve` on a free port with its own SQLite database."""

    def __init__(self, db: Path | str, log_path: Path, env: dict[str, str] | None = None) -> None:
        """`db`: a SQLite file, or a database URL."""
        self.db_url = db if isinstance(db, str) else f"sqlite:///{db}"
        self.log_path = log_path
        self.env = {
            "TABLIER_AI_DELAY": "0",
            "TABLIER_AI_WORKERS": "1",
            # the tests create rooms faster than a visitor may
            "TABLIER_ROOMS_PER_MINUTE": "10000",
            "TABLIER_SOCKETS_PER_CLIENT": "10000",
            "TABLIER_WS_MESSAGES_PER_SECOND": "10000",
            "TABLIER_WS_MESSAGES_BURST": "10000",
            "TABLIER_HTTP_BURST": "10000",
            "TABLIER_MOVE_BYTES_PER_HOUR": "100000000",
            "TABLIER_HTTP_PER_SECOND": "10000",
            "TABLIER_GAMES_PER_HOUR": "100000",
            # ... and profiles and sign-ins (the tests that check those limits set their own)
            "TABLIER_PROFILES_PER_MINUTE": "10000",
            "TABLIER_SIGN_INS_PER_MINUTE": "10000",
            **(env or {}),
        }
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        """Start on a free port; another try if the port was taken meanwhile."""
        for attempt in range(3):
            try:
                return self._start()
            except RuntimeError:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _start(self) -> ServerProcess:
        self.port = free_port()
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tablier",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db_url,
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, **self.env},
        )
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log_path.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.http}/api/health", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server did not start in time")

    def kill(self) -> None:
        """kill -9: no chance to flush or close anything."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=WAIT)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()

    def create_room(self, **body: Any) -> dict[str, Any]:
        response = httpx.post(f"{self.http}/api/rooms", json=body, timeout=WAIT)
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data

    def join(self, room: str, **body: Any) -> dict[str, Any]:
        response = httpx.post(f"{self.http}/api/rooms/{room}/join", json=body, timeout=WAIT)
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def get(self, path: str) -> httpx.Response:
        return httpx.get(f"{self.http}{path}", timeout=WAIT)


class Client:
    """A WebSocket client that keeps every raw frame it received."""

    def __init__(self, ws: Any, room: str = "") -> None:
        self.ws = ws
        self.room = room
        self.frames: list[str] = []
        self.ref = 0
        # the newest state received per seat, and the point each seat last moved from
        self.latest: dict[int | None, dict[str, Any]] = {}
        self.moved_at: dict[int, tuple[int, int]] = {}
        self.accepted: list[dict[str, Any]] = []

    @classmethod
    async def open(
        cls, server: ServerProcess, room: str, tokens: list[str] | None = None, watch: bool = False
    ) -> Client:
        ws = await websockets.connect(f"{server.ws}/ws/rooms/{room}", max_size=None)
        client = cls(ws, room)
        hello: dict[str, Any] = {"type": "hello", "v": 1, "tokens": tokens or []}
        if watch:
            hello["watch"] = True
        await client.send(hello)
        return client

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def recv(self, timeout: float = WAIT) -> dict[str, Any]:
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        self.frames.append(text)
        data: dict[str, Any] = json.loads(text)
        # every frame the server sends matches the published schema
        SERVER_MESSAGES.validate_python(data)
        if data.get("type") == "state":
            self.latest[data["seat"]] = data
        elif data.get("type") == "accepted":
            self.accepted.append(data)
        return data

    async def until(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = WAIT
    ) -> dict[str, Any]:
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise TimeoutError("the expected message did not come")
            message = await self.recv(left)
            if predicate(message):
                return message

    async def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send with a fresh ref and return the answer that echoes it."""
        self.ref += 1
        ref = self.ref
        await self.send({**message, "ref": ref})
        return await self.until(
            lambda m: (
                m["type"] in ("accepted", "ack", "error", "pong", "hint") and m.get("ref") == ref
            )
        )

    async def close(self) -> None:
        await self.ws.close()

    async def closed_with(self, timeout: float = WAIT) -> tuple[int | None, str]:
        """Read until the server closes; the close code and reason."""
        try:
            while True:
                await self.recv(timeout)
        except websockets.ConnectionClosed as exc:
            if exc.rcvd is None:
                return None, ""
            return exc.rcvd.code, exc.rcvd.reason


def engine_outcome(told: dict[str, Any] | None) -> dict[str, Any] | None:
    """An outcome as the server tells it, without what it adds to the engine's data
    (the reason in both languages, whether a new deal follows)."""
    if told is None:
        return None
    return {k: v for k, v in told.items() if k not in ("reason_text", "new_deal")}


def is_state(seat: int | None) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == "state" and m["seat"] == seat


async def play_seat(
    client: Client,
    seat: int,
    rng: random.Random,
    max_moves: int | None = None,
    game_number: int | None = None,
    stop_at: int | None = None,
) -> dict[str, Any]:
    """Play random legal moves for `seat` until the game ends, `max_moves` were made or
    the game has `stop_at` moves.

    Returns the last state seen for the seat (the terminal one if the game ended).
    """
    made = 0
    state: dict[str, Any] = {}

    def point(m: dict[str, Any]) -> tuple[int, int]:
        return m["game_number"], m["move_count"]

    def stops(m: dict[str, Any]) -> bool:
        return bool(m["terminal"]) or (stop_at is not None and m["move_count"] >= stop_at)

    def usable(m: dict[str, Any]) -> bool:
        # a state older than this seat's last accepted move is stale: skip it
        if game_number is not None and m["game_number"] != game_number:
            return False
        if point(m) < client.moved_at.get(seat, (0, 0)):
            return False
        return stops(m) or (seat in m["awaited"] and bool(m["legal_moves"]))

    while max_moves is None or made < max_moves:
        latest = client.latest.get(seat)
        if latest is not None and usable(latest) and latest is not state:
            state = latest
        else:
            state = await client.until(lambda m: is_state(seat)(m) and usable(m))
        if stops(state):
            return state
        move = rng.choice(state["legal_moves"])
        if "<text>" in move:  # a free-text move: fill its template
            move = move.replace("<text>", rng.choice(TEXTS))
        answer = await client.request({"type": "move", "seat": seat, "move": move})
        assert answer["type"] == "accepted", answer
        client.moved_at[seat] = (answer["game_number"], answer["move_count"])
        made += 1
    return state


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def slow_think(*_args: Any) -> str:
    """A computer player that thinks far too long (run in a worker process)."""
    time.sleep(3)
    return "step"
