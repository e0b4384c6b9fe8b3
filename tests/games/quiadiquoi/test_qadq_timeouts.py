"""The clock: where `timeout` is offered, what silence means there, and no clock at all."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from qadq_helpers import give, make, play, put_front, set_turn, tokens

from tablier.core.errors import IllegalMove
from tablier.games.quiadiquoi.state import QuiAdiQuoiState
from tablier.games.quiadiquoi.table import PEBBLES, Table

TIMED = 20


def without_log(state: QuiAdiQuoiState) -> Table:
    return replace(state.table, events=[])


def same_as(state: QuiAdiQuoiState, player: int, move: str) -> QuiAdiQuoiState:
    """Play `timeout` on `state` and `move` on a twin; both must end in the same position."""
    twin = state.clone()
    state.apply(player, "timeout")
    twin.apply(player, move)
    assert without_log(state) == without_log(twin)
    # the log counts seats from 1, as people do
    assert f"player {player + 1} runs out of time" in state.observation(None)["events"]
    return state


# ---------------------------------------------------------- one position per decision
def at_choose(answer_seconds: int | None) -> QuiAdiQuoiState:
    return make(3, answer_seconds=answer_seconds)


def at_answer(answer_seconds: int | None) -> QuiAdiQuoiState:
    state = make(3, answer_seconds=answer_seconds)
    state.apply(0, "take 1")
    return state


def at_respeak_claims(answer_seconds: int | None) -> QuiAdiQuoiState:
    """Four players, reader 3: seat 0 then seat 1 answer wrongly; seat 0 may speak again."""
    state = make(4, answer_seconds=answer_seconds)
    put_front(state, 1, "l02")
    play(state, (0, "take 1"), (0, "answer:Racine"), (1, "answer:Molière"))
    assert state.table.phase == "claims" and state.current_players() == [0]
    return state


def at_respeak(answer_seconds: int | None) -> QuiAdiQuoiState:
    state = at_respeak_claims(answer_seconds)
    state.apply(0, "claim")
    assert state.table.phase == "respeak"
    return state


def at_verdict(answer_seconds: int | None, answer: str = "voltair") -> QuiAdiQuoiState:
    state = make(3, answer_seconds=answer_seconds, reader_confirms=True)
    put_front(state, 1, "l01")
    play(state, (0, "take 1"), (0, f"answer:{answer}"))
    assert state.table.phase == "verdict" and state.current_players() == [2]
    return state


def at_challenge(answer_seconds: int | None) -> QuiAdiQuoiState:
    state = make(4, answer_seconds=answer_seconds, challenge=True)
    put_front(state, 1, "l02")
    play(state, (0, "take 1"), (0, "answer:Racine"))
    assert state.table.phase == "challenge"
    return state


def at_challenge_claims(answer_seconds: int | None) -> QuiAdiQuoiState:
    state = at_challenge(answer_seconds)
    state.apply(0, "clue")
    assert state.table.phase == "claims" and state.current_players() == [1, 2]
    return state


def at_recite(answer_seconds: int | None) -> QuiAdiQuoiState:
    """Seat 2 wins a card, so the first tournament starts with seat 0."""
    state = make(3, answer_seconds=answer_seconds)
    set_turn(state, 2, "blank")
    put_front(state, 3, "p01", "bordeaux")
    tokens(state, 2, penseurs=1)
    play(state, (2, "take 3"), (2, "answer:Je pense, donc je suis."))
    assert state.table.phase == "recite" and state.current_players() == [0]
    return state


def at_discard(
    answer_seconds: int | None,
    pebbles: tuple[int, int, int] = (2, 0, 0),
    toks: dict[str, int] | None = None,
    cards: tuple[str, ...] = (),
) -> QuiAdiQuoiState:
    """The tournament ends with seat 0 owing a discard."""
    state = at_recite(answer_seconds)
    tokens(state, 0, **(toks if toks is not None else {"litterature": 1, "penseurs": 2}))
    give(state, 0, *cards)
    state.table.pebbles = list(pebbles)
    state.table.cup_pebbles = PEBBLES - sum(pebbles)
    state._end_tournament()
    assert state.table.phase == "discard" and state.current_players() == [0]
    return state


DECISIONS: dict[str, Callable[[int | None], QuiAdiQuoiState]] = {
    "choose": at_choose,
    "answer": at_answer,
    "respeak claims": at_respeak_claims,
    "respeak": at_respeak,
    "verdict": at_verdict,
    "challenge": at_challenge,
    "challenge claims": at_challenge_claims,
    "recite": at_recite,
    "discard": at_discard,
}


# ------------------------------------------------------------------ offered or not
@pytest.mark.parametrize("decision", DECISIONS)
def test_every_decision_offers_a_timeout_with_a_clock(decision: str) -> None:
    state = DECISIONS[decision](TIMED)
    for player in state.current_players():
        assert "timeout" in state.legal_moves(player)
    for player in set(range(state.num_players)) - set(state.current_players()):
        assert "timeout" not in state.legal_moves(player)


@pytest.mark.parametrize("decision", DECISIONS)
def test_no_timeout_anywhere_without_a_clock(decision: str) -> None:
    state = DECISIONS[decision](None)
    for player in state.current_players():
        assert "timeout" not in state.legal_moves(player)
        before = state.clone()
        with pytest.raises(IllegalMove):
            state.apply(player, "timeout")
        assert state.table == before.table and state.history == before.history


def test_timeout_follows_the_concrete_moves_and_precedes_the_templates() -> None:
    state = at_choose(TIMED)
    set_turn(state, 0, "steal_card")
    give(state, 1, "h01")
    moves = state.legal_moves(0)
    assert moves[-2:] == ["timeout", "name:<author>|<quote>"]


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(
    "options",
    [
        {"reader_confirms": True},
        {"challenge": True, "die_faces": "steal_card,magic,steal_token,imposed"},
        {"packs": "mixed", "difficulty": "all"},
    ],
)
def test_in_whole_games_every_awaited_player_may_time_out(
    seed: int, options: dict[str, Any]
) -> None:
    """Random games where silence is frequent: timeout is always there, and is enough."""
    rng = random.Random(seed)
    state = make(3, seed=seed, answer_seconds=TIMED, **options)
    for _ in range(600):
        if state.is_terminal():
            break
        players = state.current_players()
        assert players
        for player in players:
            assert "timeout" in state.legal_moves(player)
        player = rng.choice(players)
        concrete = [m for m in state.legal_moves(player) if "<" not in m]
        state.apply(player, "timeout" if rng.random() < 0.5 else rng.choice(concrete))
    untimed = make(3, seed=seed, **options)
    for _ in range(200):
        if untimed.is_terminal():
            break
        player = untimed.current_players()[0]
        assert "timeout" not in untimed.legal_moves(player)
        concrete = [m for m in untimed.legal_moves(player) if "<" not in m]
        untimed.apply(player, rng.choice(concrete))


# ---------------------------------------------------------------- what silence means
def test_a_silent_player_does_not_claim_to_speak_again() -> None:
    state = same_as(at_respeak_claims(TIMED), 0, "pass")
    assert state.table.phase == "answer"
    assert state.current_players() == [2]
    assert state.table.question.respoke[0] is False


def test_a_silent_claimant_loses_his_extra_answer() -> None:
    state = at_respeak(TIMED)
    state.apply(0, "timeout")
    q = state.table.question
    assert q is not None
    assert q.answers[-1]["result"] == "timeout" and q.answers[-1]["respeak"]
    assert q.respoke[0] is True  # the right to speak again is spent
    assert state.table.phase == "answer" and state.current_players() == [2]


def test_in_the_challenge_a_silent_opponent_passes_while_the_other_claims() -> None:
    state = at_challenge_claims(TIMED)
    state.apply(1, "timeout")
    assert state.current_players() == [2]
    play(state, (2, "claim"), (2, "answer:Corneille"))
    assert state.table.tokens[2]["litterature"] == 1
    assert same_as(at_challenge_claims(TIMED), 1, "pass").current_players() == [2]


def test_a_silent_principal_in_the_challenge_stops() -> None:
    state = same_as(at_challenge(TIMED), 0, "stop")
    assert state.table.question is None
    assert state.table.comps[2][-1] == ("l02", "blue")
    assert state.table.principal == 1


def test_a_silent_reader_lets_the_automatic_verdict_stand_when_right() -> None:
    state = same_as(at_verdict(TIMED, "voltair"), 2, "accept")
    assert state.table.tokens[0]["litterature"] == 1


def test_a_silent_reader_lets_the_automatic_verdict_stand_when_wrong() -> None:
    state = same_as(at_verdict(TIMED, "Racine"), 2, "refuse")
    assert state.table.tokens[0]["litterature"] == 0
    assert state.table.phase == "answer" and state.current_players() == [1]


def test_a_silent_chooser_draws_from_the_first_compartment() -> None:
    state = same_as(at_choose(TIMED), 0, "take 1")
    assert state.table.question.comp == 1


def test_a_silent_chooser_skips_an_empty_compartment() -> None:
    state = at_choose(TIMED)
    state.table.comps[0] = []
    front = state.table.comps[1][0][0]
    same_as(state, 0, "take 2")
    assert state.table.question.card == front


def test_a_silent_chooser_skips_a_compartment_he_cannot_pay_for() -> None:
    state = at_choose(TIMED)
    set_turn(state, 0, "blank")
    put_front(state, 1, "h01", "bordeaux")
    same_as(state, 0, "take 2")
    assert state.table.comps[0][0] == ("h01", "bordeaux")


def test_a_silent_chooser_pays_with_his_own_token_first() -> None:
    state = at_choose(TIMED)
    set_turn(state, 0, "magic")
    put_front(state, 1, "h01", "bordeaux")
    tokens(state, 0, histoire=1, litterature=1)
    same_as(state, 0, "take 1")
    assert state.table.tokens[0] == {"histoire": 0, "litterature": 1, "penseurs": 0}


def test_a_silent_chooser_with_the_magic_token_pays_with_the_first_category() -> None:
    state = at_choose(TIMED)
    set_turn(state, 0, "magic")
    put_front(state, 1, "h01", "bordeaux")
    tokens(state, 0, litterature=1, penseurs=1)
    same_as(state, 0, "take 1 with litterature")
    assert state.table.question.card == "h01"


def test_a_silent_chooser_with_the_stolen_token_takes_from_the_next_player() -> None:
    state = at_choose(TIMED)
    set_turn(state, 1, "steal_token")  # reader 0
    put_front(state, 1, "h01", "bordeaux")
    tokens(state, 0, histoire=1)
    tokens(state, 2, histoire=1)
    same_as(state, 1, "take 1 from 2")  # seat 2 comes first clockwise after seat 1
    assert state.table.tokens[0]["histoire"] == 1 and state.table.tokens[2]["histoire"] == 0


def test_a_silent_reader_under_imposed_choice_picks_the_first_compartment_allowed() -> None:
    state = at_choose(TIMED)
    set_turn(state, 0, "imposed")  # reader 2 chooses for the opponents
    put_front(state, 1, "h01", "bordeaux")
    assert state.current_players() == [2]
    same_as(state, 2, "take 2")
    assert state.table.question.current == 0


def test_a_silent_chooser_with_the_stolen_card_plays_a_normal_question() -> None:
    state = at_choose(TIMED)
    set_turn(state, 0, "steal_card")
    give(state, 1, "h01")
    same_as(state, 0, "take 1")
    assert state.table.cards[1] == ["h01"]
    assert state.table.question.kind == "normal"


def test_a_silent_chooser_with_only_the_stolen_card_left_passes() -> None:
    state = at_choose(TIMED)
    set_turn(state, 0, "steal_card")
    give(state, 1, "h01")
    state.table.comps[0] = []
    state.table.comps[1] = []
    put_front(state, 3, "p01", "bordeaux")  # he has no penseurs token
    assert "pass" not in state.legal_moves(0)
    state.apply(0, "timeout")
    assert state.table.cards[1] == ["h01"]
    assert state.table.comps[2] == [("p01", "bordeaux")]
    assert state.table.passes == 1
    assert state.table.phase == "choose" and state.table.principal == 1


def test_a_silent_chooser_with_nothing_to_draw_passes() -> None:
    state = at_choose(TIMED)
    set_turn(state, 0, "blank")
    state.table.comps[0] = []
    state.table.comps[1] = []
    put_front(state, 3, "p01", "bordeaux")
    assert state.legal_moves(0) == ["pass", "timeout"]
    state = same_as(state, 0, "pass")
    assert state.table.passes == 1


def test_a_silent_reciter_takes_a_pebble() -> None:
    state = at_recite(TIMED)
    state.apply(0, "timeout")
    assert state.table.pebbles[0] == 1
    assert state.table.tournament.attempt["result"] == "timeout"
    assert state.current_players() == [1]


def test_a_silent_player_discards_the_first_category_he_holds() -> None:
    state = same_as(at_discard(TIMED), 0, "discard litterature")
    assert state.table.tokens[0] == {"histoire": 0, "litterature": 0, "penseurs": 2}


def test_a_silent_player_owing_two_discards_times_out_twice() -> None:
    state = at_discard(TIMED, pebbles=(4, 0, 0))
    play(state, (0, "timeout"), (0, "timeout"))
    assert state.table.tokens[0] == {"histoire": 0, "litterature": 0, "penseurs": 1}
    assert state.table.phase == "choose"


def test_a_silent_player_without_tokens_returns_the_card_held_longest() -> None:
    state = at_discard(TIMED, toks={}, cards=("p02", "h01"))
    assert state.legal_moves(0) == ["return p02", "return h01", "timeout"]
    same_as(state, 0, "return p02")
    assert state.table.cards[0] == ["h01"]
    assert state.table.comps[2][-1] == ("p02", "bordeaux")


# -------------------------------------------------------------------- rules pages
@pytest.mark.parametrize(
    ("lang", "heading", "words"),
    [
        (
            "fr",
            "## Le chrono",
            [
                "compartiment ouvert",
                "n'a rien demandé",
                "comme passer",
                "verdict automatique",
                "il arrête",
                "galet",
                "depuis le plus longtemps",
                "sans chrono",
            ],
        ),
        (
            "en",
            "## The clock",
            [
                "open compartment",
                "has asked for nothing",
                "counts as passing",
                "automatic verdict",
                "he stops",
                "pebble",
                "held longest",
                "without a clock",
            ],
        ),
    ],
)
def test_rules_pages_state_what_silence_means(lang: str, heading: str, words: list[str]) -> None:
    from tablier.core.rules_pages import rules_text

    page = rules_text("quiadiquoi", lang)
    section = page.split(heading, 1)[1].split("\n## ", 1)[0]
    for word in words:
        assert word in section
    # the moves a silent player is given, and the option without a clock, are named in
    # notation only in the page's last section, for those who play in a terminal
    further = page.split("\n## ")[-1]
    for notation in ("`pass`", "`stop`", "answer_seconds=None"):
        assert notation in further
        assert notation not in section
