"""The generic command line with Turris: rules pages and a game against the random player."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import tablier


def tablier_cmd(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tablier", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        # French by default is what these tests read, whatever the caller's TABLIER_LANG
        env={k: v for k, v in os.environ.items() if k != "TABLIER_LANG"},
    )


@pytest.mark.parametrize(
    ("lang", "words"),
    [("fr", ["Le bonus du centre", "Fin de partie", "xa1@3"]), ("en", ["centre bonus", "Ha1b1"])],
)
def test_rules_turris(lang: str, words: list[str]) -> None:
    result = tablier_cmd("rules", "turris", "--lang", lang)
    assert result.returncode == 0, result.stderr
    for word in words:
        assert word in result.stdout


def test_play_against_random_to_the_end(tmp_path: Path) -> None:
    # the human (White) always takes the first move listed
    save = tmp_path / "game"
    result = tablier_cmd(
        "play", "turris", "--vs", "random", "--seed", "4", "--save", str(save), stdin="1\n" * 200
    )
    assert result.returncode == 0, result.stderr
    assert "Partie terminée" in result.stdout
    assert "face A" in result.stdout and "Score final" in result.stdout
    record = tablier.load_record(tmp_path / "game.tablier.json")
    state = tablier.replay(record)
    assert state.is_terminal()
    assert record["outcome"]["reason"] == "score"
    assert record["moves"][0] == [0, "Va1"]


def test_play_refuses_an_illegal_move_and_stops_on_quit() -> None:
    result = tablier_cmd("play", "turris", "--vs", "random", stdin="Vb2\nHa1b1\nq\n")
    assert result.returncode == 0, result.stderr
    assert "Refusé" in result.stdout and "une autre case de ce niveau" in result.stdout
    assert "faire le pont" in result.stdout
    assert "Partie arrêtée" in result.stdout


def test_play_accepts_notation_and_the_computer_answers() -> None:
    result = tablier_cmd("play", "turris", "--vs", "random", "--seed", "1", stdin="Vc3\nq\n")
    assert result.returncode == 0, result.stderr
    assert "Blanc joue Vc3" in result.stdout
    assert "Noir (ordinateur) joue" in result.stdout
