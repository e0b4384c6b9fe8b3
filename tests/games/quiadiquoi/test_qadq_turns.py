"""Setup, the sabot, turn rotation, questions, clues, payment and re-speaking."""

from __future__ import annotations

import random

import pytest
from qadq_helpers import give, make, play, put_front, set_turn, tokens

import tablier
from tablier.games.quiadiquoi.deck import load_deck, resolve_deck
from tablier.games.quiadiquoi.state import QuiAdiQuoiState
from tablier.games.quiadiquoi.table import Slot


def ids(slots: list[list[str]]) -> list[str]:
    return [slot[0] for slot in slots]


# ------------------------------------------------------------------------ setup
def test_game_contract_attributes() -> None:
    game = tablier.load("quiadiquoi", deck="test-fr")
    assert game.id == "quiadiquoi"
    assert (game.min_players, game.max_players) == (3, 6)
    assert game.hidden_information and game.text_moves
    assert game.options["deck"] == "test-fr"
    assert type(game).option_specs[-1].default == "base-fr"
    with pytest.raises(ValueError):
        game.new_state(seed=1, num_players=2)
    with pytest.raises(ValueError):
        game.new_state(seed=1, num_players=7)


def test_setup_two_similar_blue_packs_of_one_star_cards() -> None:
    state = make(4)
    comp1, comp2, comp3 = state.table.comps
    deck = load_deck(resolve_deck("test-fr"))
    easy = {c.id for c in deck.cards if c.difficulty == 1}
    assert set(ids(comp1)) | set(ids(comp2)) == easy
    assert abs(len(comp1) - len(comp2)) <= 1
    assert all(face == "blue" for _, face in comp1 + comp2)
    assert comp3 == []


def test_difficulty_all_uses_every_card() -> None:
    state = make(3, difficulty="all")
    assert len(state.table.comps[0]) + len(state.table.comps[1]) == 24


def test_seed_drives_the_shuffle() -> None:
    assert make(3, seed=5).table.comps == make(3, seed=5).table.comps
    assert make(3, seed=5).table.comps != make(3, seed=6).table.comps


# -------------------------------------------------------------------- rotation
def test_first_principal_is_seat_0_and_reader_the_seat_before() -> None:
    state = make(4)
    assert (state.table.principal, state.table.reader) == (0, 3)
    assert state.current_players() == [0]


def test_principal_becomes_the_next_reader() -> None:
    state = make(3)
    play(state, (0, "take 1"), (0, "abstain"), (1, "abstain"), (0, "abstain"), (1, "abstain"))
    assert (state.table.principal, state.table.reader) == (1, 0)
    assert state.current_players() == [1]


# ------------------------------------------------------------------ preparation
def test_preparation_round_has_no_die_and_no_compartment_3() -> None:
    state = make(3)
    state.table.comps[2].append(Slot("h03", "blue"))
    for turn in range(3):
        assert state.table.die is None
        assert state.prep()
        moves = state.legal_moves(state.current_players()[0])
        assert "take 3" not in moves
        p = state.table.principal
        state.apply(p, "take 1")
        # everyone abstains until the four clues are used
        while state.table.phase == "answer":
            state.apply(state.current_players()[0], "abstain")
        assert state.table.turn == turn + 1
    assert not state.prep()
    assert state.table.die is not None
    assert "take 3" in state.legal_moves(state.current_players()[0]) or state.table.die in (
        "steal_card",
        "imposed",
    )


@pytest.mark.parametrize("rounds", [1, 2])
def test_prep_rounds_option_sets_how_many_rounds_without_die(rounds: int) -> None:
    state = make(3, prep_rounds=rounds)
    turns_without_die = 0
    while state.table.die is None and turns_without_die < 10:
        state.apply(state.current_players()[0], "take 1")
        while state.table.phase == "answer":
            state.apply(state.current_players()[0], "abstain")
        turns_without_die += 1
    assert turns_without_die == 3 * rounds


# ------------------------------------------------------------------------ sabot
def test_drawing_takes_the_front_card_of_the_chosen_compartment() -> None:
    state = make(3)
    front = state.table.comps[1][0][0]
    state.apply(0, "take 2")
    assert state.table.question.card == front
    assert front not in ids(state.table.comps[1])


def test_answered_card_goes_to_the_back_of_3_turned_over() -> None:
    state = make(3)
    state.table.comps[2].append(Slot("p01", "blue"))
    put_front(state, 1, "l01")
    play(state, (0, "take 1"), (0, "answer:Voltaire"))
    assert state.table.comps[2][-1] == ("l01", "bordeaux")
    assert state.table.comps[2][0] == ("p01", "blue")


