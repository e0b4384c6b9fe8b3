"""Connections that hold a file descriptor and say nothing are closed; past the process's
limit a connection is refused with a JSON 503; a database that cannot be written stops the
server with one line."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from server_helpers import WAIT, Client, ServerProcess, run


def _silent_sockets(server: ServerProcess, count: int, say: bytes = b"") -> list[socket.socket]:
    opened = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT)
        if say:
            sock.sendall(say)
        opened.append(sock)
    return opened


def _closed_by_server(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        while True:
            data = sock.recv(4096)
            if not data:
                return True
    except TimeoutError:
        return False
    except OSError:
        return True


def test_sockets_that_never_finish_their_headers_are_closed(tmp_path: Path) -> None:
    server = ServerProcess(
        tmp_path / "t.db", tmp_path / "t.log", env={"TABLIER_HEADER_SECONDS": "1"}
    ).start()
    try:
        silent = _silent_sockets(server, 20)
        slow = _silent_sockets(server, 20, b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        closed = [_closed_by_server(s, 10) for s in silent + slow]
        assert closed.count(True) == 40
        # an honest request is answered, and a kept-alive connection still serves a second
        with httpx.Client(timeout=WAIT) as client:
            assert client.get(f"{server.http}/api/health").status_code == 200
            assert client.get(f"{server.http}/api/health").status_code == 200
    finally:
        server.stop()


# with httptools (installed here) and with h11, the parser uvicorn falls back on without it
@pytest.mark.parametrize("parser", ["auto", "h11"])
def test_past_the_connection_limit_a_request_is_refused(tmp_path: Path, parser: str) -> None:
    server = ServerProcess(
        tmp_path / "t.db",
        tmp_path / "t.log",
        env={
            "TABLIER_MAX_CONNECTIONS": "6",
            "TABLIER_HEADER_SECONDS": "30",
            "TABLIER_HTTP_PARSER": parser,
        },
    ).start()
    try:
        held = _silent_sockets(server, 8)
        refused = httpx.get(f"{server.http}/api/health", timeout=WAIT)
        # JSON like every other refusal, not uvicorn's plain text
        assert refused.status_code == 503
        assert refused.headers["content-type"] == "application/json"
        assert refused.json()["error"] == "server_full"
        assert int(refused.headers["retry-after"]) > 0
        for sock in held:
            sock.close()
        time.sleep(0.5)
        assert httpx.get(f"{server.http}/api/health", timeout=WAIT).status_code == 200
    finally:
        server.stop()


def test_a_socket_that_stops_answering_pings_is_closed(tmp_path: Path) -> None:
    server = ServerProcess(
        tmp_path / "t.db",
        tmp_path / "t.log",
        env={
            "TABLIER_WS_PING_SECONDS": "1",
            # neither the hello timeout nor the header deadline can be what closes it
            "TABLIER_HELLO_TIMEOUT": "120",
            "TABLIER_HEADER_SECONDS": "120",
        },
    ).start()
    try:
        room = server.create_room(game="kwinty", seats=[{"mine": True}, {"mine": True}])["room"]
        # a WebSocket handshake, then silence: no pong ever comes back
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT)
        sock.sendall(
            (
                f"GET /ws/rooms/{room} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        sock.settimeout(WAIT)
        assert sock.recv(4096).startswith(b"HTTP/1.1 101")
        # long before the hello timeout (120 s), the missing pongs close it
        assert _closed_by_server(sock, 30)
    finally:
        server.stop()


def _serve(db: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tablier", "serve", "--port", "1", "--db", db],
        capture_output=True,
        text=True,
        timeout=WAIT,
        env={k: v for k, v in os.environ.items() if k != "TABLIER_LANG"},
    )


def _one_line_no_traceback(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode != 0
    said = (done.stdout + done.stderr).strip()
    assert "Traceback" not in said
    lines = [line for line in said.splitlines() if line.strip()]
    assert len(lines) == 1, said
    return lines[0]


def test_a_database_that_cannot_be_opened_is_one_line(tmp_path: Path) -> None:
    line = _one_line_no_traceback(_serve(str(tmp_path / "no-such-folder" / "t.db")))
    assert "ne peut pas être ouverte en écriture" in line


def test_a_read_only_database_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "t.db"
    made = ServerProcess(db, tmp_path / "made.log").start()
    made.stop()
    for extra in folder.glob("t.db-*"):
        extra.unlink()
    root = os.geteuid() == 0
    if root:
        # root writes through file modes: an immutable folder is read-only even to root
        if shutil.which("chattr") is None:
            pytest.skip("no chattr to make a read-only folder for root")
        made_ro = subprocess.run(["chattr", "+i", str(db), str(folder)], capture_output=True)
        if made_ro.returncode != 0:
            pytest.skip("this file system has no immutable flag")
    else:
        db.chmod(0o444)
        folder.chmod(0o555)
    try:
        line = _one_line_no_traceback(_serve(str(db)))
        assert "ne peut pas être ouverte en écriture" in line
    finally:
        if root:
            subprocess.run(["chattr", "-i", str(db), str(folder)], check=False)
        else:
            folder.chmod(0o755)
            db.chmod(0o644)


def test_a_socket_that_answers_pings_stays_open_past_every_deadline(tmp_path: Path) -> None:
    server = ServerProcess(
        tmp_path / "t.db",
        tmp_path / "t.log",
        env={"TABLIER_WS_PING_SECONDS": "1", "TABLIER_HEADER_SECONDS": "1"},
    ).start()
    try:
        created = server.create_room(game="kwinty", seats=[{"mine": True}, {"mine": True}])
        tokens = [s["token"] for s in created["my_seats"]]

        async def go() -> None:
            client = await Client.open(server, created["room"], tokens)
            await client.until(lambda m: m["type"] == "welcome")
            await asyncio.sleep(4)  # four pings answered, the header deadline long past
            assert (await client.request({"type": "ping"}))["type"] == "pong"
            await client.close()

        run(go())
    finally:
        server.stop()


def test_the_http_parser_setting_chooses_the_protocol_class() -> None:
    from uvicorn.protocols.http.h11_impl import H11Protocol

    from tablier.server.connections import http_protocol

    assert issubclass(http_protocol(5, "h11"), H11Protocol)
    auto = http_protocol(5, "auto")
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:
        assert issubclass(auto, H11Protocol)
    else:
        assert issubclass(auto, HttpToolsProtocol)
    with pytest.raises(ValueError, match="h11"):
        http_protocol(5, "fast")
