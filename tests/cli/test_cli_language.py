"""French by default, English with `--lang en` (before or after the sub-command) or
TABLIER_LANG=en: the help pages, refusals, pictures and outcomes."""

from __future__ import annotations

import subprocess
from collections.abc import Callable

import pytest
from typer.testing import CliRunner

from tablier.cli import app

ZZ9_FR = "Refusé : 'zz9' n'est pas un coup de Kwinty"
ZZ9_EN = "Refused: 'zz9' is not a Kwinty move"

# the `tablier_run` fixture (conftest.py): tablier_run(*args, stdin=, env=, timeout=)
Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.mark.parametrize(
    ("args", "env", "said"),
    [
        ([], {}, ZZ9_FR),
        (["--lang", "en"], {}, ZZ9_EN),
        (["-l", "en"], {}, ZZ9_EN),
        ([], {"TABLIER_LANG": "en"}, ZZ9_EN),
        # the option wins over the environment
        (["--lang", "fr"], {"TABLIER_LANG": "en"}, ZZ9_FR),
    ],
)
def test_zz9_is_refused_in_the_chosen_language(
    tablier_run: Run, args: list[str], env: dict[str, str], said: str
) -> None:
    done = tablier_run("play", "kwinty", "--vs", "random", *args, stdin="zz9\nq\n", env=env)
    assert done.returncode == 0, done.stderr
    assert said in done.stdout
    other = ZZ9_EN if said == ZZ9_FR else ZZ9_FR
    assert other not in done.stdout


def test_the_picture_and_the_prompt_follow_the_language(tablier_run: Run) -> None:
    french = tablier_run("play", "kwinty", "--vs", "random", stdin="q\n")
    assert "Blanc, votre coup (numéro, notation, ? liste, q quitter)" in french.stdout
    assert "Partie arrêtée avant la fin." in french.stdout
    english = tablier_run("play", "kwinty", "--vs", "random", "--lang", "en", stdin="q\n")
    assert "White, your move (number, notation, ? list, q quit)" in english.stdout
    assert "Game stopped before its end." in english.stdout


@pytest.mark.parametrize(
    ("args", "env", "words", "absent"),
    [
        ([], {}, ["Commandes", "Jouer dans le terminal", "langue : fr ou en"], "Commands"),
        (["--lang", "en"], {}, ["Commands", "Play in the terminal", "language: fr or en"], "Jouer"),
        ([], {"TABLIER_LANG": "en"}, ["Commands", "Play in the terminal"], "Jouer"),
    ],
)
def test_the_help_speaks_the_chosen_language(
    tablier_run: Run, args: list[str], env: dict[str, str], words: list[str], absent: str
) -> None:
    done = tablier_run(*args, "--help", env=env)
    assert done.returncode == 0
    for word in words:
        assert word in done.stdout
    assert absent not in done.stdout


def test_a_sub_command_help_is_french_by_default(tablier_run: Run) -> None:
    done = tablier_run("play", "--help")
    assert "votre place face à l'ordinateur" in done.stdout
    assert "[par défaut : human]" in done.stdout
    english = tablier_run("play", "--help", "--lang", "en")
    assert "your seat against the computer" in english.stdout
    assert "[default: human]" in english.stdout


def test_one_process_runs_do_not_leak_their_language_into_the_next() -> None:
    runner = CliRunner()
    english = runner.invoke(app, ["--lang", "en", "games"], env={"TABLIER_LANG": ""})
    assert "Tablier games" in english.stdout
    french = runner.invoke(app, ["games"], env={"TABLIER_LANG": ""})
    assert "Les jeux de Tablier" in french.stdout
    after = runner.invoke(app, ["games", "--lang", "en"], env={"TABLIER_LANG": ""})
    assert "Tablier games" in after.stdout


def test_an_outcome_is_told_in_the_chosen_language(tablier_run: Run, tmp_path) -> None:
    keys = "1\n" * 60
    french = tablier_run("play", "kwinty", "--vs", "random", "--seed", "4", stdin=keys)
    assert "Partie terminée" in french.stdout
    english = tablier_run(
        "play", "kwinty", "--vs", "random", "--seed", "4", "--lang", "en", stdin=keys
    )
    assert "Game over" in english.stdout and "Partie terminée" not in english.stdout
