"""The shipped French base deck of QuiAdiQuoi: size, balance, clue hygiene, matchability.

The rules ask for at least 116 real quotations, about a third per category; RULINGS §5
adds the two difficulty levels and says answers are matched automatically. These tests
hold the deck to that, and to the editorial rules of issue 7: clues that never give the
answer away, a capped number of cards per author, an honest anecdote for every
quotation whose attribution is only traditional.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablier.cli import app
from tablier.games.quiadiquoi.deck import Card, builtin_deck_path, load_deck, resolve_deck
from tablier.games.quiadiquoi.matching import author_matches, card_quote_matches, quote_matches

DECK_PATH = builtin_deck_path("base-fr")

# the rules ask for 116; the deck issue asks for 150, with more two-star cards
MIN_CARDS = 150
MIN_TWO_STARS = 50
MIN_ONE_STAR = 80
CATEGORY_SLACK = 5
MAX_CARDS_PER_AUTHOR = 4
CATEGORIES = ("histoire", "litterature", "penseurs")
ID_PREFIX = {"histoire": "h", "litterature": "l", "penseurs": "p"}
NUMBER_WORDS = {
    "un": 1,
    "deux": 2,
    "trois": 3,
    "quatre": 4,
    "cinq": 5,
    "six": 6,
    "sept": 7,
    "huit": 8,
    "neuf": 9,
    "dix": 10,
    "onze": 11,
    "douze": 12,
    "treize": 13,
    "quatorze": 14,
    "quinze": 15,
    "seize": 16,
    "vingt": 20,
}
_ROMAN = re.compile(r"^[ivxlcdm]+$")

DECK = load_deck(DECK_PATH)
CARDS = DECK.cards
BY_ID = {card.id: card for card in CARDS}


def plain(text: str) -> str:
    """Lower case, no accents, punctuation and apostrophes as single spaces."""
    text = text.lower().replace("œ", "oe").replace("æ", "ae")
    text = "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


def contains_words(haystack: str, needle: str) -> bool:
    """Does `needle` occur in `haystack` as whole words (accents, case, punctuation aside)?"""
    words = plain(needle)
    return bool(words) and f" {words} " in f" {plain(haystack)} "


def surname(author: str) -> str | None:
    """The last word of a name, when it can name the person alone (not "XIV")."""
    words = author.split()
    if len(words) < 2 or _ROMAN.match(plain(words[-1])):
        return None
    return words[-1]


def names_of(card: Card) -> list[str]:
    found = [card.author, *card.aliases]
    last = surname(card.author)
    if last is not None:
        found.append(last)
    return found


def word_count(text: str) -> int:
    """Words as a player counts them: elided forms ("l'homme") and hyphenated ones count once."""
    return sum(1 for token in text.split() if re.search(r"\w", token))


def strip_accents(text: str) -> str:
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )


# ------------------------------------------------------------------------ the whole deck
def test_deck_table_describes_the_base_deck() -> None:
    assert DECK.name == "Base"
    assert DECK.language == "fr"
    assert DECK.description.strip()


def test_at_least_150_cards_and_enough_two_star_ones() -> None:
    assert len(CARDS) >= MIN_CARDS
    assert sum(card.difficulty == 2 for card in CARDS) >= MIN_TWO_STARS


def test_about_a_third_per_category() -> None:
    counts = Counter(card.category for card in CARDS)
    assert set(counts) == set(CATEGORIES)
    third = len(CARDS) / 3
    for category in CATEGORIES:
        assert abs(counts[category] - third) <= CATEGORY_SLACK, (category, counts[category])


def test_enough_one_star_cards_for_a_beginners_game() -> None:
    assert sum(card.difficulty == 1 for card in CARDS) >= MIN_ONE_STAR


def test_ids_are_unique_and_say_their_category() -> None:
    ids = [card.id for card in CARDS]
    assert len(ids) == len(set(ids))
    for card in CARDS:
        assert re.fullmatch(rf"{ID_PREFIX[card.category]}\d{{3}}", card.id), card.id


def test_no_author_more_than_four_times() -> None:
    counts = Counter(card.author for card in CARDS)
    too_many = {author: n for author, n in counts.items() if n > MAX_CARDS_PER_AUTHOR}
    assert not too_many


def test_an_author_is_always_written_the_same_way() -> None:
    # Two spellings of one person would dodge the repeat limit and confuse the matcher.
    aliases_by_author: dict[str, set[tuple[str, ...]]] = {}
    for card in CARDS:
        aliases_by_author.setdefault(card.author, set()).add(card.aliases)
    assert {a: s for a, s in aliases_by_author.items() if len(s) > 1} == {}
    by_plain: dict[str, set[str]] = {}
    for card in CARDS:
        by_plain.setdefault(plain(card.author), set()).add(card.author)
    assert all(len(spellings) == 1 for spellings in by_plain.values())


def test_no_alias_names_another_author() -> None:
    owner: dict[str, str] = {}
    for card in CARDS:
        for name in (card.author, *card.aliases):
            key = plain(name)
            assert owner.setdefault(key, card.author) == card.author, (name, owner[key])


def test_women_are_present_in_every_category() -> None:
    # Issue 7 asks for a real effort: these women must stay in the deck, in every category.
    women = {
        "Olympe de Gouges",
        "Madame Roland",
        "Louise Michel",
        "Simone Veil",
        "Jeanne d'Arc",
        "Marie-Antoinette",
        "Rosa Luxemburg",
        "George Sand",
        "Marguerite Yourcenar",
        "Madame de Sévigné",
        "Madame de La Fayette",
        "Marguerite Duras",
        "Louise Labé",
        "Marceline Desbordes-Valmore",
        "Simone de Beauvoir",
        "Simone Weil",
        "Hannah Arendt",
        "Marie Curie",
        "Émilie du Châtelet",
    }
    present = {card.author for card in CARDS} & women
    assert present == women
    for category in CATEGORIES:
        assert any(c.author in women for c in CARDS if c.category == category), category


# ------------------------------------------------------------------------- each card
def test_the_base_deck_is_the_one_the_game_loads_by_default() -> None:
    assert resolve_deck("base-fr") == DECK_PATH


@pytest.mark.parametrize("card_id", sorted(BY_ID))
def test_card_texts_are_clean(card_id: str) -> None:
    card = BY_ID[card_id]
    assert card.category in CATEGORIES
    assert card.difficulty in (1, 2)
    assert card.attribution in ("authentic", "traditional")
    assert len(card.author_clues) == 4
    assert len(card.quote_clues) == 4
    for text in (card.quote, card.author, card.source, *card.author_clues, *card.quote_clues):
        assert text and "  " not in text, text
    assert '"' not in card.quote, "quotation marks inside a quotation are « »"


@pytest.mark.parametrize("card_id", sorted(BY_ID))
def test_author_clues_never_name_the_author(card_id: str) -> None:
    card = BY_ID[card_id]
    for clue in card.author_clues:
        for name in names_of(card):
            assert not contains_words(clue, name), (clue, name)


@pytest.mark.parametrize("card_id", sorted(BY_ID))
def test_quote_clues_never_give_the_whole_quotation(card_id: str) -> None:
    card = BY_ID[card_id]
    for clue in card.quote_clues:
        assert not contains_words(clue, card.quote), clue


@pytest.mark.parametrize("card_id", sorted(BY_ID))
def test_word_counts_given_as_clues_are_right(card_id: str) -> None:
    card = BY_ID[card_id]
    for clue in card.quote_clues:
        # "Cinq mots." or "Une question en quatre mots.", not "trois mots qui riment".
        match = re.fullmatch(r"(?:.* en )?(\w+) mots", plain(clue))
        if match and match.group(1) in NUMBER_WORDS:
            assert NUMBER_WORDS[match.group(1)] == word_count(card.quote), clue


@pytest.mark.parametrize("card_id", sorted(BY_ID))
def test_traditional_attributions_tell_the_truth_in_an_anecdote(card_id: str) -> None:
    card = BY_ID[card_id]
    if card.attribution == "traditional":
        assert card.anecdote is not None and len(card.anecdote) > 40


def test_every_card_has_an_anecdote_for_the_reader() -> None:
    assert all(card.anecdote for card in CARDS)


# -------------------------------------------------------------------------- helpers
def test_contains_words_ignores_accents_case_and_punctuation_but_not_word_edges() -> None:
    assert contains_words("Né à Vienne, épouse de LOUIS XVI.", "louis xvi")
    assert contains_words("« Je pense, donc je suis »", "Je pense donc je suis.")
    assert contains_words("le général De Gaulle", "de gaulle")
    assert not contains_words("un réveil difficile", "Veil")
    assert not contains_words("Je pense, donc", "Je pense, donc je suis.")


def test_word_count_counts_elisions_once_and_skips_punctuation() -> None:
    assert word_count("L'État, c'est moi.") == 3
    assert word_count("C'est un roc ! c'est un pic !") == 6


# ------------------------------------------------------------------- the engine's matcher
@pytest.mark.parametrize("card_id", sorted(BY_ID))
def test_the_quotation_typed_exactly_or_without_accents_is_accepted(card_id: str) -> None:
    card = BY_ID[card_id]
    assert quote_matches(card.quote, card.quote)
    assert quote_matches(strip_accents(card.quote), card.quote)
    assert quote_matches(strip_accents(card.quote).lower(), card.quote)


@pytest.mark.parametrize("card_id", sorted(BY_ID))
def test_the_author_typed_exactly_or_without_accents_is_accepted(card_id: str) -> None:
    card = BY_ID[card_id]
    assert author_matches(card.author, card, DECK)
    assert author_matches(strip_accents(card.author), card, DECK)
    assert author_matches(strip_accents(card.author).lower(), card, DECK)
    for alias in card.aliases:
        assert author_matches(alias, card, DECK), alias


@pytest.mark.parametrize("card_id", sorted(BY_ID))
def test_another_authors_name_is_refused(card_id: str) -> None:
    card = BY_ID[card_id]
    others = sorted({c.author for c in CARDS} - {card.author})
    # A different author for each card, spread over the whole list.
    other = others[sorted(BY_ID).index(card_id) % len(others)]
    assert not author_matches(other, card, DECK), other


@pytest.mark.parametrize("card_id", sorted(BY_ID))
def test_a_neighbouring_quotation_is_refused(card_id: str) -> None:
    card = BY_ID[card_id]
    ids = sorted(BY_ID)
    neighbour = BY_ID[ids[(ids.index(card_id) + 1) % len(ids)]]
    assert not quote_matches(neighbour.quote, card.quote)


@pytest.mark.parametrize(
    ("card_id", "wording"),
    [(c.id, w) for c in CARDS for w in c.alternatives],
)
def test_each_alternative_wording_is_accepted(card_id: str, wording: str) -> None:
    card = BY_ID[card_id]
    assert card_quote_matches(wording, card)
    assert card_quote_matches(strip_accents(wording).lower(), card)


def test_tablier_deck_check_finds_nothing_in_the_base_deck() -> None:
    # leaks, first and last clues, the automatic check on every accepted answer
    result = CliRunner().invoke(app, ["deck", "check", "base-fr"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ok — Base : 153 cartes"), result.output


def test_a_coauthor_is_accepted_for_the_cowritten_work_only() -> None:
    manifesto = next(c for c in CARDS if "Manifeste" in c.source)
    assert "Friedrich Engels" in manifesto.coauthors
    for said in ("Friedrich Engels", "Engels", "engels", "Karl Marx"):
        assert author_matches(said, manifesto, DECK), said
    other = next(c for c in CARDS if c.author == manifesto.author and c is not manifesto)
    assert not author_matches("Engels", other, DECK)


def test_the_review_table_lists_every_card_with_its_source() -> None:
    table = (Path(__file__).resolve().parents[3] / "docs" / "deck-base-fr.md").read_text(
        encoding="utf-8"
    )
    rows = {
        line.split(" | ")[0].strip("| "): line
        for line in table.splitlines()
        if line.startswith("| ")
    }
    for card in CARDS:
        assert card.id in rows, card.id
        assert card.source.replace("|", "/") in rows[card.id], card.id
