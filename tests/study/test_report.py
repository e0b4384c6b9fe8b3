"""The report a designer reads: in words, French by default, English on request, with
lengths' extremes, the metrics, honest axes; and the command's answers to bad input."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tablier.study.report as report
from tablier.cli import app

# identifiers a page for people must never show as text
RAW = ("line", "blocked", "exhausted", "random", "base", "lines_of_four_margin", "none")


def _visible_text(page: str) -> str:
    """The page's words: tags, styles and the SVG's drawing markup left out."""
    page = re.sub(r"<style>.*?</style>", " ", page, flags=re.S)
    page = re.sub(
        r"<svg.*?</svg>", lambda m: " ".join(re.findall(r">([^<]+)<", m.group(0))), page, flags=re.S
    )
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def _study(tmp_path: Path, *args: str) -> Any:
    return CliRunner().invoke(app, ["study", *args, "--out", str(tmp_path)])


def test_the_report_is_in_french_words(tmp_path: Path) -> None:
    result = _study(tmp_path, "kwinty", "--vs", "variant=kwintie", "--games", "30")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "report.html").read_text()
    text = _visible_text(page)
    assert "Étude d'équilibre : Kwinty" in text
    assert "Règles de base" in text and "Variante : Kwintie" in text
    assert "Blanc : hasard" in text
    for word in RAW:
        # "base" is French too ("Règles de base"): the identifier stands alone
        pattern = r"(?<!de )\bbase\b" if word == "base" else rf"\b{word}\b"
        assert re.search(pattern, text) is None, word
    # lengths' extremes and the metrics, with their intervals
    assert "médiane" in text and "max" in text and "min" in text
    assert "Coups forcés" in text and "Drame" in text and "Changements de meneur" in text
    assert "appariée" in text and "corrélation" in text
    assert "±3 points" in text
    figures = json.loads((tmp_path / "figures.json").read_text())
    first = figures["studies"][0]
    assert first["length"]["minimum"] <= first["length"]["median"] <= first["length"]["maximum"]
    assert figures["differences"][0]["method"] == "paired"
    assert "forced_share" in first["metrics"] and "drama" in first["metrics"]


def test_the_report_in_english(tmp_path: Path) -> None:
    result = _study(
        tmp_path, "counterplays", "--vs", "goal=lowest", "--games", "12", "--lang", "en"
    )
    assert result.exit_code == 0, result.output
    text = _visible_text((tmp_path / "report.html").read_text())
    assert "Balance study: Counterplays" in text and "Base rules" in text
    assert "Goal:" in text and "Lead changes" in text and "True" not in text
    assert "Règles" not in text


def test_the_branching_axis_starts_at_zero(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tablier.study import StudySpec, figures_of, run_study

    spec = StudySpec("turris", ("random", "random"), 6, {}, seed=1)
    figures = figures_of("turris", {}, spec.players, run_study(spec), 1, 600)
    drawn: list[Any] = []
    real = report._svg

    def keep(fig: Any) -> str:
        drawn.append(fig.axes[0].get_ylim())
        return real(fig)

    monkeypatch.setattr(report, "_svg", keep)
    report.render_html([("base", figures)])
    wins, branching = drawn
    assert wins == (0.0, 100.0)
    assert branching[0] == 0.0 and branching[1] > max(figures.branching)


def test_quiadiquoi_is_studied_at_its_own_seat_count(tmp_path: Path) -> None:
    result = _study(tmp_path, "quiadiquoi", "-o", "deck=test-fr", "--games", "2")
    assert result.exit_code == 0, result.output
    figures = json.loads((tmp_path / "figures.json").read_text())
    assert 3 <= len(figures["studies"][0]["players"]) <= 6
    for seats in (3, 6):
        given = _study(
            tmp_path, "quiadiquoi", "-o", "deck=test-fr", "--games", "2", "--seats", str(seats)
        )
        assert given.exit_code == 0, given.output
        figures = json.loads((tmp_path / "figures.json").read_text())
        assert len(figures["studies"][0]["players"]) == seats
        assert len(figures["studies"][0]["wins"]) == seats


@pytest.mark.parametrize(
    "args",
    [
        ["quiadiquoi", "--players", "random,random"],
        ["quiadiquoi", "--seats", "7"],
        ["kwinty", "--players", "random,random,random"],
        ["kwinty", "--players", "random,nobody"],
        ["kwinty", "-o", "variant=nope"],
        ["nope"],
    ],
)
def test_bad_input_is_one_clear_line(tmp_path: Path, args: list[str]) -> None:
    result = CliRunner().invoke(app, ["study", *args, "--games", "2", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert not (tmp_path / "report.html").exists()


def test_a_yes_no_option_reads_as_words() -> None:
    from tablier.study.words import variant_words

    said = variant_words("turris", "bonus_chain=true", {"bonus_chain": True}, {}, "fr")
    assert said == "Bonus en chaîne : oui"
    assert variant_words("turris", "bonus_chain=true", {"bonus_chain": True}, {}, "en") == (
        "Chained bonus: yes"
    )
