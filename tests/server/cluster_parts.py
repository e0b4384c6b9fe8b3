"""Real PostgreSQL and Redis servers for the scale-out tests, each private to one test.

They come from the Debian packages (`postgresql`, `redis-server`), which `.ci/run`
installs. Without them the tests skip, except under CI=true where they fail.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import free_port


def _missing(what: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is needed for the scale-out tests (CI installs it)")
    pytest.skip(f"{what} is not installed")


def _postgres_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _as_postgres_user(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run it as the package's `postgres` user."""
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A fresh PostgreSQL cluster on a free port; yields its SQLAlchemy URL."""
    initdb, pg_ctl = _postgres_bin("initdb"), _postgres_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        _missing("PostgreSQL (initdb, pg_ctl)")
    assert initdb is not None and pg_ctl is not None
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _missing("the psycopg package (extra `postgres`)")
    # not under pytest's tmp_path: its parents are closed to the postgres user
    home = Path(tempfile.mkdtemp(prefix="tablier-pg-"))
    data, port = home / "data", free_port()
    if os.geteuid() == 0:
        shutil.chown(home, "postgres")
        home.chmod(0o700)
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.STDOUT}
    subprocess.run(
        _as_postgres_user([initdb, "-D", str(data), "-A", "trust", "-U", "tablier"]),
        check=True,
        **quiet,
    )
    options = f"-p {port} -k {home} -c listen_addresses=127.0.0.1 -c fsync=on"
    subprocess.run(
        _as_postgres_user(
            [pg_ctl, "-D", str(data), "-o", options, "-l", str(home / "log"), "-w", "start"]
        ),
        check=True,
        **quiet,
    )
    try:
        yield f"postgresql+psycopg://tablier@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_postgres_user([pg_ctl, "-D", str(data), "-m", "immediate", "stop"]), **quiet
        )
        shutil.rmtree(home, ignore_errors=True)


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """A Redis server on a free port, nothing saved to disk; yields its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        _missing("redis-server")
    assert binary is not None
    try:
        import redis
    except ImportError:
        _missing("the redis package (extra `postgres`)")
    port = free_port()
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    url = f"redis://127.0.0.1:{port}/0"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                redis.Redis.from_url(url).ping()
                break
            except redis.ConnectionError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)
        yield url
    finally:
        proc.kill()
        proc.wait()
