"""Every construction rule of Turris and every ruling about it, on hand-built towers."""

from __future__ import annotations

import pytest
from turris_towers import MIXED, B, W, play, tower

import tablier
from tablier import IllegalMove
from tablier.games.turris.state import TurrisState


def new() -> TurrisState:
    state = tablier.load("turris").new_state(seed=3)
    assert isinstance(state, TurrisState)
    return state


def refused(state: TurrisState, move: str, *words: str) -> str:
    """Assert `move` is refused for the awaited player, names `words`, changes nothing."""
    player = state.current_players()[0]
    before = state.observation(None)
    legal = state.legal_moves(player)
    with pytest.raises(IllegalMove) as info:
        state.apply(player, move)
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert move not in legal
    assert state.observation(None) == before
    return message


def piece_levels(state: TurrisState) -> dict[str, int]:
    return {"".join(p["cells"]): p["level"] for p in state.observation(None)["pieces"]}


# ----------------------------------------------------------------- start, a), b)
def test_the_first_piece_is_a_vertical_anywhere_but_the_centre() -> None:
    state = new()
    assert state.legal_moves(W) == ["Va1", "Va2", "Va3", "Vb1", "Vb3", "Vc1", "Vc2", "Vc3"]
    refused(state, "Vb2", "may be filled only once another cell", "level 1")
    refused(state, "Ha1b1", "must bridge two")
    assert state.legal_moves(B) == []


def test_rule_a_a_later_piece_must_touch_the_tower() -> None:
    state = new()
    play(state, "Vc3")
    refused(state, "Va1", "must touch a piece already in the tower")
    assert "Vb3" in state.legal_moves(B)
    play(state, "Vb3")
    assert state.heights[0] == 0 and state.heights[5] == 2


def test_rule_b_a_piece_goes_on_top_and_rests_entirely() -> None:
    state = new()
    play(state, "Va1", "Va2")
    refused(state, "Ha1b1", "entirely on the ground or on cubes")
    play(state, "Ha1a2")
    assert piece_levels(state)["a1a2"] == 3
    assert state.heights[0] == state.heights[1] == 3


# ------------------------------------------------------------------------ c)
def test_rule_c_a_vertical_needs_a_long_side_against_a_piece() -> None:
    state = tower(MIXED)
    # standing on a piece touches it (rule a) but only by its short side
    refused(state, "Va1", "along one of its long sides")
    assert not any(m.startswith("V") for m in state.legal_moves(W))
    play(state, "Ha1a2")
    # b1 at levels 3-4 has a1's level-3 cube beside it; c3 has nothing at level 3
    assert "Vb1" in state.legal_moves(B)
    refused(state, "Vc3", "along one of its long sides")
    play(state, "Vb1")
    assert piece_levels(state)["b1"] == 3


def test_rule_c_does_not_apply_to_the_first_piece() -> None:
    state = new()
    play(state, "Va1")
    assert piece_levels(state) == {"a1": 1}


# ------------------------------------------------------------------------ d)
def test_rule_d_no_horizontal_on_the_ground() -> None:
    state = new()
    play(state, "Va1", "Va2")
    refused(state, "Hb1b2", "must bridge two")
    refused(state, "Hb1c1", "must bridge two")


def test_rule_d_a_horizontal_bridges_two_different_pieces() -> None:
    state = tower([*MIXED, (W, "Ha1b1")], to_move=B)
    refused(state, "Ha1b1", "must bridge two", "two different pieces")
    play(state, "Hc1c2")
    # over the ends of two different horizontal pieces at level 3
    assert "Hb1c1" in state.legal_moves(W)
    play(state, "Hb1c1")
    assert piece_levels(state)["b1c1"] == 4


# ------------------------------------------------------------------------ e)
def test_rule_e_no_cube_above_two_levels_over_the_lowest_unfinished() -> None:
    state = new()
    play(state, "Va1", "Va2")
    # level 1 unfinished: a vertical on a1 would reach level 4
    refused(state, "Va1", "two levels above the lowest unfinished level", "level 4")
    play(state, "Ha1a2")  # level 3: three levels unfinished now
    assert state.legal_moves(B)
    for move in state.legal_moves(B):
        twin = state.clone()
        twin.apply(B, move)
        assert max(twin.heights) <= 3, move
    refused(state, "Va1", "two levels above the lowest unfinished level")


def test_rule_e_completing_the_lowest_level_opens_higher_ones() -> None:
    pieces = [p for p in MIXED if p[1] != "Vc3"] + [(W, "Ha1a2")]
    state = tower(pieces, to_move=B)
    # lowest unfinished level is 1: levels 3-4 on b1 would be too high
    refused(state, "Vb1", "two levels above the lowest unfinished level")
    play(state, "Vc3")  # completes levels 1 and 2
    assert state.lowest_incomplete() == 3
    assert "Vb1" in state.legal_moves(W)
    play(state, "Vb1")
    assert state.heights[3] == 4


def test_rule_e_levels_three_and_four_started_allow_five_but_not_six() -> None:
    state = tower([*MIXED, (W, "Ha1a2"), (B, "Hb1c1"), (W, "Ha1b1")], to_move=B)
    assert state.lowest_incomplete() == 3
    assert "Va2" in state.legal_moves(B)  # levels 4 and 5
    # a1 is 4 high: levels 5 and 6
    refused(state, "Va1", "two levels above the lowest unfinished level", "level 6")


# ------------------------------------------------------------------------ f)
def test_rule_f_the_centre_opens_only_after_another_cell_of_its_level() -> None:
    state = new()
    play(state, "Va2")
    assert "Vb2" in state.legal_moves(B)
    play(state, "Vb2")
    assert state.current_players() == [B]  # the centre bonus


def test_rule_f_holds_for_the_upper_level_of_a_vertical_too() -> None:
    state = tower([*MIXED, (W, "Ha1a2")], to_move=B)
    # levels 3 and 4: level 3 holds cubes, level 4 none
    refused(state, "Vb2", "may be filled only once another cell", "level 4")
    state = tower([*MIXED, (W, "Ha1a2"), (B, "Hb1c1"), (W, "Ha1b1")], to_move=B)
    assert "Vb2" in state.legal_moves(B)


def test_rule_f_counts_only_cubes_there_before_the_placement() -> None:
    state = tower(MIXED)
    # the piece's own other cube on b1 does not open level 3's centre
    refused(state, "Hb1b2", "may be filled only once another cell", "level 3")
    play(state, "Ha1a2")
    assert "Hb1b2" in state.legal_moves(B)
