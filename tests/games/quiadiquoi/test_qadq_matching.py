"""The labelled answers that justify the matching thresholds (matching.THRESHOLDS).

Each case is (card id, answer, expected verdict). Author answers are judged against the
blue face, quotation answers against the bordeaux face, with the test deck.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from qadq_answers import AUTHOR_CASES, GROUPS, QUOTE_CASES, lookup

from tablier.games.quiadiquoi.deck import Deck, builtin_deck_path, load_deck
from tablier.games.quiadiquoi.matching import (
    THRESHOLDS,
    author_matches,
    card_quote_matches,
    normalize,
    quote_key,
    quote_matches,
    surnames,
)

DECK = load_deck(builtin_deck_path("test-fr"))


@pytest.mark.parametrize(("card_id", "answer", "expected"), AUTHOR_CASES)
def test_author_answers(card_id: str, answer: str, expected: bool) -> None:
    assert author_matches(answer, DECK.card(card_id), DECK) is expected


@pytest.mark.parametrize(("card_id", "answer", "expected"), QUOTE_CASES)
def test_quotation_answers(card_id: str, answer: str, expected: bool) -> None:
    assert quote_matches(answer, DECK.card(card_id).quote) is expected


WORDING_CASES = [
    case for name in ("substitution", "forgiven", "alternatives") for case in GROUPS[name][1]
]


@pytest.mark.parametrize(("card_id", "answer", "expected"), WORDING_CASES)
def test_quotations_are_restored_word_for_word(card_id: str, answer: str, expected: bool) -> None:
    # a different word is wrong however close; an alternative wording of the card is right
    assert card_quote_matches(answer, lookup(card_id)) is expected


def test_the_issue_examples() -> None:
    sagesse = lookup("x-sagesse")
    assert not card_quote_matches("La sagesse perd des chaussettes", sagesse)
    assert not card_quote_matches("Je danse, donc je suis", DECK.card("p01"))
    assert card_quote_matches("La sagesse porte des chausettes", sagesse)
    garde = lookup("base-fr/h027")
    assert garde.alternatives == ("La garde meurt mais ne se rend pas !",)
    assert card_quote_matches("La garde meurt mais ne se rend pas", garde)
    # the alternative belongs to the card: the bare quotation does not accept it
    assert not quote_matches("La garde meurt mais ne se rend pas", garde.quote)


def test_substitutions_are_refused_and_every_group_has_both_labels_or_one_purpose() -> None:
    assert {expected for _, _, expected in GROUPS["substitution"][1]} == {False}
    assert {expected for _, _, expected in GROUPS["forgiven"][1]} == {True}
    assert {expected for _, _, expected in GROUPS["alternatives"][1]} == {True, False}


def test_the_labelled_set_is_large_and_balanced() -> None:
    cases = AUTHOR_CASES + QUOTE_CASES
    assert len(cases) >= 60
    for group in (AUTHOR_CASES, QUOTE_CASES):
        assert {expected for _, _, expected in group} == {True, False}


def test_surname_is_refused_when_two_authors_share_it() -> None:
    pierre = DECK.card("l02")
    thomas = replace(pierre, id="x1", author="Thomas Corneille", aliases=())
    deck = Deck(name="two", cards=[pierre, thomas])
    assert not author_matches("Corneille", thomas, deck)
    assert author_matches("Thomas Corneille", thomas, deck)
    # an alias still names its own author
    assert author_matches("Corneille", pierre, deck)


def test_surnames() -> None:
    assert surnames("Victor Hugo") == ("hugo",)
    assert surnames("Charles de Gaulle") == ("de gaulle", "gaulle")
    assert surnames("Louis XIV") == ()
    assert surnames("Voltaire") == ()


def test_normalisation() -> None:
    assert normalize("  L’Œuvre — É  ") == "l oeuvre e"
    assert quote_key("L'État, c'est moi") == "etat c est moi"


def test_thresholds_live_in_one_place() -> None:
    assert 0 < THRESHOLDS.quote_typo_rate < THRESHOLDS.author_typo_rate < 0.5
    assert 0 < THRESHOLDS.word_typo_rate < 0.5 and THRESHOLDS.word_min_len >= 3


def test_a_name_closer_to_another_author_is_refused() -> None:
    base = DECK.card("p04")
    weil = replace(base, id="w", author="Simone Weil", aliases=())
    veil = replace(base, id="v", author="Simone Veil", aliases=())
    deck = Deck(name="two", cards=[weil, veil])
    assert author_matches("Weil", weil, deck)
    assert not author_matches("Veil", weil, deck)  # one letter off, but another author
    assert author_matches("Simone Veil", veil, deck)
    assert not author_matches("Simone Weil", veil, deck)
    assert not author_matches("Simone", veil, deck)