def test_unanswered_card_goes_to_the_back_of_3_unturned() -> None:
    state = make(3)
    put_front(state, 1, "l01")
    play(state, (0, "take 1"), (0, "abstain"), (1, "abstain"), (0, "abstain"), (1, "abstain"))
    assert state.table.comps[2][-1] == ("l01", "blue")


def test_empty_compartment_cannot_be_chosen() -> None:
    state = make(3)
    state.table.comps[1].clear()
    assert "take 2" not in state.legal_moves(0)
    with pytest.raises(tablier.IllegalMove):
        state.apply(0, "take 2")


# ------------------------------------------------------------ tokens and cards
def test_right_author_wins_a_token_of_the_category() -> None:
    state = make(3)
    put_front(state, 1, "p04")
    play(state, (0, "take 1"), (0, "abstain"), (1, "answer:Sartre"))
    assert state.table.tokens[1]["penseurs"] == 1
    assert state.table.cup["penseurs"] == 11


def test_no_token_when_the_cup_has_none_left() -> None:
    state = make(3)
    state.table.cup["penseurs"] = 0
    put_front(state, 1, "p04")
    play(state, (0, "take 1"), (0, "answer:Sartre"))
    assert state.table.tokens[0]["penseurs"] == 0
    assert state.table.comps[2][-1] == ("p04", "bordeaux")


def test_bordeaux_question_costs_a_token_of_its_category() -> None:
    state = make(3)
    set_turn(state, 0, "blank")
    put_front(state, 3, "h01", "bordeaux")
    assert "take 3" not in state.legal_moves(0)
    tokens(state, 0, histoire=1)
    assert "take 3" in state.legal_moves(0)
    state.apply(0, "take 3")
    assert state.table.tokens[0]["histoire"] == 0
    assert state.table.cup["histoire"] == 12


def test_other_category_token_does_not_pay() -> None:
    state = make(3)
    set_turn(state, 0, "blank")
    put_front(state, 3, "h01", "bordeaux")
    tokens(state, 0, penseurs=2, litterature=1)
    assert not [m for m in state.legal_moves(0) if m.startswith("take 3")]


def test_front_blue_card_of_3_is_free() -> None:
    state = make(3)
    set_turn(state, 0, "blank")
    put_front(state, 3, "h01", "blue")
    assert "take 3" in state.legal_moves(0)


def test_bordeaux_won_by_a_later_player() -> None:
    state = make(3)
    set_turn(state, 0, "blank")
    put_front(state, 3, "p01", "bordeaux")
    tokens(state, 0, penseurs=1)
    play(state, (0, "take 3"), (0, "abstain"), (1, "answer:Je pense, donc je suis"))
    assert state.table.cards[1] == ["p01"]
    assert "p01" not in [s[0] for slots in state.table.comps for s in slots]


# ----------------------------------------------------------------------- clues
def asked_sequence(state, answers: int) -> list[tuple[int, int]]:
    seen = []
    for _ in range(answers):
        if state.table.phase != "answer":
            break
        q = state.table.question
        seen.append((q.current, q.clue))
        state.apply(q.current, "abstain")
    return seen


def test_clue_sequence_with_three_players() -> None:
    state = make(3)
    set_turn(state, 1, "blank")  # reader 0
    state.apply(1, "take 1")
    assert asked_sequence(state, 10) == [(1, 1), (2, 2), (1, 3), (2, 4)]
    assert state.table.question is None


def test_clue_sequence_with_six_players() -> None:
    state = make(6)
    set_turn(state, 4, "blank")  # reader 3
    state.apply(4, "take 1")
    assert asked_sequence(state, 10) == [(4, 1), (5, 2), (0, 3), (1, 4)]
    assert state.table.question is None


def test_clues_shown_grow_one_by_one() -> None:
    state = make(4)
    put_front(state, 1, "l02")
    state.apply(0, "take 1")
    obs = state.observation(2)
    assert obs["question"]["clues"] == ["Il est né à Rouen."]
    state.apply(0, "answer:Racine")
    assert len(state.observation(2)["question"]["clues"]) == 2


def test_abstaining_passes_the_question_on() -> None:
    state = make(4)
    state.apply(0, "take 1")
    state.apply(0, "abstain")
    assert state.table.question.current == 1
    assert state.table.question.clue == 2


# -------------------------------------------------------------------- re-speak
def test_respeak_window_opens_for_an_earlier_wrong_answer() -> None:
    state = make(4)
    put_front(state, 1, "l02")
    play(state, (0, "take 1"), (0, "answer:Racine"))
    # player 0 has just answered: no window for his own answer
    assert state.table.phase == "answer" and state.current_players() == [1]
    state.apply(1, "answer:Molière")
    assert state.table.phase == "claims"
    assert state.current_players() == [0]


