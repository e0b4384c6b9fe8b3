"""Runs the web client's JavaScript unit tests with Node's built-in test runner."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

JS_TESTS = Path(__file__).resolve().parent / "js"


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is required for the web client's unit tests under CI=true")
        pytest.skip("node is not installed")
    return node


def test_javascript_unit_tests_pass() -> None:
    files = sorted(str(p) for p in JS_TESTS.glob("*.test.js"))
    assert files, "no JavaScript unit tests found"
    result = subprocess.run(
        [_node(), "--test", *files],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    summary = "\n".join(
        line for line in result.stdout.splitlines() if line.startswith(("not ok", "# "))
    )
    assert result.returncode == 0, f"node --test failed:\n{summary}\n{result.stderr[-2000:]}"
    assert "# fail 0" in result.stdout
