"""`tablier problems`: a short generation writes proved problems; `count` reads them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import tablier
from tablier.cli.root import app
from tablier.puzzles.verify import find


def test_generate_writes_problems_that_are_proved_again(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["problems", "generate", "kwinty", "--count", "2", "--minutes", "1.5",
              "--out", str(tmp_path), "--seed", "3", "--quiet"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "problèmes" in result.output
    problems = json.loads((tmp_path / "kwinty.json").read_text())
    assert problems, result.output
    for problem in problems:
        state = tablier.replay(problem)
        again = find(state, 1_000_000, 120.0)
        assert again is not None and again.key == problem["key"]
        assert problem["id"].startswith("kwinty-")


def test_an_unknown_game_is_refused_in_french() -> None:
    result = CliRunner().invoke(app, ["problems", "generate", "quiwin"])
    assert result.exit_code == 2
    assert "pas de problèmes pour quiwin" in result.output


def test_count_names_each_game() -> None:
    result = CliRunner().invoke(app, ["problems", "count"])
    assert result.exit_code == 0
    for game in ("kwinty", "turris", "counterplays"):
        assert game in result.output
