"""What a machine can check in a deck beyond its format (`tablier deck check`).

A card can be well formed and still spoil a game: its quotation clues may give most of
the words away before the last clue, the last clue may leave a single word to find, the
engine's own matching may refuse the card's expected answer (or an accepted wording),
and the deck's description may announce a number of cards it no longer has. Facts and
the order of the clues from hardest to easiest need a reader; these do not.
"""

from __future__ import annotations

import re

from text_to_num import alpha2digit

from tablier.games.quiadiquoi.deck import Card, Deck
from tablier.games.quiadiquoi.matching import author_matches, card_quote_matches, quote_key

# a clue may quote a few words (articles aside, as the matching does); past this share
# of the quotation before the last clue, the question is given away
GIVEAWAY_SHARE = 0.5
# the shortest run of the quotation's words that counts as quoted in a clue
RUN = 2
_COUNT = re.compile(r"(\d+)\s+(citations?|cartes?|quotations?|cards?)\b", re.IGNORECASE)


def quoted_words(quote: str, clues: list[str] | tuple[str, ...]) -> set[int]:
    """Positions of the quotation's words that the clues repeat in runs of RUN or more."""
    words = quote_key(quote).split()
    shown: set[int] = set()
    for clue in clues:
        said = f" {quote_key(clue)} "
        for start in range(len(words)):
            for end in range(len(words), start + RUN - 1, -1):
                if f" {' '.join(words[start:end])} " in said:
                    shown.update(range(start, end))
                    break
    return shown


def clue_problems(card: Card) -> list[str]:
    total = len(quote_key(card.quote).split())
    problems = []
    early = quoted_words(card.quote, card.quote_clues[:-1])
    if total >= 4 and len(early) > GIVEAWAY_SHARE * total:
        problems.append(
            f"card {card.id}: the first {len(card.quote_clues) - 1} quotation clues give "
            f"away {len(early)} of its {total} words"
        )
    every = quoted_words(card.quote, card.quote_clues)
    if total - len(every) <= 1:
        left = "no word" if total == len(every) else "a single word"
        problems.append(f"card {card.id}: after the last clue {left} of the quotation is left")
    return problems


def answer_problems(card: Card, deck: Deck) -> list[str]:
    """The card's expected answers, as written in the deck, must be accepted."""
    problems = []
    for wording in (card.quote, *card.alternatives):
        if not card_quote_matches(wording, card):
            problems.append(f"card {card.id}: the wording {wording!r} is refused")
    for name in (card.author, *card.aliases, *card.coauthors):
        if not author_matches(name, card, deck):
            problems.append(f"card {card.id}: the author's name {name!r} is refused")
    return problems


def description_problems(deck: Deck) -> list[str]:
    """A number of cards announced in the description must be the deck's."""
    problems = []
    language = deck.language if deck.language in ("fr", "en") else "fr"
    # threshold 0: "deux" is read as a number too, not only from "dix-sept" upwards
    as_digits = alpha2digit(deck.description, language, threshold=0)
    for number, _word in _COUNT.findall(as_digits):
        if int(number) != len(deck.cards):
            problems.append(
                f"description: it announces {number} cards, the deck has {len(deck.cards)}"
            )
    return problems


def lint(deck: Deck) -> list[str]:
    problems = description_problems(deck)
    for card in deck.cards:
        problems += clue_problems(card) + answer_problems(card, deck)
    return problems
