"""What players see: observation, text picture, rules pages and the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from cp_support import HEXAGON_FIRST, new, parse, play

import tablier
from tablier.core.rules_pages import rules_text
from tablier.games.counterplays.shapes import TILE_CELLS

BLACK_C = "C:-1,0;0,0;-1,1;0,1;0,2;1,2"


def test_observation_lists_tiles_cells_and_supplies() -> None:
    state = play([HEXAGON_FIRST, BLACK_C])
    raised = sorted(m for m in state.legal_moves(0) if m.startswith("A:"))[0]
    state.apply(0, raised)
    obs = state.observation(1)
    json.dumps(obs)
    assert obs["game"] == "counterplays" and obs["viewer"] == 1 and obs["awaited"] == [1]
    assert [(t["owner"], t["letter"], t["level"]) for t in obs["tiles"]] == [
        (0, "O", 1),
        (1, "C", 1),
        (0, "A", 2),
    ]
    assert obs["tiles"][2]["cells"] == [list(c) for c in parse(raised)[1]]
    cells = {(c["x"], c["y"]): c for c in obs["cells"]}
    assert set(cells) == set(parse(HEXAGON_FIRST)[1]) | set(parse(BLACK_C)[1])
    for cell in parse(raised)[1]:
        assert cells[cell]["height"] == 2
        assert (cells[cell]["top_owner"], cells[cell]["top_letter"]) == (0, "A")
    assert all(c["up"] == ((x + y) % 2 == 0) for (x, y), c in cells.items())
    assert obs["tiles_left"][0] == [c for c in "COUNTERPLAYS" if c not in "OA"]
    assert obs["tiles_left"][1] == [c for c in "COUNTERPLAYS" if c != "C"]
    assert obs["level_counts"] == [[1, 1], [1, 0]]
    assert obs["top_level"] == 2 and obs["last_move"] == raised
    assert {c["top"] for c in obs["cells"] if (c["x"], c["y"]) in parse(raised)[1]} == {2}
    # rule d) made visible: each of Black's tiles with the level it must be placed at
    assert set(obs["reach"]) == set(obs["tiles_left"][1])
    for move in state.legal_moves(1):
        level = max(cells[c]["height"] if c in cells else 0 for c in parse(move)[1]) + 1
        assert obs["reach"][move[0]] == level
    # perfect information: every seat sees the same position
    same = {k: v for k, v in obs.items() if k != "viewer"}
    assert same == {k: v for k, v in state.observation(None).items() if k != "viewer"}


def test_text_picture_shows_owner_letter_and_level_per_row() -> None:
    assert "empty" in new().render_text(lang="en")
    assert "vide" in new().render_text()
    state = play([HEXAGON_FIRST, BLACK_C])
    raised = sorted(m for m in state.legal_moves(0) if m.startswith("A:"))[0]
    state.apply(0, raised)
    text = state.render_text(lang="en")
    rows = {line[:3].strip(): line for line in text.splitlines() if line[:3].strip().isdigit()}
    assert set(rows) == {"0", "1", "2"}
    assert "A2" in text and "c1" in text and "O1" in text
    assert "Black to play" in text
    assert "tiles left CUNTERPLYS" in text
    # French by default: the same picture, the words in French
    french = state.render_text()
    assert [line for line in french.splitlines() if line[:3].strip().isdigit()] == list(
        rows.values()
    )
    assert "Noir joue." in french and "tuiles restantes CUNTERPLYS" in french
    assert "niveau 2 : 1" in french


def test_rules_pages_exist_in_both_languages_and_draw_every_tile() -> None:
    for lang in ("fr", "en"):
        page = rules_text("counterplays", lang)
        people, further = page.rsplit("\n## ", 1)
        # the twelve tiles are drawn by the board itself (its trays), before any notation
        assert '```diagram counterplays\n{"show": "trays"}' in people, lang
        assert "COUNTERPLAYS" in people and len(TILE_CELLS) == 12
        # the notation, the variant's option and the text picture wait for "going further"
        assert "goal=lowest" in further and "O:1,0;2,0;3,0;1,1;2,1;3,1" in further
        assert "goal=lowest" not in people


ENV = {**os.environ, "COLUMNS": "200", "PYTHONIOENCODING": "utf-8"}


def test_command_line_prints_the_rules() -> None:
    for lang, words in (("en", "As high as it can go"), ("fr", "Le plus haut possible")):
        out = subprocess.run(
            [sys.executable, "-m", "tablier", "rules", "counterplays", "--lang", lang],
            capture_output=True,
            text=True,
            env=ENV,
            timeout=120,
            check=True,
        ).stdout
        assert out.startswith("# Counterplays") and words in out


def test_command_line_plays_a_whole_game_against_random(tmp_path: Path) -> None:
    record = tmp_path / "game"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tablier",
            "play",
            "counterplays",
            "--vs",
            "random",
            "--seed",
            "4",
            "--save",
            str(record),
        ],
        input="1\n" * 12,
        capture_output=True,
        text=True,
        env=ENV,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "Partie terminée" in result.stdout
    saved = json.loads(Path(str(record) + ".tablier.json").read_text(encoding="utf-8"))
    assert len(saved["moves"]) == 24
    assert tablier.replay(saved).is_terminal()
