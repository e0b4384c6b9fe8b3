"""Measuring after each palier, the standing and every branch of the verdict."""

from __future__ import annotations

import pytest
from quiwin_support import full_game, make, play_rows

from tablier.games.quiwin import verdict as vd


def rows(text: str) -> list[str]:
    return text.split()


def measures(state):
    return [(m["lengths"], m["winner"]) for m in state.measures]


def test_palier1_shorter_row_leads():
    state = make(rows("V22 V22 J23 J23 J23 J23 J23 J23"), rows("B24 B24 V22 V22 V22 O23 O23 O23"))
    play_rows(state, ["V22", "V22"], ["B24", "B24"])
    obs = state.observation(0)
    assert obs["measurements"] == [{"palier": 1, "lengths": [44, 48], "winner": 0}]
    assert obs["standing"] == {"leader": 0, "pawns": ["down", "up"]}
    assert state.returns() == [0.0, 0.0]


def test_palier1_tie_turns_both_pawns_right():
    state = make(rows("J23 J23 V22 V22 V22 V22 V22 B24"), rows("O23 J23 B24 B24 B24 B24 B24 O25"))
    play_rows(state, ["J23", "J23"], ["O23", "J23"])
    obs = state.observation(1)
    assert obs["measurements"][0] == {"palier": 1, "lengths": [46, 46], "winner": None}
    assert obs["standing"] == {"leader": None, "pawns": ["right", "right"]}


def test_no_pawns_before_the_first_measure():
    state = make(rows("J23 J23 V22 V22 V22 V22 V22 B24"), rows("O23 J23 B24 B24 B24 B24 B24 O25"))
    play_rows(state, ["J23"], ["O23"])
    assert state.observation(0)["standing"] == {"leader": None, "pawns": None}
    assert state.observation(0)["measurements"] == []


def test_leader_wins_palier2_again_then_palier3():
    state = full_game(
        rows("V22 V22 B24 B24 B24 O25 V22 J23"), rows("B24 J23 V22 V22 J23 J23 O25 O25")
    )
    assert measures(state) == [([44, 47], 0), ([141, 137], 0), ([186, 187], 0)]
    assert state.returns() == [1.0, -1.0]
    out = state.outcome()
    assert out is not None
    assert out["reason"] == "palier3" and "tiebreak_tile" not in out
    assert out["text"]["en"] == "palier 3"
    assert state.observation(None)["standing"]["pawns"] == ["down", "up"]


def test_leader_still_leads_after_palier2_won_again():
    state = make(rows("V22 V22 B24 B24 B24 O25 V22 J23"), rows("B24 J23 V22 V22 J23 J23 O25 O25"))
    play_rows(state, rows("V22 V22 B24 B24 B24 O25"), rows("B24 J23 V22 V22 J23 J23"))
    assert state.observation(0)["standing"] == {"leader": 0, "pawns": ["down", "up"]}


def test_palier2_won_by_the_other_equalises_then_palier3_decides():
    row0, row1 = rows("V22 V22 V22 J23 J23 J23 V22 V22"), rows("B24 J23 B24 B24 B24 O25 O25 O25")
    state = make(row0, row1)
    play_rows(state, row0[:6], row1[:6])
    assert measures(state) == [([44, 47], 0), ([135, 144], 1)]
    assert state.observation(1)["standing"] == {"leader": None, "pawns": ["right", "right"]}
    play_rows(state, row0[6:], row1[6:])
    assert measures(state)[2] == ([179, 194], 0)
    assert state.returns() == [1.0, -1.0]
    assert state.outcome()["reason"] == "palier3"


def test_palier2_tied_keeps_the_leader_who_then_loses_palier3_so_tiebreak():
    row0, row1 = rows("V22 V22 B24 B24 O25 O25 B24 B24"), rows("B24 J23 B24 J23 J23 O25 V22 V22")
    state = make(row0, row1)
    play_rows(state, row0[:6], row1[:6])
    assert measures(state)[1] == ([142, 142], None)
    assert state.observation(0)["standing"]["leader"] == 0
    play_rows(state, row0[6:], row1[6:])
    # palier 3: 190 against 186, the leader is longer: the palier-2 tiles decide;
    # 4th tiles O25 = O25, 3rd tiles O25 > J23: player 1 wins
    assert measures(state)[2] == ([190, 186], 1)
    out = state.outcome()
    assert out["reason"] == "tiebreak" and out["tiebreak_tile"] == 3
    assert out["returns"] == [-1.0, 1.0]
    assert out["text"]["en"] == "tie-break on the 3rd tile of palier 2"
    assert out["text"]["fr"] == "départage sur la 3e tuile du palier 2"


