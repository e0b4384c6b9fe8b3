"""The text picture, the rules pages and the command line."""

from __future__ import annotations

import subprocess
import sys

from quiwin_support import commit, make, pass_window

from tablier.core.rules_pages import rules_text

H0 = ["V22", "J23", "B24", "O25", "R23", "J23", "B24", "O23"]
H1 = ["J23", "O23", "B24", "V22", "R24", "O25", "J23", "B24"]


def test_render_shows_own_hand_rows_measure_and_pawns():
    state = make(H0, H1)
    commit(state, "O25", "O23")
    pass_window(state)
    commit(state, "J23", "J23")
    pass_window(state)
    text = state.render_text(0, lang="en")
    assert "your hand: B24 B24 J23 O23 R23 V22" in text
    rows = {line.split()[0]: line.split()[1:] for line in text.splitlines()[4:6]}
    assert rows["White"][:3] == ["O25", "J23", "|"]
    assert rows["Black"][:3] == ["O?", "J23", "|"]
    assert "measure after palier 1: White 48 mm, Black 46 mm" in text
    assert "▲ up" in text and "▼ down" in text
    spectator = state.render_text(lang="en")
    assert "your hand" not in spectator and "O25" not in spectator
    assert "O23" not in spectator
    french = state.render_text(0)
    assert "votre main : B24 B24 J23 O23 R23 V22" in french
    assert "mesure après le palier 1 : Blanc 48 mm, Noir 46 mm — Noir le gagne" in french
    assert "▲ en haut" in french and "▼ en bas" in french
    assert [line.split()[1:10] for line in french.splitlines()[4:6]] == [
        line.split()[1:10] for line in text.splitlines()[4:6]
    ]


def test_render_at_the_end_names_the_winner():
    row0 = ["V22", "V22", "B24", "B24", "B24", "O25", "V22", "J23"]
    row1 = ["B24", "J23", "V22", "V22", "J23", "J23", "O25", "O25"]
    state = make(row0, row1)
    for a, b in zip(row0, row1, strict=True):
        commit(state, a, b)
        pass_window(state)
    assert "result: White wins (palier 3)" in state.render_text(lang="en")
    assert "résultat : Blanc gagne (décidé au palier 3)" in state.render_text()
    assert state.outcome_text() == "décidé au palier 3"


def test_rules_pages_exist_in_both_languages():
    fr, en = rules_text("quiwin", "fr"), rules_text("quiwin", "en")
    assert "palier" in fr and "départage" in fr.lower()
    assert "tie-break" in en.lower() and "transfer" in en
    for page in (fr, en):
        for code in ("V22", "O25", "R25", "swap"):
            assert code in page


def run_cli(*args: str, text: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tablier", *args],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_rules():
    done = run_cli("rules", "quiwin", "--lang", "en")
    assert done.returncode == 0 and "Qui'win" in done.stdout


def test_cli_plays_against_random_with_piped_input():
    # always choosing the first move listed: tiles, pass, or the first swap
    done = run_cli("play", "quiwin", "--vs", "random", "--seed", "4", text="1\n" * 80)
    assert done.returncode == 0, done.stderr
    assert "résultat :" in done.stdout
    assert "votre main" in done.stdout
