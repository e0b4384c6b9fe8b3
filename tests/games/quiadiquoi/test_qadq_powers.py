"""The power die: its five powers, the blank face, and the die options."""

from __future__ import annotations

import pytest
from qadq_helpers import give, make, play, put_front, set_turn, tokens

import tablier


def takes(state, player: int) -> list[str]:
    return [m for m in state.legal_moves(player) if m.startswith("take")]


def test_blank_face_changes_nothing() -> None:
    state = make(3)
    set_turn(state, 0, "blank")
    put_front(state, 3, "h01", "bordeaux")
    tokens(state, 0, penseurs=1)
    assert takes(state, 0) == ["take 1", "take 2"]
    assert state.current_players() == [0]


# --------------------------------------------------------------- jeton magique
def test_magic_token_pays_with_another_category() -> None:
    state = make(3)
    set_turn(state, 0, "magic")
    put_front(state, 3, "h01", "bordeaux")
    tokens(state, 0, penseurs=1)
    assert "take 3 with penseurs" in state.legal_moves(0)
    assert "take 3" not in state.legal_moves(0)
    state.apply(0, "take 3 with penseurs")
    assert state.table.tokens[0]["penseurs"] == 0
    assert state.table.cup["penseurs"] == 12
    assert state.table.question.card == "h01"


def test_magic_token_only_for_a_player_without_the_category_token() -> None:
    # "s'il ne possède pas le jeton correspondant": holding it, he pays with it
    state = make(3)
    set_turn(state, 0, "magic")
    put_front(state, 3, "h01", "bordeaux")
    tokens(state, 0, histoire=1, litterature=1)
    moves = state.legal_moves(0)
    assert {"take 1", "take 2", "take 3"} <= set(moves)
    assert not [m for m in moves if " with " in m]
    with pytest.raises(tablier.IllegalMove) as info:
        state.apply(0, "take 3 with litterature")
    assert info.value.code == "quiadiquoi:refusal.take_impossible"
    assert "magic token" in str(info.value) and "jeton magique" in info.value.text("fr")
    assert state.table.tokens[0]["litterature"] == 1


def test_magic_token_without_any_token_does_not_pay() -> None:
    state = make(3)
    set_turn(state, 0, "magic")
    put_front(state, 3, "h01", "bordeaux")
    assert takes(state, 0) == ["take 1", "take 2"]


# ------------------------------------------------------------------ 3 indices
def test_three_clues_at_once_for_the_principal() -> None:
    state = make(4)
    set_turn(state, 0, "clues")
    put_front(state, 1, "l02")
    state.apply(0, "take 1")
    assert len(state.observation(1)["question"]["clues"]) == 3
    state.apply(0, "abstain")
    assert state.table.question.current == 1
    assert state.table.question.clue == 4
    state.apply(1, "abstain")
    assert state.table.question is None


# ---------------------------------------------------------------- choix imposé
def test_imposed_choice_is_made_by_the_reader_for_the_opponents() -> None:
    state = make(3)
    set_turn(state, 1, "imposed")  # reader 0
    put_front(state, 3, "h01", "bordeaux")
    tokens(state, 1, histoire=1)
    assert state.current_players() == [0]
    assert state.legal_moves(1) == []
    assert "take 3" in state.legal_moves(0)
    state.apply(0, "take 3")
    # the principal pays, and is asked first as usual
    assert state.table.tokens[1]["histoire"] == 0
    assert state.current_players() == [1]


def test_imposed_choice_cannot_make_the_principal_pay_what_he_lacks() -> None:
    state = make(3)
    set_turn(state, 1, "imposed")
    put_front(state, 3, "h01", "bordeaux")
    tokens(state, 0, histoire=3)  # the reader's own tokens do not count
    assert "take 3" not in state.legal_moves(0)


# ------------------------------------------------------------------ jeton volé
def test_stolen_token_pays_with_another_players_token() -> None:
    state = make(4)
    set_turn(state, 0, "steal_token")
    put_front(state, 3, "h01", "bordeaux")
    tokens(state, 2, histoire=2)
    tokens(state, 3, penseurs=1)
    assert takes(state, 0) == ["take 1", "take 2", "take 3 from 2"]
    state.apply(0, "take 3 from 2")
    assert state.table.tokens[2]["histoire"] == 1
    assert state.table.cup["histoire"] == 11


def test_stolen_token_only_when_lacking_the_right_one() -> None:
    state = make(3)
    set_turn(state, 0, "steal_token")
    put_front(state, 3, "h01", "bordeaux")
    tokens(state, 0, histoire=1)
    tokens(state, 1, histoire=1)
    assert "take 3 from 1" not in state.legal_moves(0)
    assert "take 3" in state.legal_moves(0)


# ---------------------------------------------------------------- carte volée
def test_stolen_card_options_are_offered_but_not_forced() -> None:
    state = make(3)
    set_turn(state, 0, "steal_card")
    give(state, 1, "p01")
    moves = state.legal_moves(0)
    assert {"take 1", "take 2", "steal p01", "send p01"} <= set(moves)
    assert moves[-1] == "name:<author>|<quote>"


