"""`tablier rules` on a terminal: the web page's diagrams become the game's text picture."""

from __future__ import annotations

import os
import subprocess
import sys

from tablier.core.rules_diagrams import diagrams, position
from tablier.core.rules_pages import rules_text


def rules_cmd(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "TABLIER_LANG"}
    return subprocess.run(
        [sys.executable, "-m", "tablier", "rules", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def test_rules_show_each_example_as_the_game_text_picture() -> None:
    result = rules_cmd("turris", "--lang", "en")
    assert result.returncode == 0
    assert "```diagram" not in result.stdout and '"moves"' not in result.stdout
    for example in diagrams(rules_text("turris", "en")):
        picture = position(example).render_text(None, "en").strip()
        assert picture in result.stdout
    assert "Going further" in result.stdout


def test_rules_raw_keep_the_markdown_source() -> None:
    result = rules_cmd("kwinty", "--raw")
    assert result.returncode == 0
    assert result.stdout.strip() == rules_text("kwinty", "fr").strip()
    assert "```diagram kwinty" in result.stdout