def test_abstention_at_the_first_ask_forbids_speaking_again() -> None:
    state = make(3)
    put_front(state, 1, "l02")
    play(state, (0, "take 1"), (0, "abstain"), (1, "answer:Racine"))
    # player 0 abstained, player 1 just answered: nobody may claim
    assert state.table.phase == "answer" and state.current_players() == [0]
    state.apply(0, "answer:Molière")  # clue 3, his second ask
    assert state.table.phase == "claims"
    assert state.current_players() == [1]  # not player 0: he abstained first


def test_no_claim_in_the_window_opened_by_ones_own_failure() -> None:
    # issue 18: a player never claims in the window his own answer or abstention opens
    state = make(3)  # principal 0, reader 2: players 0 and 1 are asked in turn
    put_front(state, 1, "l02")
    play(state, (0, "take 1"), (0, "answer:Racine"), (1, "answer:Molière"))
    assert state.current_players() == [0]  # the window of player 1's failure
    play(state, (0, "pass"))
    assert state.table.question.current == 0 and state.table.question.clue == 3
    state.apply(0, "abstain")  # wrong at clue 1, he has heard clues 2 and 3 since
    assert state.table.phase == "claims"
    assert state.current_players() == [1]  # not player 0: it is his own abstention
    assert 0 not in state.observation(1)["question"]["respeak_eligible"]


def test_no_claim_after_ones_own_second_wrong_answer() -> None:
    state = make(3)
    put_front(state, 1, "l02")
    play(state, (0, "take 1"), (0, "answer:Racine"), (1, "answer:Molière"), (0, "pass"))
    state.apply(0, "answer:Hugo")  # his own second wrong answer, at clue 3
    assert state.current_players() == [1]


def test_claims_are_heard_from_the_reader_clockwise() -> None:
    state = make(5)
    set_turn(state, 3, "blank")  # reader 2; asked 3, 4, 0, 1
    put_front(state, 1, "l02")
    play(
        state,
        (3, "take 1"),
        (3, "answer:Racine"),
        (4, "answer:Molière"),
    )
    # player 4 has just answered: only player 3 may claim
    assert state.current_players() == [3]
    state.apply(3, "claim")
    assert state.table.phase == "respeak" and state.current_players() == [3]
    play(state, (3, "answer:Boileau"), (0, "answer:Hugo"))
    assert state.table.phase == "claims"
    assert state.current_players() == [4]  # 3 already spoke again, 0 just answered
    state.apply(4, "claim")
    play(state, (4, "answer:Corneille"))
    assert state.table.tokens[4]["litterature"] == 1


def test_several_claimants_answer_in_order_from_the_reader() -> None:
    state = make(6)
    set_turn(state, 1, "blank")  # reader 0; asked 1, 2, 3, 4
    put_front(state, 1, "l02")
    play(
        state,
        (1, "take 1"),
        (1, "answer:Racine"),
        (2, "answer:Molière"),
        (1, "pass"),
        (3, "answer:Hugo"),
    )
    assert state.current_players() == [1, 2]
    play(state, (2, "claim"), (1, "claim"))
    assert state.table.question.claimants == [1, 2]
    assert state.current_players() == [1]
    state.apply(1, "answer:Boileau")
    assert state.current_players() == [2]
    state.apply(2, "answer:Pierre Corneille")
    assert state.table.tokens[2]["litterature"] == 1


def test_reader_is_never_asked_and_never_claims() -> None:
    state = make(3)
    set_turn(state, 2, "blank")  # reader 1
    state.apply(2, "take 1")
    seen = set()
    while state.table.question is not None:
        (p,) = state.current_players()[:1]
        seen.add(p)
        move = "answer:nobody" if state.table.phase in ("answer", "respeak") else "claim"
        state.apply(p, move)
    assert 1 not in seen


def test_one_extra_answer_per_question() -> None:
    state = make(4)
    put_front(state, 1, "l02")
    play(state, (0, "take 1"), (0, "answer:Racine"), (1, "answer:Molière"), (0, "claim"))
    play(state, (0, "answer:Boileau"), (2, "answer:Hugo"))
    assert 0 not in state.current_players()


