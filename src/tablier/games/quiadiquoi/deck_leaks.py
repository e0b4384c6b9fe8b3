"""Leaks between cards: a clue or an anecdote of one card that gives another card's
answer, its quotation (whole, or most of its telling words) or its author named
together with words of that author's quotation.

A mere mention of another author of the deck ("l'amant de George Sand") is no leak:
it says nothing of which words that author wrote. The anecdote is read out once the
card is answered, so it leaks to every card still to come.
"""

from __future__ import annotations

import math

from tablier.games.quiadiquoi.deck import Card, Deck
from tablier.games.quiadiquoi.deck_clue_checks import author_names, forms, names_in
from tablier.games.quiadiquoi.deck_findings import Finding
from tablier.games.quiadiquoi.deck_words import content_words, plain, plain_words

# this share of a quotation's telling words (three at least) in one text gives it away
LEAK_SHARE = 0.6


def _texts(card: Card) -> list[tuple[str, int | None, str]]:
    """(field, item, text) for every clue and the anecdote."""
    found: list[tuple[str, int | None, str]] = [
        ("author_clues", i, clue) for i, clue in enumerate(card.author_clues)
    ]
    found += [("quote_clues", i, clue) for i, clue in enumerate(card.quote_clues)]
    if card.anecdote:
        found.append(("anecdote", None, card.anecdote))
    return found


def gives_quotation(text: str, form: str) -> bool:
    """Does `text` hold the quotation `form`, whole or most of its telling words?"""
    form_words = plain_words(form)
    if len(form_words) >= 2 and f" {' '.join(form_words)} " in f" {' '.join(plain_words(text))} ":
        return True
    telling = {plain(w) for w in content_words(form)}
    if len(telling) < 3:
        return False
    present = telling & set(plain_words(text))
    return len(present) >= max(3, math.ceil(LEAK_SHARE * len(telling)))


def _quotation_words_in(text: str, card: Card) -> list[str]:
    said = set(plain_words(text))
    return sorted({plain(w) for form in forms(card) for w in content_words(form)} & said)


def leak_findings(card: Card, deck: Deck) -> list[Finding]:
    found = []
    for field, item, text in _texts(card):
        for other in deck.cards:
            if other.id == card.id or plain(other.quote) == plain(card.quote):
                continue
            form = next((f for f in forms(other) if gives_quotation(text, f)), None)
            if form is not None:
                params = {"other": other.id, "form": form}
                found.append(Finding(card.id, field, "leak_quote", params, item))
                continue
            if other.author == card.author:
                continue  # the card's own author: naming him is the other checks' business
            name = next((n for n in author_names(other) if names_in(text, n)), None)
            said = _quotation_words_in(text, other) if name else []
            if name and len(said) >= 2:
                params = {"other": other.id, "name": name, "said": ", ".join(said)}
                found.append(Finding(card.id, field, "leak_author", params, item))
    return found
