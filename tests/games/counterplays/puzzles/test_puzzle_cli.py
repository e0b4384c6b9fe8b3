"""`tablier puzzle ...`: each command prints its answer and a picture."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tablier
from tablier.games.counterplays.cli import puzzle_app
from tablier.games.counterplays.puzzles.level6 import top_level
from tablier.games.counterplays.state import CounterplaysState

runner = CliRunner()


def test_triangle_says_impossible_by_area() -> None:
    result = runner.invoke(puzzle_app, ["triangle"])
    assert result.exit_code == 0
    assert "cannot form an equilateral triangle" in result.output
    assert "Impossible without searching" in result.output


def test_rhombus_out_of_budget_is_not_a_proof() -> None:
    result = runner.invoke(puzzle_app, ["rhombus", "--budget", "5"])
    assert result.exit_code == 0
    assert "Not found within the budget" in result.output


def test_tile_draws_a_solution() -> None:
    result = runner.invoke(puzzle_app, ["tile", "hexagon", "2", "3", "6"])
    assert result.exit_code == 0
    assert "Solved" in result.output
    for letter in "COUNTERPLAYS":
        assert f"{letter}1" in result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["tile", "circle", "3"], "forme inconnue ou mal mesurée circle 3"),
        (["tile", "parallelogram", "3"], "forme inconnue ou mal mesurée parallelogram 3"),
        (["triangle", "--side", "0"], "le côté d'un triangle vaut au moins 1"),
        (["rhombus", "--side", "0", "--lang", "en"], "a rhombus's side is at least 1"),
        (["level6", "--width", "0"], "la largeur et le budget valent au moins 1"),
    ],
)
def test_bad_requests_are_refused_in_one_line_on_stderr(args: list[str], said: str) -> None:
    result = runner.invoke(puzzle_app, args)
    assert result.exit_code == 2
    assert result.stderr.strip() == said or result.stderr.startswith(said)
    assert result.stderr.count("\n") == 1 and result.stdout == ""


def test_surround_one_tile_with_its_follow_up() -> None:
    result = runner.invoke(puzzle_app, ["surround", "--tile", "o"])
    assert result.exit_code == 0
    assert "Black o is surrounded by 3 white tiles" in result.output
    assert "impossible by counting" in result.output
    assert "Follow-up: found" in result.output


def test_surround_refuses_an_unknown_tile() -> None:
    result = runner.invoke(puzzle_app, ["surround", "--tile", "q"])
    assert result.exit_code == 2
    assert "pas de tuile 'q' ; les tuiles : c, o, u, n" in result.stderr


def test_level6_saves_a_record_that_replays(tmp_path: Path) -> None:
    target = tmp_path / "line"
    result = runner.invoke(
        puzzle_app, ["level6", "--target", "3", "--width", "3", "--save", str(target)]
    )
    assert result.exit_code == 0
    assert "Found: a tile reaches level" in result.output
    assert f"Partie enregistrée dans {target}.tablier.json" in result.output
    # without a terminal the search shows no bar: stderr stays empty
    assert result.stderr == ""
    saved = tmp_path / "line.tablier.json"
    state = tablier.replay(tablier.load_record(saved))
    assert isinstance(state, CounterplaysState)
    assert top_level(state) >= 3


def test_the_main_command_has_the_puzzle_group() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tablier", "puzzle", "triangle"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    assert "64 < 72 < 81" in done.stdout


@pytest.mark.parametrize(
    ("lang", "words"),
    [("fr", "Les énigmes solo de Counterplays"), ("en", "Counterplays solo puzzles")],
)
def test_the_puzzle_help_follows_the_language(lang: str, words: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tablier", "--lang", lang, "puzzle", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    assert words in done.stdout