def test_palier1_tie_palier2_winner_leads_and_a_tied_palier3_goes_to_tiebreak():
    row0, row1 = rows("J23 J23 B24 B24 B24 B24 V22 V22"), rows("O23 J23 V22 V22 V22 B24 O25 O25")
    state = make(row0, row1)
    play_rows(state, row0[:6], row1[:6])
    assert measures(state) == [([46, 46], None), ([142, 136], 0)]
    assert state.observation(0)["standing"] == {"leader": 0, "pawns": ["down", "up"]}
    play_rows(state, row0[6:], row1[6:])
    assert measures(state)[2] == ([186, 186], None)
    out = state.outcome()
    assert (out["reason"], out["tiebreak_tile"], out["winner"]) == ("tiebreak", 3, 1)


def test_nobody_leading_and_palier3_tied_goes_to_tiebreak():
    state = full_game(
        rows("J23 J23 O23 B24 J23 V22 B24 V22"), rows("O23 J23 O23 V22 J23 B24 V22 B24")
    )
    assert measures(state) == [([46, 46], None), ([138, 138], None), ([184, 184], None)]
    out = state.outcome()
    assert (out["reason"], out["tiebreak_tile"], out["winner"]) == ("tiebreak", 4, 0)


@pytest.mark.parametrize(
    ("row0", "row1", "tile"),
    [
        ("J23 J23 O23 J23 O25 V22 B24 B24", "O23 J23 O23 J23 O25 B24 B24 B24", 4),
        ("J23 J23 O23 V22 O25 J23 B24 B24", "O23 J23 O23 B24 O25 J23 B24 B24", 2),
        ("J23 J23 V22 O23 O25 J23 B24 B24", "O23 J23 B24 O23 O25 J23 B24 B24", 1),
    ],
)
def test_tiebreak_reads_palier2_from_the_last_tile_back(row0, row1, tile):
    state = full_game(rows(row0), rows(row1))
    # player 1 won palier 2 alone (longer), so he leads, and loses palier 3
    assert measures(state) == [([46, 46], None), ([139, 141], 1), ([187, 189], 0)]
    out = state.outcome()
    assert out["reason"] == "tiebreak"
    assert out["tiebreak_tile"] == tile
    assert out["returns"] == [1.0, -1.0]
    assert state.observation(None)["standing"]["pawns"] == ["down", "up"]


def test_void_deal_when_every_palier2_tile_matches():
    state = full_game(
        rows("J23 J23 O23 B24 O25 V22 J23 V22"), rows("O23 J23 O23 B24 O25 V22 V22 J23")
    )
    assert measures(state) == [([46, 46], None), ([140, 140], None), ([185, 185], None)]
    out = state.outcome()
    assert out["reason"] == "void" and out["result"] == "replay"
    assert out["returns"] == [0.0, 0.0] and out["winner"] is None
    assert out["text"]["en"] == "void deal"
    assert state.is_terminal()
    assert state.observation(0)["standing"]["pawns"] == ["right", "right"]
    assert state.record()["outcome"]["reason"] == "void"


@pytest.mark.parametrize(
    ("palier", "lengths", "winner"),
    [(0, [40, 41], 0), (0, [41, 40], 1), (1, [40, 41], 1), (1, [41, 40], 0), (2, [40, 41], 0)],
)
def test_palier_winner_direction(palier, lengths, winner):
    assert vd.palier_winner(palier, lengths) == winner
    assert vd.palier_winner(palier, [40, 40]) is None


@pytest.mark.parametrize(
    ("winner", "leader", "expected"),
    [(0, 0, 0), (1, 0, None), (None, 0, 0), (1, None, 1), (None, None, None), (1, 1, 1)],
)
def test_leader_after_palier2(winner, leader, expected):
    assert vd.leader_after(1, winner, leader) == expected


def test_final_verdict_branches():
    same = [[23, 24, 25, 22], [23, 24, 25, 22]]
    assert vd.final_verdict(0, 0, same) == vd.Verdict(0, "palier3")
    assert vd.final_verdict(1, None, same) == vd.Verdict(1, "palier3")
    assert vd.final_verdict(1, 0, same) == vd.Verdict(None, "void")
    assert vd.final_verdict(None, None, same).reason == "void"
    differ = [[23, 24, 25, 22], [23, 22, 25, 22]]
    assert vd.final_verdict(None, 0, differ) == vd.Verdict(1, "tiebreak", 2)
