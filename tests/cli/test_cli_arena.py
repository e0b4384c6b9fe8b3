"""`tablier arena` reports in the chosen language, numbers written the local way."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from tablier.cli import app

MATCH = ["arena", "kwinty", "--players", "greedy,random", "--games", "2", "--seed", "5"]


def test_the_report_is_french_by_default_with_decimal_commas() -> None:
    out = CliRunner().invoke(app, MATCH, env={"TABLIER_LANG": ""})
    assert out.exit_code == 0, out.output
    for word in ("kwinty : 2 parties", "victoires", "défaites", "temps par coup", "moyenne"):
        assert word in out.stdout
    # the score column: one decimal after a comma, a non-breaking space before %
    assert re.search(r"\d+,\d\u00a0%", out.stdout)
    assert re.search(r"\d,\d{3} s", out.stdout)
    assert not re.search(r"\d\.\d", out.stdout)


def test_the_report_in_english() -> None:
    out = CliRunner().invoke(app, [*MATCH, "--lang", "en"], env={"TABLIER_LANG": ""})
    assert out.exit_code == 0, out.output
    for word in ("kwinty: 2 games", "wins", "losses", "time per move", "mean"):
        assert word in out.stdout
    assert re.search(r"\d+\.\d%", out.stdout) and re.search(r"\d\.\d{3} s", out.stdout)
