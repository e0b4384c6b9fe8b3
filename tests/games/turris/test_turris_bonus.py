"""The centre bonus: when it is earned, its three options and the removal rulings."""

from __future__ import annotations

import pytest
from turris_towers import MIXED, B, W, ground_floor, play, tower

import tablier
from tablier import IllegalMove
from tablier.games.turris.state import TurrisState


def new(**options: bool) -> TurrisState:
    state = tablier.load("turris", **options).new_state(seed=5)
    assert isinstance(state, TurrisState)
    return state


def refusal(state: TurrisState, move: str) -> str:
    player = state.current_players()[0]
    before = state.observation(None)
    with pytest.raises(IllegalMove) as info:
        state.apply(player, move)
    assert state.observation(None) == before
    return str(info.value)


def opening_with_bonus() -> TurrisState:
    """White earns a bonus with a vertical on b2; Black has Va2 and (last) Vc1."""
    state = new()
    play(state, "Va1", "Va2", "Vb1", "Vc1", "Vb2")
    return state


# ------------------------------------------------------------------ earning it
def test_a_vertical_on_b2_earns_a_bonus() -> None:
    state = opening_with_bonus()
    assert state.current_players() == [W]
    assert state.observation(W)["phase"] == "bonus"
    assert "skip" in state.legal_moves(W)
    assert state.legal_moves(B) == []


def test_a_horizontal_with_a_half_on_b2_earns_a_bonus() -> None:
    state = tower([*MIXED, (W, "Ha1a2")], to_move=B)
    play(state, "Hb1b2")
    assert state.current_players() == [B]
    assert state.observation(None)["phase"] == "bonus"


def test_a_placement_off_the_centre_earns_nothing() -> None:
    state = tower([*MIXED, (W, "Ha1a2")], to_move=B)
    play(state, "Hb1c1")
    assert state.current_players() == [W]
    assert state.observation(None)["phase"] == "place"


def test_pass_is_not_a_bonus_choice() -> None:
    state = opening_with_bonus()
    assert "pass" not in state.legal_moves(W)
    assert "bonus" in refusal(state, "pass")


# --------------------------------------------------------------------- options
def test_bonus_option_place_another_piece() -> None:
    state = opening_with_bonus()
    supply = state.supply[W]
    play(state, "Va3")
    assert state.supply[W] == supply - 1
    assert state.current_players() == [B]
    assert [m for _p, m in state.history][-2:] == ["Vb2", "Va3"]
    assert [p for p, _m in state.history][-2:] == [W, W]


def test_bonus_option_skip() -> None:
    state = opening_with_bonus()
    pieces = len(state.observation(None)["pieces"])
    play(state, "skip")
    assert state.current_players() == [B]
    assert len(state.observation(None)["pieces"]) == pieces


def test_bonus_option_remove_returns_the_piece_to_its_owner() -> None:
    state = opening_with_bonus()
    assert state.supply[B] == 18
    assert [m for m in state.legal_moves(W) if m.startswith("x")] == ["xa2@1"]
    play(state, "xa2@2")  # naming the upper cube of the vertical is accepted
    assert state.history[-1] == (W, "xa2@1")
    assert state.supply[B] == 19
    assert state.heights[1] == 0
    assert state.current_players() == [B]


def test_removing_a_horizontal_by_its_second_cube_is_recorded_by_its_first() -> None:
    state = tower([*MIXED, (B, "Ha1a2"), (B, "Hc2c3"), (W, "Hb1c1")], to_move=W)
    # Black's last piece is c2-c3, so his bare a1-a2 horizontal may go
    play(state, "Hb2b3")
    assert state.observation(None)["phase"] == "bonus"
    play(state, "xa2@3")
    assert state.history[-1] == (W, "xa1@3")


def test_a_bonus_placement_earns_no_further_bonus_by_default() -> None:
    pieces = [*MIXED, (W, "Ha1a2"), (B, "Hb1c1"), (W, "Ha1b1")]
    state = tower(pieces, to_move=B)
    play(state, "Hb2b3")  # level 3, a half on b2
    assert state.current_players() == [B]
    play(state, "Ha2b2")  # the bonus placement, again on b2, at level 4
    assert state.current_players() == [W]
    assert state.observation(None)["phase"] == "place"


def test_option_bonus_chain_lets_a_bonus_placement_earn_another() -> None:
    pieces = [*MIXED, (W, "Ha1a2"), (B, "Hb1c1"), (W, "Ha1b1")]
    state = tower(pieces, to_move=B, bonus_chain=True)
    play(state, "Hb2b3", "Ha2b2")
    assert state.current_players() == [B]
    assert state.observation(None)["phase"] == "bonus"
    play(state, "skip")
    assert state.current_players() == [W]


# ------------------------------------------------------------ removal limits
def test_the_opponents_last_placed_piece_may_not_be_removed() -> None:
    state = opening_with_bonus()
    assert "xc1@1" not in state.legal_moves(W)
    assert "placed last" in refusal(state, "xc1@1")


