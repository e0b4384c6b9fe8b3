"""The labelled answers that justify the matching thresholds (matching.THRESHOLDS).

Each case is (card id, answer, expected verdict). Author answers are judged against the
blue face, quotation answers against the bordeaux face, with the test deck.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tablier.games.quiadiquoi.deck import Deck, builtin_deck_path, load_deck
from tablier.games.quiadiquoi.matching import (
    THRESHOLDS,
    author_matches,
    normalize,
    quote_key,
    quote_matches,
    surnames,
)

DECK = load_deck(builtin_deck_path("test-fr"))

AUTHOR_CASES: list[tuple[str, str, bool]] = [
    # the canonical name, any case, missing accents
    ("l08", "Victor Hugo", True),
    ("l08", "victor hugo", True),
    ("l08", "VICTOR HUGO", True),
    ("p04", "Jean-Paul Sartre", True),
    ("p04", "jean paul sartre", True),
    ("h07", "Jean Jaures", True),
    ("l03", "antoine de saint exupery", True),
    ("h03", "Napoleon Bonaparte", True),
    # aliases
    ("h01", "le Roi-Soleil", True),
    ("h01", "roi soleil", True),
    ("h06", "JFK", True),
    ("l01", "François-Marie Arouet", True),
    ("h08", "Caesar", True),  # one letter from the alias "César"
    ("h08", "Cesare", True),
    ("h08", "Cicéron", False),
    # the surname alone, unambiguous in the deck
    ("l08", "Hugo", True),
    ("p01", "Descartes", True),
    ("p05", "Beauvoir", True),
    ("p05", "de Beauvoir", True),
    ("h04", "de Gaulle", True),
    ("h04", "Gaulle", True),
    ("p06", "Montaigne", True),
    # word order
    ("l08", "Hugo Victor", True),
    # small typos (within int(len * 0.2) edits, at least one from four letters)
    ("l08", "Victor Hugi", True),
    ("l08", "Hugp", True),
    ("l01", "Voltair", True),
    ("l01", "Volter", False),  # three edits on eight letters
    ("p01", "Decartes", True),
    ("p04", "Satre", True),
    ("l06", "Shakespear", True),
    ("l06", "Shakspeare", True),
    ("l04", "Prousst", True),
    ("p08", "Jean-Jacques Rouseau", True),
    ("l07", "Ronsart", True),
    # refused: other people, other names, nonsense
    ("l08", "Victor", False),  # a first name is not a surname
    ("l08", "Zola", False),
    ("l08", "Voltaire", False),  # another author of the deck
    ("l01", "Rousseau", False),
    ("p04", "Camus", False),
    ("p04", "Simone de Beauvoir", False),
    ("h01", "Louis XVI", False),
    ("h01", "Louis", False),
    ("h01", "XIV", False),
    ("h02", "Henri III", False),
    ("p02", "Pasteur", False),
    ("p07", "Platon", False),
    ("p07", "Socrates", True),  # one letter added
    ("l08", "", False),
    ("l08", "???", False),
    ("p08", "Jean Rousseau", False),  # a wrong given name is not a typo
]

QUOTE_CASES: list[tuple[str, str, bool]] = [
    # exact, case, accents, punctuation
    ("p01", "Je pense, donc je suis.", True),
    ("p01", "je pense donc je suis", True),
    ("p01", "JE PENSE DONC JE SUIS !", True),
    ("l02", "Rodrigue as tu du coeur", True),
    ("h01", "l'etat c'est moi", True),
    ("h01", "L’État, c’est moi !", True),
    ("p02", "Le coeur a ses raisons que la raison ne connait point", True),
    # articles dropped or changed
    ("p02", "Coeur a ses raisons que raison ne connait point", True),
    ("p03", "L'homme est le loup pour l'homme", True),
    ("h05", "Je n'ai à offrir que sang, peine, larmes et sueur", True),
    ("h05", "Je n'ai à offrir que du sang, de la sueur et des larmes", False),  # reordered
    # small typos
    ("p01", "je pence donc je suis", True),
    ("l01", "Il faut cultivez notre jardin", True),
    ("l04", "Longtemps je me suis couche de bone heure", True),
    (
        "h06",
        "Ne demandez pas ce que votre pays peut faire pour vous, demandez ce que "
        "vous pouvez faire pour votre pay",
        True,
    ),
    ("p08", "L'homme est né libre et partout il est dans les fer", True),
    ("l06", "Etre ou ne pas etre telle est la question", True),
    # a different quotation
    ("p01", "je doute donc je suis", False),
    ("p01", "je pense donc j'existe", False),
    ("l01", "Il faut cultiver son jardin", False),
    ("h02", "Paris vaut bien un royaume", False),
    ("p04", "L'enfer c'est nous", False),
    ("p04", "Le paradis, c'est les autres", False),
    ("h01", "La France, c'est moi", False),
    ("l06", "Être ou ne pas être", False),  # truncated
    # truncated quotations
    ("p01", "je pense", False),
    ("p02", "Le cœur a ses raisons", False),
    ("l03", "On ne voit bien qu'avec le cœur.", False),
    ("h06", "Ne demandez pas ce que votre pays peut faire pour vous", False),
    ("p08", "L'homme est né libre", False),
    ("h05", "Je n'ai à offrir que du sang", False),
    # short quotations forgive a single edit at most
    ("p06", "Que sais-je", True),
    ("p06", "Que sai-je", True),
    ("p06", "Que fais-je", True),  # one letter: indistinguishable from a typo
    ("p06", "Que dis-je", False),
    ("p07", "Connais toi toi meme", True),
    ("p07", "Connais-toi", False),
    ("p07", "Aime-toi toi-même", False),
    # nonsense
    ("p01", "", False),
    ("p01", "???", False),
    ("p01", "Victor Hugo", False),
]


@pytest.mark.parametrize(("card_id", "answer", "expected"), AUTHOR_CASES)
def test_author_answers(card_id: str, answer: str, expected: bool) -> None:
    assert author_matches(answer, DECK.card(card_id), DECK) is expected


@pytest.mark.parametrize(("card_id", "answer", "expected"), QUOTE_CASES)
def test_quotation_answers(card_id: str, answer: str, expected: bool) -> None:
    assert quote_matches(answer, DECK.card(card_id).quote) is expected


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