def test_stolen_card_needs_an_opponent_card() -> None:
    state = make(3)
    set_turn(state, 0, "steal_card")
    give(state, 0, "p01")  # his own card is no target
    moves = state.legal_moves(0)
    assert not [m for m in moves if m.startswith(("steal", "send", "name"))]


def test_steal_by_answering_with_the_first_clue_only() -> None:
    state = make(3)
    set_turn(state, 0, "steal_card")
    give(state, 1, "p01")
    state.apply(0, "steal p01")
    q = state.observation(2)["question"]
    assert q["face"] == "bordeaux" and q["shown"] == "René Descartes"
    assert len(q["clues"]) == 1
    state.apply(0, "answer:Je pense donc je suis")
    assert state.table.cards[0] == ["p01"] and state.table.cards[1] == []
    # the first card of the game: the tournament starts after the thief
    assert state.table.phase == "recite" and state.current_players() == [1]


def test_failed_steal_leaves_the_card_and_ends_the_turn() -> None:
    state = make(3)
    set_turn(state, 0, "steal_card")
    give(state, 1, "p01")
    play(state, (0, "steal p01"), (0, "answer:je doute donc je suis"))
    assert state.table.cards[1] == ["p01"]
    assert state.table.question is None
    assert state.table.principal == 1  # only the principal was asked


def test_naming_a_quotation_and_its_author_takes_the_card() -> None:
    state = make(4)
    set_turn(state, 0, "steal_card")
    give(state, 2, "l01", "h01")
    state.apply(0, "name:Voltaire|Il faut cultiver notre jardin")
    assert state.table.cards[0] == ["l01"]
    assert state.table.cards[2] == ["h01"]
    assert state.history[-1] == (0, "name:Voltaire|Il faut cultiver notre jardin")


def test_naming_a_wrong_author_takes_nothing() -> None:
    state = make(4)
    set_turn(state, 0, "steal_card")
    give(state, 2, "l01")
    state.apply(0, "name:Rousseau|Il faut cultiver notre jardin")
    assert state.table.cards[2] == ["l01"]
    assert state.table.cards[0] == []
    assert state.table.principal == 1


def test_name_needs_the_separator() -> None:
    state = make(4)
    set_turn(state, 0, "steal_card")
    give(state, 2, "l01")
    with pytest.raises(tablier.IllegalMove, match=r"\|"):
        state.apply(0, "name:Voltaire")


def test_sending_a_card_back_unread() -> None:
    state = make(3)
    set_turn(state, 0, "steal_card")
    give(state, 2, "h01")
    state.apply(0, "send h01")
    assert state.table.cards[2] == []
    assert state.table.comps[2][-1] == ("h01", "bordeaux")
    assert state.table.principal == 1  # it counts as the turn


# ---------------------------------------------------------------------- options
def test_without_the_die_no_power_is_rolled() -> None:
    state = make(3, die=False)
    set_turn(state, 0, None)
    for _ in range(6):
        p = state.current_players()[0]
        state.apply(p, "take 1")
        while state.table.phase == "answer":
            state.apply(state.current_players()[0], "abstain")
        assert state.table.die is None


def test_die_faces_option_sets_the_faces() -> None:
    state = make(3, die_faces="magic,magic,clues")
    seen = set()
    for _ in range(12):
        p = state.current_players()[0]
        state.apply(p, "take 1" if "take 1" in state.legal_moves(p) else "take 2")
        while state.table.phase == "answer":
            state.apply(state.current_players()[0], "abstain")
        seen.add(state.table.die)
    assert seen <= {None, "magic", "clues"}
    assert seen & {"magic", "clues"}


@pytest.mark.parametrize("bad", ["", "magic,joker", "six"])
def test_bad_die_faces_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="die_faces"):
        tablier.load("quiadiquoi", deck="test-fr", die_faces=bad)


def test_name_accepts_any_text_in_the_template() -> None:
    state = make(4)
    set_turn(state, 0, "steal_card")
    give(state, 2, "l01")
    state.apply(0, "name:|")
    assert state.table.cards[2] == ["l01"]


def test_the_default_die_has_five_powers_and_a_blank_face() -> None:
    game = tablier.load("quiadiquoi", deck="test-fr")
    assert len(game.die_faces) == 6
    assert set(game.die_faces) == {
        "blank",
        "magic",
        "clues",
        "imposed",
        "steal_token",
        "steal_card",
    }


def test_the_die_is_rolled_with_the_states_random_generator() -> None:
    rolls = []
    for _ in range(2):
        state = make(3, seed=11)
        seen = []
        for _ in range(9):
            p = state.current_players()[0]
            state.apply(p, "take 1" if "take 1" in state.legal_moves(p) else "take 2")
            while state.table.phase == "answer":
                state.apply(state.current_players()[0], "abstain")
            seen.append(state.table.die)
        rolls.append(seen)
    assert rolls[0] == rolls[1]
    assert len(set(rolls[0][3:])) > 1
