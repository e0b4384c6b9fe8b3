"""Browser tests: a real `tablier serve` process and Debian's Chromium driven by Playwright.

Without /usr/bin/chromium the tests skip, except under CI=true where they fail: a CI run
that silently skipped the browser would prove nothing. No browser is ever downloaded.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# the tests import `e2e_helpers` under pytest's importlib mode
HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 860}


def _require_browser() -> None:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI") == "true":
            pytest.fail(f"{CHROMIUM} is missing: the browser tests must run under CI=true")
        pytest.skip(f"{CHROMIUM} is not installed")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        if os.environ.get("CI") == "true":
            pytest.fail("the playwright package is missing")
        pytest.skip("the playwright package is not installed")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class WebServer:
    def __init__(self, base: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = base / "server.log"
        self.db = base / "e2e.db"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> WebServer:
        env = {
            **os.environ,
            # computer moves still wait a moment so a person can follow, just less long
            "TABLIER_AI_DELAY": "0.3",
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
        }
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "tablier",
                    "serve",
                    "--port",
                    str(self.port),
                    "--db",
                    f"sqlite:///{self.db}",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped:\n{self.log_path.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/health", timeout=2) as answer:
                    if answer.status == 200:
                        return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the server did not answer within 60 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    _require_browser()
    server = WebServer(tmp_path_factory.mktemp("e2e")).start()
    yield server
    server.stop()


# module scope: Playwright's sync API keeps an event loop running while it is open, and
# later tests (the server's) start loops of their own with asyncio.run
@pytest.fixture(scope="module")
def chromium(web_server: WebServer) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def open_context(chromium: Any) -> Iterator[Any]:
    """Make fresh browser contexts (separate storage: separate people); closed afterwards."""
    contexts: list[Any] = []

    def make(viewport: dict[str, int] | None = None) -> Any:
        context = chromium.new_context(viewport=viewport or DESKTOP, locale="fr-FR")
        context.set_default_timeout(20_000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
