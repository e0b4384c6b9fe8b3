"""Placement rules of Kwinty and Kwintie: support, first piece, touch, box, height."""

from __future__ import annotations

import pytest

import tablier
from tablier import IllegalMove


def legal(state, player=None):
    player = state.current_players()[0] if player is None else player
    return {str(m) for m in state.legal_moves(player)}


def test_white_starts_and_kwinty_first_piece_is_at_i1():
    state = tablier.load("kwinty").new_state(seed=1)
    assert state.current_players() == [0]
    assert legal(state) == {"i1h", "i1v"}
    with pytest.raises(IllegalMove, match="i1"):
        state.apply(0, "a1v")


def test_kwintie_first_piece_may_not_cover_the_centre_square():
    state = tablier.load("kwinty", variant="kwintie").new_state(seed=1)
    moves = legal(state)
    assert {"e1v", "e1h", "d1h"}.isdisjoint(moves)
    assert {"a1v", "d1v", "f1h", "h1h", "i1v"} <= moves
    for move in ("e1v", "e1h", "d1h"):
        with pytest.raises(IllegalMove, match="centre square e1"):
            state.apply(0, move)
    state.apply(0, "a1v")
    # the restriction is only for White's first piece: Black may cover e1
    assert {"e1v", "e1h", "d1h"} <= legal(state)


def test_kwintie_pieces_need_no_contact(position):
    state = position("W:a1v", to_move=1, variant="kwintie")
    assert "h1h" in legal(state)
    state.apply(1, "h1h")
    assert state.observation(None)["heights"][7:9] == [1, 1]


def test_a_piece_must_rest_entirely_overhang_refused(position):
    # column i is 2 high (a vertical), column j is empty: a horizontal over i–j overhangs
    state = position("W:i1v B:h1v", to_move=0)
    assert "i3h" not in legal(state)
    with pytest.raises(IllegalMove, match="rest entirely"):
        state.apply(0, "i3h")
    # nor may it float above a column
    with pytest.raises(IllegalMove, match="rest entirely"):
        state.apply(0, "j2v")
    # nor go into an occupied cell
    with pytest.raises(IllegalMove, match="taken"):
        state.apply(0, "i2v")


def test_horizontal_pieces_rest_on_two_level_columns(position):
    state = position("W:i1h B:g1h", to_move=0)
    # g,h level at 1; h,i level at 1: horizontals may bridge two different pieces
    assert {"g2h", "h2h", "i2h"} <= legal(state)


def test_kwinty_new_pieces_must_touch(position):
    state = position("W:i1h", to_move=1)
    moves = legal(state)
    assert "h1v" in moves and "k1v" in moves
    assert "g1v" not in moves and "l1v" not in moves
    with pytest.raises(IllegalMove, match="touch"):
        state.apply(1, "f1v")


def test_kwinty_wall_at_most_nine_columns_wide(position):
    # columns e..l are used (8 wide): d and m are each reachable, but not both
    state = position("W:e1h B:g1h W:i1h B:k1h", to_move=0)
    moves = legal(state)
    assert "d1v" in moves and "m1v" in moves
    state.apply(0, "d1v")  # now d..l = 9 columns
    assert "m1v" not in legal(state)
    with pytest.raises(IllegalMove, match="9 columns wide"):
        state.apply(1, "m1v")
    with pytest.raises(IllegalMove, match="9 columns wide"):
        state.apply(1, "m1h")


def test_wall_at_most_nine_rows_high(position):
    # a tower of alternating colours 8 high in column i
    state = position("W:i1v B:i3v W:i5v B:i7v W:h1v", to_move=1)
    assert "i9v" not in legal(state)
    with pytest.raises(IllegalMove, match="9 rows high"):
        state.apply(1, "i9v")


def test_kwintie_height_at_most_nine(position):
    state = position("W:a1v B:a3v W:a5v B:a7v", to_move=0, variant="kwintie")
    assert "a9v" not in legal(state)
    with pytest.raises(IllegalMove, match="9 rows high"):
        state.apply(0, "a9v")


def test_kwintie_board_has_nine_columns():
    state = tablier.load("kwinty", variant="kwintie").new_state(seed=1)
    assert max(m[0] for m in legal(state)) == "i"
    with pytest.raises(IllegalMove, match="columns are a to i"):
        state.apply(0, "j1v")
    with pytest.raises(IllegalMove, match="columns are a to i"):
        state.apply(0, "i1h")


def test_malformed_moves_are_refused_with_a_reason():
    state = tablier.load("kwinty").new_state(seed=1)
    for bad in ("", "i1", "i1x", "z1v", "i0v", "I1V", "i1v ", "hello"):
        with pytest.raises(IllegalMove, match="not a Kwinty move"):
            state.apply(0, bad)


def test_wrong_player_is_refused():
    state = tablier.load("kwinty").new_state(seed=1)
    with pytest.raises(IllegalMove, match="not player 1's turn"):
        state.apply(1, "i1v")
    with pytest.raises(IllegalMove, match="no player 2"):
        state.apply(2, "i1v")
    assert state.legal_moves(1) == []


def test_twenty_pieces_each():
    state = tablier.load("kwinty").new_state(seed=1)
    assert state.observation(0)["pieces_left"] == [20, 20]
