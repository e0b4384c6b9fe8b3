"""Long work shows a progress bar on stderr when stderr is a terminal, and none with
`--quiet` or when piped: the results on stdout are the same either way."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys

import pytest


def run_with_terminal_stderr(*args: str) -> tuple[int, str, str]:
    """Run `tablier` with stderr on a pseudo-terminal; (exit code, stdout, stderr)."""
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "TABLIER_LANG"}
    process = subprocess.Popen(
        [sys.executable, "-m", "tablier", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=slave,
        env={**env, "COLUMNS": "160"},
    )
    os.close(slave)
    chunks = []
    while True:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:  # the child closed its side
                break
            if not data:
                break
            chunks.append(data)
        elif process.poll() is not None:
            break
    assert process.stdout is not None
    out = process.stdout.read().decode()
    code = process.wait(timeout=120)
    os.close(master)
    return code, out, b"".join(chunks).decode(errors="replace")


ARENA = ("arena", "kwinty", "--players", "random,random", "--games", "6")


def test_the_arena_draws_a_bar_with_the_tally_on_a_terminal() -> None:
    code, out, err = run_with_terminal_stderr(*ARENA)
    assert code == 0
    assert "random vs random" in err and "(V-N-D)" in err and "6/6" in err
    assert "━" in err  # the bar itself
    # the results are on stdout, free of the bar
    assert "victoires" in out and "V-N-D" not in out and "random vs random" not in out


@pytest.mark.parametrize("where", ["before", "after"])
def test_quiet_hides_the_bar(where: str) -> None:
    args = ("--quiet", *ARENA) if where == "before" else (*ARENA, "--quiet")
    code, out, err = run_with_terminal_stderr(*args)
    assert code == 0
    assert err.strip() == ""
    assert "victoires" in out


def test_a_puzzle_search_pulses_while_it_runs() -> None:
    code, out, err = run_with_terminal_stderr("puzzle", "tile", "hexagon", "2", "3", "6")
    assert code == 0
    assert "recherche" in err
    assert "Solved" in out and "recherche" not in out


def test_no_bar_when_stderr_is_not_a_terminal() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tablier", *ARENA], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0
    assert done.stderr == ""
