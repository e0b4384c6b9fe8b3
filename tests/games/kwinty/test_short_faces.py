"""Rule c): same-colour pieces may not touch by their short faces (both modes)."""

from __future__ import annotations

import pytest

from tablier import IllegalMove


def legal(state):
    return {str(m) for m in state.legal_moves(state.current_players()[0])}


def test_same_colour_horizontals_end_to_end_refused(position):
    state = position("W:i1h B:g1v", to_move=0)
    assert "k1h" not in legal(state)
    with pytest.raises(IllegalMove, match="short face to short face"):
        state.apply(0, "k1h")
    # the other colour may
    state = position("W:i1h B:g1v", to_move=1)
    assert "k1h" in legal(state)


def test_same_colour_horizontal_end_to_end_on_the_left(position):
    state = position("W:i1h B:k1v", to_move=0)
    with pytest.raises(IllegalMove, match="short face"):
        state.apply(0, "g1h")


def test_same_colour_vertical_on_vertical_refused(position):
    state = position("W:i1v B:h1v", to_move=0)
    assert "i3v" not in legal(state)
    with pytest.raises(IllegalMove, match="vertical standing on a vertical"):
        state.apply(0, "i3v")
    state = position("W:i1v B:h1v", to_move=1)
    assert "i3v" in legal(state)


@pytest.mark.parametrize(
    ("pieces", "move"),
    [
        ("W:i1v B:k1v", "j1v"),  # long side against long side
        ("W:i1v B:j1v", "i3h"),  # a horizontal lying across a vertical's top
        ("W:i1h B:k1v", "i2v"),  # a vertical standing on a horizontal
        ("W:i1v B:l1v", "j1h"),  # a horizontal's end against a vertical's side
    ],
)
def test_ends_mode_allows_short_face_against_long_face(position, pieces, move):
    assert move in legal(position(pieces, to_move=0))


@pytest.mark.parametrize(
    ("pieces", "move"),
    [
        ("W:i1v B:l1v", "j1h"),  # the new horizontal's end against a white vertical's side
        ("W:i1v B:j1v", "i3h"),  # the white vertical's top against the new horizontal
        ("W:i1h B:k1v", "i2v"),  # the new vertical's bottom on a white horizontal
        ("W:j1h B:g1h", "i1v"),  # the white horizontal's end against the new vertical
        ("W:i1h B:g1v", "k1h"),  # end to end is refused in strict mode too
    ],
)
def test_strict_mode_forbids_short_face_against_any_face(position, pieces, move):
    state = position(pieces, to_move=0, short_faces="strict")
    assert move not in legal(state)
    with pytest.raises(IllegalMove, match="short_faces=strict"):
        state.apply(0, move)
    # in the default mode the same placement is fine unless it is end to end
    default = position(pieces, to_move=0)
    assert (move in legal(default)) == (move != "k1h")


def test_strict_mode_still_allows_long_side_against_long_side(position):
    state = position("W:i1v B:k1v", to_move=0, short_faces="strict")
    assert "j1v" in legal(state)


def test_corners_never_count(position):
    # white k3v would meet white i2h only at the corner between j2 and k3
    state = position("B:i1h W:i2h B:k1v", to_move=0, short_faces="strict")
    assert "k3v" in legal(state)
