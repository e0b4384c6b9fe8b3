"""The deal, the simultaneous steps and what each seat sees of them."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from quiwin_support import commit, deal_for, make, pass_window

import tablier
from tablier import IllegalMove
from tablier.games.quiwin.game import QuiwinGame
from tablier.games.quiwin.tiles import ALL_TILES, TILE_COUNTS

H0 = ["V22", "J23", "B24", "O25", "R23", "J23", "B24", "O23"]
H1 = ["J23", "O23", "B24", "V22", "R24", "O25", "J23", "B24"]


def snapshot(state) -> str:
    views = {str(p): state.observation(p) for p in (None, 0, 1)}
    return json.dumps([views, state.current_players(), state.history], sort_keys=True)


def test_game_is_registered_with_its_option():
    game = tablier.load("quiwin")
    assert game.id == "quiwin" and (game.min_players, game.max_players) == (2, 2)
    assert game.hidden_information is True
    assert game.options == {"open_lengths": False, "reduced": False}
    assert tablier.load("quiwin", open_lengths=True).options["open_lengths"] is True
    with pytest.raises(ValueError, match="open_lengths"):
        tablier.load("quiwin", open_lengths="yes")


def test_the_thirty_tiles():
    assert len(ALL_TILES) == 30
    assert TILE_COUNTS == {
        "V22": 5, "R23": 2, "R24": 2, "R25": 1, "J23": 6, "B24": 6, "O23": 4, "O25": 4,
    }  # fmt: skip


def test_seeded_deal_uses_every_tile_and_is_reproducible():
    game = QuiwinGame()
    a, b = game.new_state(seed=11), game.new_state(seed=11)
    assert a.codes == b.codes
    assert Counter(a.codes) == Counter(TILE_COUNTS)
    assert [len(h) for h in a.hands] == [8, 8] and len(a.bag) == 14
    assert any(game.new_state(seed=s).codes != a.codes for s in range(12, 20))


def test_explicit_deal_is_kept_and_recorded():
    deal = deal_for(H0, H1, ["O25", "R25"])
    game = QuiwinGame()
    state = game.new_state(seed=5, deal=deal)
    assert sorted(state.observation(0)["hand"]) == sorted(H0)
    assert sorted(state.observation(1)["hand"]) == sorted(H1)
    assert [state.codes[t] for t in state.bag] == deal["bag"]
    record = state.record()
    assert record["setup"] == {"deal": deal}
    again = tablier.replay(json.loads(json.dumps(record)))
    assert again.codes == state.codes


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ({"hands": [H0, H1]}, "hands.*bag"),
        ({"hands": [H0], "bag": ["V22"] * 14}, "two hands"),
        ({"hands": [H0[:7], H1], "bag": ["V22"] * 14}, "hand 0"),
        ({"hands": [H0, H1], "bag": ["V22"] * 13}, "14"),
        ({"hands": [H0, H1], "bag": ["X99", *["V22"] * 13]}, "not a tile code"),
        ({"hands": [H0, H1], "bag": ["V22"] * 14}, "30 tiles"),
        ("V22", "dict"),
    ],
)
def test_bad_deals_are_refused(deal, message):
    with pytest.raises(ValueError, match=message):
        QuiwinGame().new_state(seed=1, deal=deal)


def test_unknown_setup_is_refused():
    with pytest.raises(ValueError, match="unknown setup"):
        QuiwinGame().new_state(seed=1, hands=[])


def test_both_players_are_awaited_and_a_commitment_is_secret():
    state = make(H0, H1)
    assert state.current_players() == [0, 1]
    assert state.legal_moves(0) == sorted(set(H0))
    before = {p: state.observation(p) for p in (None, 1)}
    state.apply(0, "o25")  # case is forgiven, the record keeps the code
    assert state.history == [(0, "O25")]
    assert state.current_players() == [1]
    assert state.legal_moves(0) == []
    for viewer in (None, 1):
        after = state.observation(viewer)
        assert after["awaited"] == [1]
        after["awaited"] = before[viewer]["awaited"]
        assert after == before[viewer]
        assert "O25" not in json.dumps(state.public_history(viewer))
    mine = state.observation(0)
    assert mine["my_commitment"] == "O25" and mine["moves"] == [[0, "O25"]]
    assert "O25" not in mine["hand"]


def test_a_commitment_cannot_be_changed():
    state = make(H0, H1)
    state.apply(0, "V22")
    with pytest.raises(IllegalMove, match="not player 0's turn"):
        state.apply(0, "J23")


def test_both_tiles_are_revealed_together():
    state = make(H0, H1)
    state.apply(1, "O23")
    assert state.observation(0)["rows"] == [[], []]
    state.apply(0, "O25")
    assert state.observation(0)["rows"] == [["O25"], ["O?"]]
    assert state.observation(1)["rows"] == [["O?"], ["O23"]]
    assert state.observation(None)["rows"] == [["O?"], ["O?"]]
    # the opponent's move appears in the list only once revealed, by colour
    assert state.public_history(0) == [[1, "O?"], [0, "O25"]]
    assert state.public_history(None) == [[1, "O?"], [0, "O?"]]


def test_single_length_colours_show_their_length():
    state = make(H0, H1)
    commit(state, "V22", "J23")
    assert state.observation(0)["rows"][1] == ["J23"]
    assert state.observation(None)["rows"] == [["V22"], ["J23"]]


def test_open_lengths_shows_every_placed_tile():
    state = make(H0, H1, open_lengths=True)
    commit(state, "R23", "O25")
    assert state.observation(0)["rows"] == [["R23"], ["O25"]]
    assert state.observation(None)["rows"] == [["R23"], ["O25"]]
    assert state.observation(None)["hand"] is None


@pytest.mark.parametrize(("move", "why"), [("X12", "not a tile"), ("R25", "no R25"), ("", "tile")])
def test_bad_commitments_change_nothing(move, why):
    state = make(H0, H1)
    before = snapshot(state)
    with pytest.raises(IllegalMove, match=why):
        state.apply(0, move)
    assert snapshot(state) == before


def test_spectator_sees_no_hand():
    state = make(H0, H1)
    obs = state.observation(None)
    assert obs["hand"] is None and obs["my_commitment"] is None
    assert obs["hand_sizes"] == [8, 8]
    dumped = json.dumps(obs)
    for code in ("O25", "O23", "R23", "R24"):
        assert code not in dumped


def test_hands_are_revealed_at_the_end():
    row0 = ["V22", "V22", "B24", "B24", "B24", "O25", "V22", "J23"]
    row1 = ["B24", "J23", "V22", "V22", "J23", "J23", "O25", "O25"]
    state = make(row0, row1)
    for a, b in zip(row0, row1, strict=True):
        commit(state, a, b)
        pass_window(state)
    assert state.is_terminal()
    for viewer in (None, 0, 1):
        obs = state.observation(viewer)
        assert obs["rows"] == [row0, row1]
        assert [m for _, m in obs["moves"] if m[0] in "VJBOR"] == [
            t for pair in zip(row0, row1, strict=True) for t in pair
        ]
    assert state.legal_moves(0) == [] and state.current_players() == []
    with pytest.raises(IllegalMove, match="over"):
        state.apply(0, "pass")
