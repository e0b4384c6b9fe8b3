"""Scoring on hand-built towers: the five views and their points, worked out by hand.

A view is written row by row from the top, columns from the viewer's left: `W`/`B` is a
cube at the front (the roof: at the top level), lower case a cube seen behind (or
below) the front, `.` nothing.
"""

from __future__ import annotations

import json
from typing import Any

from turris_towers import B, W, ground_floor, play, tower

import tablier
from tablier.games.turris.state import TurrisState


def picture(view: dict[str, Any]) -> list[str]:
    rows = []
    for cells, depths in zip(view["cells"], view["depth"], strict=True):
        row = ""
        for owner, depth in zip(cells, depths, strict=True):
            if owner is None:
                row += "."
            else:
                letter = "WB"[owner]
                row += letter if depth == 0 else letter.lower()
        rows.append(row)
    return rows


def check(state: TurrisState, expected: dict[str, tuple[list[str], int, int]]) -> None:
    views = state.observation(None)["views"]
    assert list(views) == ["A", "B", "C", "D", "roof"]
    for name, (rows, white, black) in expected.items():
        assert picture(views[name]) == rows, name
        assert views[name]["points"] == [white, black], name
    totals = [sum(e[1] for e in expected.values()), sum(e[2] for e in expected.values())]
    assert state.observation(None)["totals"] == totals


def test_a_two_level_tower_of_verticals() -> None:
    state = tower(
        ground_floor(
            """
            W B W
            B W B
            W W B
            """
        )
    )
    check(
        state,
        {
            # face A: from rank 1, files a b c; both players score here
            "A": (["WWB", "WWB"], 4, 2),
            # face B: from file c, ranks 1 2 3
            "B": (["BBW", "BBW"], 2, 4),
            # face C: from rank 3, files c b a
            "C": (["WBW", "WBW"], 2, 2),
            # face D: from file a, ranks 3 2 1
            "D": (["WBW", "WBW"], 2, 2),
            # roof: ranks 3 2 1 from the top, files a b c; White's a1 b1 b2 join up
            "roof": (["WBW", "BWB", "WWB"], 3, 2),
        },
    )
    assert state.observation(None)["totals"] == [13, 12]


def test_recessed_cubes_seen_through_gaps() -> None:
    # a1, a3, c2 and c3 are empty: Black's a2 shows on face A behind the gap at a1
    pieces = [(B, "Va2"), (W, "Vb1"), (W, "Vc1"), (B, "Vb2"), (W, "Vb3")]
    state = tower(pieces)
    check(
        state,
        {
            "A": (["bWW", "bWW"], 4, 2),
            "B": (["Wbw", "Wbw"], 2, 2),
            # from rank 3 the file-c line is empty down to c1, two cells back
            "C": (["wWb", "wWb"], 4, 2),
            "D": (["wBw", "wBw"], 2, 2),
            "roof": ([".W.", "BB.", ".WW"], 2, 2),
        },
    )
    assert state.observation(None)["totals"] == [14, 10]
    face_a = state.observation(None)["views"]["A"]
    assert face_a["depth"] == [[1, 0, 0], [1, 0, 0]]


def test_a_three_level_tower_with_horizontals() -> None:
    floor = ground_floor(
        """
        B B W
        W B W
        B W B
        """
    )
    state = tower([*floor, (W, "Ha1b1"), (B, "Hb2b3")])
    check(
        state,
        {
            "A": (["WW.", "BWB", "BWB"], 4, 2),
            # level 3 seen from file c: the b-file cubes behind the 2-high c column
            "B": (["wbb", "BWW", "BWW"], 4, 2),
            "C": ([".Bw", "WBB", "WBB"], 2, 5),
            "D": (["bbW", "BWB", "BWB"], 2, 4),
            # columns 2 high are seen one level below the top
            "roof": (["bBw", "wBw", "WWb"], 3, 3),
        },
    )
    assert state.observation(None)["totals"] == [15, 16]


def test_equal_totals_are_a_draw_and_the_outcome_carries_the_views() -> None:
    state = tablier.load("turris").new_state(seed=1)
    assert isinstance(state, TurrisState)
    state.supply = [1, 1]
    play(state, "Va1", "Vb1")
    assert state.is_terminal()
    check(
        state,
        {
            "A": (["WB.", "WB."], 2, 2),
            "B": (["b..", "b.."], 0, 2),
            "C": ([".bw", ".bw"], 2, 2),
            "D": (["..W", "..W"], 2, 0),
            "roof": (["...", "...", "WB."], 1, 1),
        },
    )
    assert state.returns() == [0.0, 0.0]
    outcome = state.outcome()
    assert outcome is not None
    assert outcome["reason"] == "score"
    assert outcome["totals"] == [7, 7]
    assert outcome["returns"] == [0.0, 0.0]
    assert outcome["views"] == state.observation(None)["views"]
    json.dumps(outcome)


def test_the_higher_total_wins() -> None:
    state = tablier.load("turris").new_state(seed=1)
    assert isinstance(state, TurrisState)
    state.supply = [2, 1]
    play(state, "Va1", "Vb1", "Va2")  # Black is out of pieces, White places his last
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    white, black = outcome["totals"]
    assert white > black
    assert state.returns() == [1.0, -1.0]
    assert state.record()["outcome"]["totals"] == [white, black]


def test_render_text_shows_levels_views_and_points() -> None:
    pieces = [(B, "Va2"), (W, "Vb1"), (W, "Vc1"), (B, "Vb2"), (W, "Vb3")]
    text = tower(pieces).render_text(lang="en")
    assert "level 2" in text and "level 1" in text
    for title in ("face A", "face B", "face C", "face D", "roof"):
        assert title in text
    assert "W 4  B 2" in text  # face A
    assert "Score so far: White 14, Black 10" in text
    # face A seen through the gap at a1: Black's recessed a2 cube in lower case
    assert " b W W" in text
    # the same picture in French: B for Blanc, N for Noir
    french = tower(pieces).render_text()
    assert "niveau 2" in french and "toit" in french and "côté rangée 1" in french
    assert "B 4  N 2" in french
    assert "Score actuel : Blanc 14, Noir 10" in french
    assert " n B B" in french


def test_outcome_text_gives_the_totals_in_both_languages() -> None:
    import random

    import tablier

    rng = random.Random(5)
    state = tablier.load("turris").new_state(seed=1)
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    white, black = state.outcome()["totals"]
    assert state.outcome_text() == f"décompte des cinq vues : {white} contre {black}"
    assert state.outcome_text("en") == f"the five views counted: {white} to {black}"
