"""The variants: mixed faces, separate packs, the challenge, options validation."""

from __future__ import annotations

import pytest
from qadq_helpers import give, make, play, put_front, set_turn, tokens

import tablier
from tablier.games.quiadiquoi.table import Slot


# ---------------------------------------------------------------- mixed faces
def test_mixed_packs_show_both_faces() -> None:
    state = make(3, packs="mixed", difficulty="all")
    faces = {face for slots in state.table.comps[:2] for _, face in slots}
    assert faces == {"blue", "bordeaux"}


def test_mixed_packs_questions_from_1_and_2_are_free_and_earn_tokens() -> None:
    state = make(3, packs="mixed")
    set_turn(state, 0, "blank")
    put_front(state, 1, "p01", "bordeaux")
    assert "take 1" in state.legal_moves(0)  # no token needed
    play(state, (0, "take 1"), (0, "answer:Je pense, donc je suis"))
    assert state.table.tokens[0]["penseurs"] == 1
    assert state.table.cards[0] == []
    assert state.table.comps[2][-1] == ("p01", "blue")  # turned over


def test_mixed_packs_compartment_3_costs_a_token_and_wins_the_card() -> None:
    state = make(3, packs="mixed")
    set_turn(state, 0, "blank")
    put_front(state, 3, "p01", "blue")
    assert "take 3" not in state.legal_moves(0)
    tokens(state, 0, penseurs=1)
    play(state, (0, "take 3"), (0, "answer:Descartes"))
    assert state.table.cards[0] == ["p01"]
    assert state.table.tokens[0]["penseurs"] == 0


def test_mixed_packs_unanswered_cards_leave_the_game() -> None:
    state = make(3, packs="mixed")
    set_turn(state, 0, "blank")
    put_front(state, 2, "h01", "blue")
    play(state, (0, "take 2"), (0, "abstain"), (1, "abstain"), (0, "abstain"), (1, "abstain"))
    assert state.table.out == ["h01"]
    assert "h01" not in [s[0] for slots in state.table.comps for s in slots]


def test_separate_packs_author_in_1_phrase_in_2() -> None:
    state = make(3, packs="separate")
    comp1, comp2, _ = state.table.comps
    assert {face for _, face in comp1} == {"blue"}
    assert {face for _, face in comp2} == {"bordeaux"}
    # the phrase pack is free too: only compartment 3 costs a token
    assert state.legal_moves(0) == ["take 1", "take 2"]


def test_blue_packs_unanswered_cards_stay_in_the_game() -> None:
    state = make(3)
    put_front(state, 1, "h01")
    play(state, (0, "take 1"), (0, "abstain"), (1, "abstain"), (0, "abstain"), (1, "abstain"))
    assert state.table.out == []


# ------------------------------------------------------------------- challenge
def test_challenge_question_goes_to_the_principal_only() -> None:
    state = make(4, challenge=True)
    put_front(state, 1, "l02")
    play(state, (0, "take 1"), (0, "answer:Racine"))
    assert state.table.phase == "challenge"
    assert state.current_players() == [0]
    assert state.legal_moves(0) == ["clue", "stop"]


def test_challenge_refusing_the_clue_puts_the_card_back() -> None:
    state = make(4, challenge=True)
    put_front(state, 1, "l02")
    play(state, (0, "take 1"), (0, "answer:Racine"), (0, "stop"))
    assert state.table.comps[2][-1] == ("l02", "blue")
    assert state.table.principal == 1


def test_challenge_opponents_may_answer_before_the_next_clue() -> None:
    state = make(4, challenge=True)  # reader 3
    put_front(state, 1, "l02")
    play(state, (0, "take 1"), (0, "answer:Racine"), (0, "clue"))
    assert state.current_players() == [1, 2]
    play(state, (1, "claim"), (2, "pass"), (1, "answer:Corneille"))
    assert state.table.tokens[1]["litterature"] == 1
    assert state.table.tokens[0]["litterature"] == 0


def test_challenge_next_clue_when_no_opponent_finds_it() -> None:
    state = make(4, challenge=True)
    put_front(state, 1, "l02")
    play(state, (0, "take 1"), (0, "answer:Racine"), (0, "clue"), (1, "pass"), (2, "claim"))
    play(state, (2, "answer:Molière"))
    assert state.table.phase == "answer"
    assert state.current_players() == [0]
    assert state.table.question.clue == 2
    state.apply(0, "answer:Pierre Corneille")
    assert state.table.tokens[0]["litterature"] == 1


def test_challenge_ends_after_the_fourth_clue() -> None:
    state = make(3, challenge=True)
    put_front(state, 1, "l02")
    state.apply(0, "take 1")
    for _ in range(3):
        play(state, (0, "abstain"), (0, "clue"), (1, "pass"))
    state.apply(0, "abstain")
    assert state.table.question is None
    assert state.table.comps[2][-1] == ("l02", "blue")


