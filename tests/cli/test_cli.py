"""The `tablier` command as a person uses it: real processes, piped keyboard input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def tablier_cmd(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tablier", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_games_lists_every_game_with_options():
    result = tablier_cmd("games")
    assert result.returncode == 0
    assert "kwinty" in result.stdout and "short_faces" in result.stdout


@pytest.mark.parametrize(("lang", "word"), [("fr", "Fin de partie"), ("en", "End of the game")])
def test_rules_prints_the_rules_page(lang, word):
    result = tablier_cmd("rules", "kwinty", "--lang", lang)
    assert result.returncode == 0
    assert word in result.stdout


def test_rules_of_an_unknown_game_fails_clearly():
    result = tablier_cmd("rules", "chess")
    assert result.returncode == 2
    assert "unknown game" in result.stdout


def test_play_against_random_to_the_end_and_save(tmp_path):
    target = tmp_path / "mine"
    # a malformed move, an out-of-range number, then always the first listed move
    keys = "zz\n99\n" + "1\n" * 60
    result = tablier_cmd(
        "play", "kwinty", "--vs", "random", "--seed", "4", "--save", str(target), stdin=keys
    )
    assert result.returncode == 0, result.stderr
    assert "Refused: 'zz' is not a Kwinty move" in result.stdout
    assert "Choose a number between 1 and" in result.stdout
    assert "Game over" in result.stdout
    record = json.loads((tmp_path / "mine.tablier.json").read_text())
    assert record["game"] == "kwinty" and record["returns"] in ([1, -1], [-1, 1], [0, 0])
    replayed = tablier_cmd("replay", str(tmp_path / "mine.tablier.json"), "--all")
    assert replayed.returncode == 0
    assert f"after move {len(record['moves'])}/{len(record['moves'])}" in replayed.stdout


def test_play_two_humans_at_one_terminal_with_options(tmp_path):
    result = tablier_cmd(
        "play", "kwinty", "-o", "variant=kwintie", "--seed", "1", stdin="e1v\n1\n1\nq\n"
    )
    assert result.returncode == 0
    assert "Refused: e1v: White's first piece may not cover the centre square e1" in result.stdout
    assert "Player 0 plays a1h" in result.stdout
    assert "Game stopped before its end" in result.stdout


def test_play_with_a_bad_option_explains():
    result = tablier_cmd("play", "kwinty", "-o", "variant=giant")
    assert result.returncode == 2
    assert "allowed: 'kwinty', 'kwintie'" in result.stdout
