"""Balance studies: the figures, their intervals, the verdicts, the report, and that the
same seeds give the same figures whichever way the games are spread."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablier.cli import app
from tablier.study import Figures, StudySpec, figures_of, run_study
from tablier.study.compare import compare_first_seat, newcombe
from tablier.study.figures import Mean, Share, winner
from tablier.study.report import write_report


def test_a_winner_beats_every_other_seat() -> None:
    assert winner([1.0, -1.0]) == 0
    assert winner([-1.0, 1.0]) == 1
    assert winner([0.0, 0.0]) is None
    assert winner([1.0, 1.0, -1.0]) is None


def test_shares_and_means_carry_their_intervals() -> None:
    share = Share.of(56, 100)
    assert share.rate == 0.56 and share.low < 0.56 < share.high
    assert Share.of(0, 10).low == 0.0 and Share.of(10, 10).high == 1.0
    mean = Mean.of([1.0, 2.0, 3.0, 4.0])
    assert mean.mean == 2.5 and mean.low < 2.5 < mean.high and mean.n == 4
    assert (mean.minimum, mean.maximum) == (1.0, 4.0)


def test_newcombe_interval_of_a_difference() -> None:
    # a textbook pair: 56/70 against 48/80, Newcombe's hybrid interval
    d, low, high = newcombe(48, 80, 56, 70)
    assert d == pytest.approx(0.2)
    assert low == pytest.approx(0.0524, abs=1e-3)
    assert high == pytest.approx(0.3339, abs=1e-3)


def _figures(options: dict, jobs: int = 1, ray: str | None = None, games: int = 60) -> Figures:
    spec = StudySpec("kwinty", ("random", "random"), games, options, seed=5)
    return figures_of("kwinty", options, spec.players, run_study(spec, jobs=jobs, ray_address=ray))


def test_the_figures_add_up_and_say_how_games_end() -> None:
    figures = _figures({})
    assert figures.games == 60
    assert sum(s.count for s in figures.wins) + figures.draws.count == 60
    assert sum(s.count for s in figures.reasons.values()) == 60
    assert set(figures.reasons) <= {"line", "exhausted", "blocked"}
    assert 5 <= figures.length.mean <= 42
    assert len(figures.branching) == 10 and all(b > 0 for b in figures.branching)
    assert "lines_of_four_margin" in figures.facts and "winner" not in figures.facts


def test_the_same_seeds_give_the_same_figures_with_a_process_pool() -> None:
    assert _figures({}, jobs=2).to_json() == _figures({}, jobs=1).to_json()


def test_the_same_seeds_give_the_same_figures_on_a_local_ray_cluster() -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        if os.environ.get("CI") == "true":
            pytest.fail("ray (the scale extra) is required under CI=true")
        pytest.skip("ray is not installed")
    assert _figures({}, ray="local", games=24).to_json() == _figures({}, games=24).to_json()


def test_a_verdict_in_plain_words_in_both_languages() -> None:
    a, b = _figures({}), _figures({"variant": "kwintie"})
    difference = compare_first_seat(a, b, "Kwinty", "Kwintie")
    assert difference.difference == pytest.approx((b.wins[0].rate - a.wins[0].rate) * 100)
    fr, en = difference.verdict("fr"), difference.verdict("en")
    assert "Kwintie" in fr and "premier joueur" in fr and "points" in fr
    assert "first player" in en
    assert difference.low <= difference.difference <= difference.high


def test_the_report_is_self_contained(tmp_path: Path) -> None:
    a, b = _figures({}), _figures({"variant": "kwintie"})
    page, data = write_report(
        tmp_path, [("Kwinty", a), ("Kwintie", b)], [compare_first_seat(a, b, "Kwinty", "Kwintie")]
    )
    text = page.read_text()
    # plots inline, nothing to fetch (namespace names in the SVG are not addresses)
    assert text.count("<svg") >= 2
    assert re.search(r"""(src|href)=["']?(https?:)?//""", text) is None
    assert "Victoires par siège" in text
    figures = json.loads(data.read_text())
    assert [s["label"] for s in figures["studies"]] == ["Kwinty", "Kwintie"]
    assert figures["differences"][0]["verdict"]["en"]


def test_the_command_writes_a_report_in_french(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        ["study", "turris", "--vs", "bonus_chain=true", "--games", "20", "--out", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    assert "Blanc (hasard) gagne" in result.output
    assert (tmp_path / "report.html").is_file() and (tmp_path / "figures.json").is_file()
    unknown = CliRunner().invoke(app, ["study", "nope", "--out", str(tmp_path)])
    assert unknown.exit_code != 0


def test_a_game_with_text_moves_is_studied_too() -> None:
    spec = StudySpec("quiadiquoi", ("random", "random", "random"), 4, {"deck": "test-fr"}, seed=2)
    figures = figures_of("quiadiquoi", spec.options, spec.players, run_study(spec))
    assert figures.games == 4
    assert sum(s.count for s in figures.wins) + figures.draws.count == 4