# --------------------------------------------------------------------- options
@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("cards_to_win", 2),
        ("prep_rounds", 3),
        ("die", "yes"),
        ("difficulty", "hard"),
        ("answer_seconds", 0),
        ("packs", "shuffled"),
        ("challenge", 1),
        ("reader_confirms", "no"),
        ("deck", "no-such-deck"),
    ],
)
def test_bad_option_values_are_refused(name: str, value: object) -> None:
    with pytest.raises(ValueError, match=name if name != "deck" else "no such deck"):
        tablier.load("quiadiquoi", **{name: value})


def test_options_parse_from_the_command_line() -> None:
    cls = tablier.game_class("quiadiquoi")
    assert cls.parse_option("answer_seconds", "none") is None
    assert cls.parse_option("die", "off") is False
    assert cls.parse_option("cards_to_win", "5") == 5


def test_a_deck_given_by_path(tmp_path) -> None:
    from tablier.games.quiadiquoi.deck import builtin_deck_path

    copy = tmp_path / "mine.toml"
    copy.write_text(builtin_deck_path("test-fr").read_text(encoding="utf-8"), encoding="utf-8")
    game = tablier.load("quiadiquoi", deck=str(copy))
    assert len(game.deck.cards) == 24


def test_a_deck_without_easy_cards_needs_difficulty_all(tmp_path) -> None:
    from tablier.games.quiadiquoi.deck import builtin_deck_path

    text = builtin_deck_path("test-fr").read_text(encoding="utf-8")
    hard = tmp_path / "hard.toml"
    hard.write_text(text.replace("difficulty = 1", "difficulty = 2"), encoding="utf-8")
    with pytest.raises(ValueError, match="difficulty='all'"):
        tablier.load("quiadiquoi", deck=str(hard))
    assert tablier.load("quiadiquoi", deck=str(hard), difficulty="all")


# ------------------------------------------------------------------- handicaps
def turn_with_die(state) -> str | None:
    p = state.current_players()[0]
    state.apply(p, "take 1" if "take 1" in state.legal_moves(p) else "take 2")
    while state.table.phase == "answer":
        state.apply(state.current_players()[0], "abstain")
    return state.table.die


def test_seats_without_die_never_roll() -> None:
    state = make(3, seats_without_die="1", die_faces="magic")
    set_turn(state, 2, None)
    dice = {}
    for _ in range(6):
        principal_next = (state.table.principal + 1) % 3
        dice.setdefault(principal_next, set()).add(turn_with_die(state))
    assert dice[1] == {None}
    assert dice[0] == {"magic"} and dice[2] == {"magic"}


def test_seats_cards_to_win_raise_one_players_target() -> None:
    state = make(3, seats_cards_to_win="0=4")
    state.table.tournaments = 3
    give(state, 0, "h01", "l01", "p01")
    give(state, 1, "h02", "l03")
    assert not state.has_won(0)
    assert state.observation(None)["cards_to_win"] == [4, 3, 3]
    state.table.cards[1].append("p02")
    assert state.has_won(1)


@pytest.mark.parametrize(
    ("name", "value"),
    [("seats_without_die", "a"), ("seats_without_die", "7"), ("seats_cards_to_win", "1=2")],
)
def test_bad_handicaps_are_refused(name: str, value: str) -> None:
    with pytest.raises(ValueError, match=name):
        tablier.load("quiadiquoi", deck="test-fr", **{name: value})


def test_handicap_seats_must_exist() -> None:
    game = tablier.load("quiadiquoi", deck="test-fr", seats_without_die="4")
    with pytest.raises(ValueError, match="seat"):
        game.new_state(seed=1, num_players=3)
    assert game.new_state(seed=1, num_players=5)


def test_cheat_sheet_lists_the_authors() -> None:
    state = make(3, cheat_sheet=True)
    sheet = state.observation(1)["cheat_sheet"]
    assert "Voltaire" in sheet and sheet == sorted(sheet) and len(sheet) == 24
    state.apply(0, "take 1")
    assert "cheat sheet: " in state.render_text(1, lang="en")
    assert make(3).observation(1)["cheat_sheet"] is None


# ------------------------------------------------------------------- messages
def test_refusals_say_why() -> None:
    state = make(3)
    with pytest.raises(tablier.IllegalMove, match="closed during the preparation"):
        state.table.comps[2].append(Slot("h03", "blue"))
        state.apply(0, "take 3")
    set_turn(state, 0, "blank")
    state.table.comps[2][0] = state.table.comps[2][0]._replace(face="bordeaux")
    with pytest.raises(tablier.IllegalMove, match="costs a histoire token"):
        state.apply(0, "take 3")
    state.table.comps[1].clear()
    with pytest.raises(tablier.IllegalMove, match="compartment 2 is empty"):
        state.apply(0, "take 2")
    with pytest.raises(tablier.IllegalMove, match="not a legal move"):
        state.apply(0, "answer:Voltaire")
