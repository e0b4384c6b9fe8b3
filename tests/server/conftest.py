"""A shared server process for the integration tests of this directory.

The path tweak lets the tests import `server_helpers` under pytest's importlib mode.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from server_helpers import ServerProcess  # noqa: E402


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    base = tmp_path_factory.mktemp("server")
    proc = ServerProcess(base / "t.db", base / "server.log").start()
    yield proc
    proc.stop()