# -------------------------------------------------------------- reader verdicts
def test_reader_confirms_each_answer() -> None:
    state = make(3, reader_confirms=True)
    put_front(state, 1, "l01")
    state.apply(0, "take 1")
    state.apply(0, "answer:Voltaire")
    assert state.table.phase == "verdict" and state.current_players() == [2]
    assert state.observation(2)["verdict"]["proposed"] == "right"
    assert "proposed" not in state.observation(1)["verdict"]
    assert state.legal_moves(2) == ["accept", "refuse"]
    state.apply(2, "refuse")  # the reader overrules the automatic verdict
    assert state.table.tokens[0]["litterature"] == 0
    assert state.current_players() == [1]


def test_reader_may_accept_an_answer_the_engine_refused() -> None:
    state = make(3, reader_confirms=True)
    put_front(state, 1, "l01")
    play(state, (0, "take 1"), (0, "answer:Arouet dit V."))
    assert state.legal_moves(2) == ["refuse", "accept"]
    state.apply(2, "accept")
    assert state.table.tokens[0]["litterature"] == 1


def test_without_confirmation_the_automatic_verdict_applies() -> None:
    state = make(3)
    put_front(state, 1, "l01")
    play(state, (0, "take 1"), (0, "answer:voltair"))
    assert state.table.tokens[0]["litterature"] == 1


# ------------------------------------------------------------------- the clock
def test_timeout_moves_only_with_a_clock() -> None:
    timed = make(3, answer_seconds=20)
    timed.apply(0, "take 1")
    assert "timeout" in timed.legal_moves(0)
    untimed = make(3)
    untimed.apply(0, "take 1")
    assert "timeout" not in untimed.legal_moves(0)


def test_timeout_counts_as_no_answer() -> None:
    state = make(3, answer_seconds=20)
    put_front(state, 1, "l02")
    play(state, (0, "take 1"), (0, "timeout"), (1, "answer:Racine"), (0, "answer:Hugo"))
    assert state.table.phase == "claims" and state.current_players() == [1]


def test_held_cards_and_tokens_are_public() -> None:
    state = make(3)
    give(state, 1, "h01")
    tokens(state, 2, penseurs=2)
    obs = state.observation(0)
    assert obs["players"][1]["cards"][0]["id"] == "h01"
    assert obs["players"][2]["tokens"]["penseurs"] == 2


def test_speaking_again_can_win_a_bordeaux_card() -> None:
    state = make(4)
    set_turn(state, 0, "blank")  # reader 3
    put_front(state, 3, "p02", "bordeaux")
    tokens(state, 0, penseurs=1)
    play(
        state,
        (0, "take 3"),
        (0, "answer:Le cœur a ses raisons"),
        (1, "answer:Le cœur ne ment pas"),
        (0, "claim"),
        (0, "answer:Le cœur a ses raisons que la raison ne connaît point"),
    )
    assert state.table.cards[0] == ["p02"]


def test_the_anecdote_is_shown_once_the_answer_is_found() -> None:
    found = make(3)
    put_front(found, 1, "h01")
    play(found, (0, "take 1"), (0, "answer:Louis XIV"))
    assert found.observation(1)["last"]["anecdote"].startswith("Aucun témoin")
    missed = make(3)
    put_front(missed, 1, "h01")
    play(missed, (0, "take 1"), (0, "abstain"), (1, "abstain"), (0, "abstain"), (1, "abstain"))
    last = missed.observation(1)["last"]
    assert last["anecdote"] is None
    assert last["author"] == "Louis XIV"  # the reader reads the answer out


def test_no_written_list_of_heard_quotations_until_the_game_is_over() -> None:
    # issue 18: reciting from memory is the tournaments' point
    state = make(3)
    put_front(state, 1, "h01")
    play(state, (0, "take 1"), (0, "answer:Louis XIV"))
    assert state.table.heard == ["h01"]  # the engine keeps it to check recitations
    for seat in (None, 0, 1, 2):
        view = state.observation(seat)
        assert view["heard"] is None and view["public"]["heard"] is None
        assert view["heard_count"] == 1
    # the one just read stays on show as the last card, as at the table
    assert state.observation(1)["last"]["quote"] == "L'État, c'est moi."
    state._end("exhausted")
    heard = state.observation(None)["heard"]
    assert heard == [
        {"id": "h01", "category": "histoire", "author": "Louis XIV", "quote": "L'État, c'est moi."}
    ]


def test_a_computer_rebuilding_the_game_knows_the_cards_read_aloud() -> None:
    state = make(3)
    put_front(state, 1, "h01")
    play(state, (0, "take 1"), (0, "answer:Louis XIV"))
    rebuilt = state.game.state_from_observation(state.observation(1), 1, random.Random(3))
    assert isinstance(rebuilt, QuiAdiQuoiState)
    assert rebuilt.table.heard == ["h01"]