def test_only_an_opponents_piece_may_be_removed() -> None:
    state = opening_with_bonus()
    assert "opponent's pieces" in refusal(state, "xa1@1")
    assert "no cube" in refusal(state, "xc3@1")


def test_a_piece_with_something_resting_on_it_may_not_be_removed() -> None:
    floor = ground_floor(
        """
        W B B
        B W W
        W W B
        """
    )
    # Black's a2 vertical carries White's a1-a2 horizontal; Black's last piece is c1-c2
    state = tower([*floor, (W, "Ha1a2"), (B, "Hc1c2")], to_move=W)
    play(state, "Hb2b3")
    assert state.observation(None)["phase"] == "bonus"
    removals = [m for m in state.legal_moves(W) if m.startswith("x")]
    assert "xa2@1" not in removals
    assert "rests on it" in refusal(state, "xa2@1")
    assert removals == ["xc3@1"]


def e_tower(with_level_four: bool) -> TurrisState:
    """Levels 1-2 complete; level 3 all but c3 after White's Hb2c2; Black's c3 vertical
    is bare and not his last piece."""
    floor = ground_floor(
        """
        W B B
        W W W
        B W B
        """
    )
    pieces = [*floor, (W, "Ha1a2"), (B, "Ha3b3")]
    if with_level_four:
        pieces.append((W, "Ha2a3"))
    pieces.append((B, "Hb1c1"))
    state = tower(pieces, to_move=W)
    play(state, "Hb2c2")
    assert state.observation(None)["phase"] == "bonus"
    return state


def test_a_removal_that_would_break_rule_e_is_refused() -> None:
    state = e_tower(with_level_four=True)
    # without c3's vertical level 1 is unfinished while a cube sits at level 4
    assert "two levels above the lowest unfinished level" in refusal(state, "xc3@1")
    assert "two levels above the lowest unfinished level" in refusal(state, "xc3@2")
    assert "rests on it" in refusal(state, "xa3@3")
    assert "placed last" in refusal(state, "xb1@3")
    assert [m for m in state.legal_moves(W) if m.startswith("x")] == []
    assert state.legal_moves(W)[-1] == "skip"


def test_the_same_removal_is_allowed_when_rule_e_still_holds() -> None:
    state = e_tower(with_level_four=False)
    assert [m for m in state.legal_moves(W) if m.startswith("x")] == ["xc3@1", "xa3@3"]
    play(state, "xc3@1")
    assert state.lowest_incomplete() == 1
    assert max(state.heights) == 3


# ---------------------------------------------------------------- freed space
def test_freed_space_is_closed_to_the_opponents_next_placement_only() -> None:
    state = opening_with_bonus()
    play(state, "xa2@1")
    assert "Va2" not in state.legal_moves(B)
    assert "freed by a removal" in refusal(state, "Va2")
    play(state, "Vc2")
    # the restriction was for Black's placement; White may build there
    assert "Va2" in state.legal_moves(W)
    play(state, "Vc3")
    assert "Va2" in state.legal_moves(B)
    play(state, "Va2")


def test_freed_space_stays_closed_after_a_pass() -> None:
    # White's last piece earns the bonus: he removes Black's c3 vertical, the only
    # place anything may go (everything else is 3 high while level 1 is unfinished)
    state = e_tower(with_level_four=False)
    state.supply[W] = 0
    state._legal = None
    play(state, "xc3@1")
    assert state.current_players() == [B]
    assert state.supply[B] >= 1
    assert state.legal_moves(B) == ["pass"]
    assert "freed by a removal" in refusal(state, "Vc3")
    play(state, "pass")
    # White has no pieces: Black plays again, still barred from c3
    assert state.current_players() == [B]
    assert state.legal_moves(B) == ["pass"]
    play(state, "pass")
    assert state.is_terminal()


# ------------------------------------------------------- the bonus is always asked
def test_the_bonus_is_asked_even_when_skip_is_the_only_choice() -> None:
    # Black's only piece is his last one; White places his last piece on b2
    state = tower([(W, "Va2"), (B, "Va1")], supply=(1, 19), to_move=W)
    play(state, "Vb2")
    assert state.current_players() == [W]
    assert state.legal_moves(W) == ["skip"]
    play(state, "skip")
    assert state.current_players() == [B]


def test_the_bonus_is_asked_after_the_last_piece_of_both_supplies() -> None:
    pieces = [(W, "Va2"), (B, "Va1"), (B, "Vb1")]
    state = tower(pieces, supply=(1, 0), to_move=W)
    play(state, "Vb2")
    assert not state.is_terminal()
    assert state.legal_moves(W) == ["xa1@1", "skip"]
    ended = state.clone()
    play(ended, "skip")
    assert ended.is_terminal()
    play(state, "xa1@1")  # Black gets a piece back and the game goes on
    assert not state.is_terminal()
    assert state.supply == [0, 1]
    assert state.current_players() == [B]
