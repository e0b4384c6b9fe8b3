"""The `tablier` command run as a person runs it: a real process, keys piped in."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable

import pytest

Run = Callable[..., subprocess.CompletedProcess[str]]


def run_tablier(
    *args: str, stdin: str = "", timeout: float = 120, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    # the default language is the point of several tests: the caller's TABLIER_LANG goes
    base = {k: v for k, v in os.environ.items() if k != "TABLIER_LANG"}
    return subprocess.run(
        [sys.executable, "-m", "tablier", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**base, "COLUMNS": "200", **(env or {})},
    )


@pytest.fixture
def tablier_run() -> Run:
    return run_tablier
