"""The `tablier` command as a person uses it: real processes, piped keyboard input.

French by default, English with `--lang en` or TABLIER_LANG=en; errors are one line on
stderr with an exit code other than 0.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import tablier


def tablier_cmd(
    *args: str, stdin: str = "", timeout: float = 120, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k != "TABLIER_LANG"}
    return subprocess.run(
        [sys.executable, "-m", "tablier", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**base, **(env or {})},
    )


def test_games_lists_every_game_with_options():
    result = tablier_cmd("games")
    assert result.returncode == 0
    assert "kwinty" in result.stdout and "short_faces" in result.stdout
    assert "Les jeux de Tablier" in result.stdout


@pytest.mark.parametrize(("lang", "word"), [("fr", "Fin de partie"), ("en", "End of the game")])
def test_rules_prints_the_rules_page(lang, word):
    result = tablier_cmd("rules", "kwinty", "--lang", lang)
    assert result.returncode == 0
    assert word in result.stdout


def test_the_rules_follow_the_chosen_language():
    assert "Fin de partie" in tablier_cmd("rules", "kwinty").stdout
    assert "End of the game" in tablier_cmd("--lang", "en", "rules", "kwinty").stdout
    english = tablier_cmd("rules", "kwinty", env={"TABLIER_LANG": "en"})
    assert "End of the game" in english.stdout


def test_an_unknown_game_fails_on_stderr():
    result = tablier_cmd("rules", "chess")
    assert result.returncode == 2
    assert "chess" in result.stderr and result.stdout == ""
    played = tablier_cmd("play", "chess")
    assert played.returncode == 2 and "jeu inconnu 'chess'" in played.stderr


def test_zz9_is_refused_in_french_by_default_and_in_english_on_request():
    french = tablier_cmd("play", "kwinty", "--vs", "random", stdin="zz9\nq\n")
    assert "Refusé : 'zz9' n'est pas un coup de Kwinty" in french.stdout
    english = tablier_cmd("play", "kwinty", "--vs", "random", "--lang", "en", stdin="zz9\nq\n")
    assert "Refused: 'zz9' is not a Kwinty move" in english.stdout
    before = tablier_cmd("--lang", "en", "play", "kwinty", "--vs", "random", stdin="zz9\nq\n")
    assert "Refused: 'zz9' is not a Kwinty move" in before.stdout


def test_play_against_random_to_the_end_and_save(tmp_path):
    target = tmp_path / "mine"
    # a malformed move, an out-of-range number, then always the first listed move
    keys = "zz\n99\n" + "1\n" * 60
    result = tablier_cmd(
        "play", "kwinty", "--vs", "random", "--seed", "4", "--save", str(target), stdin=keys
    )
    assert result.returncode == 0, result.stderr
    assert "Refusé : 'zz' n'est pas un coup de Kwinty" in result.stdout
    assert "Choisissez un numéro entre 1 et" in result.stdout
    assert "Partie terminée" in result.stdout
    record = json.loads((tmp_path / "mine.tablier.json").read_text())
    assert record["game"] == "kwinty" and record["returns"] in ([1, -1], [-1, 1], [0, 0])
    replayed = tablier_cmd("replay", str(tmp_path / "mine.tablier.json"), "--all")
    assert replayed.returncode == 0
    assert f"après le coup {len(record['moves'])}/{len(record['moves'])}" in replayed.stdout


def test_play_two_humans_at_one_terminal_with_options():
    result = tablier_cmd(
        "play", "kwinty", "-o", "variant=kwintie", "--seed", "1", stdin="e1v\n1\n1\nq\n"
    )
    assert result.returncode == 0
    assert "Refusé : e1v : la première pièce de Blanc ne peut pas couvrir" in result.stdout
    assert "Blanc joue a1h" in result.stdout
    assert "Partie arrêtée avant la fin" in result.stdout


def test_play_with_a_bad_option_explains_on_stderr():
    result = tablier_cmd("play", "kwinty", "-o", "variant=giant")
    assert result.returncode == 2
    assert "'kwinty', 'kwintie'" in result.stderr


def test_version():
    result = tablier_cmd("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"tablier {tablier.__version__}"


@pytest.mark.parametrize("port", ["0", "70000", "-5"])
def test_serve_refuses_an_invalid_port(port):
    result = tablier_cmd("serve", "--port", port, timeout=60)
    assert result.returncode == 2
    assert "65535" in result.stderr


def test_a_missing_optional_extra_is_one_line_not_a_traceback():
    # OpenSpiel made unimportable, as on a machine without the research extra
    code = (
        "import sys; sys.modules['pyspiel'] = None; sys.modules['open_spiel'] = None\n"
        "sys.argv = ['tablier', 'play', 'kwinty', '--vs', 'openspiel-mcts']\n"
        "from tablier.cli import main\nmain()\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and 'pip install "tablier[research]"' in lines[0]
