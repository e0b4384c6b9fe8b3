"""What a machine can check in a deck beyond its format (`tablier deck check`).

A card can be well formed and still spoil a game: a clue or an anecdote may give
another card's answer (`deck_leaks`); its first clue may single out the answer, its
quotation clues give most of the words away before the last one, or the last leave
nothing to find, not even in another language (`deck_clue_checks`); the engine's own
matching may refuse one of the card's answers or take a changed word for the right one
(`deck_judge_checks`); the description may announce a number of cards the deck no
longer has. Facts, and the order of the middle clues, need a reader.
"""

from __future__ import annotations

import re
from pathlib import Path

from text_to_num import alpha2digit

from tablier.games.quiadiquoi.deck import Card, Deck
from tablier.games.quiadiquoi.deck_clue_checks import clue_findings
from tablier.games.quiadiquoi.deck_findings import Finding, field_lines, render
from tablier.games.quiadiquoi.deck_judge_checks import judge_findings
from tablier.games.quiadiquoi.deck_leaks import leak_findings
from tablier.games.quiadiquoi.matching import quote_key

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


def early_findings(card: Card) -> list[Finding]:
    total = len(quote_key(card.quote).split())
    early = quoted_words(card.quote, card.quote_clues[:-1])
    if total >= 4 and len(early) > GIVEAWAY_SHARE * total:
        params = {"n": len(card.quote_clues) - 1, "shown": len(early), "total": total}
        return [Finding(card.id, "quote_clues", "early_giveaway", params)]
    return []


def description_findings(deck: Deck) -> list[Finding]:
    """A number of cards announced in the description must be the deck's."""
    language = deck.language if deck.language in ("fr", "en") else "fr"
    # threshold 0: "deux" is read as a number too, not only from "dix-sept" upwards
    as_digits = alpha2digit(deck.description, language, threshold=0)
    return [
        Finding("", "description", "count", {"announced": number, "cards": len(deck.cards)})
        for number, _word in _COUNT.findall(as_digits)
        if int(number) != len(deck.cards)
    ]


def findings(deck: Deck) -> list[Finding]:
    found = description_findings(deck)
    for card in deck.cards:
        found += leak_findings(card, deck)
        found += clue_findings(card, deck)
        found += early_findings(card)
        found += judge_findings(card, deck)
    return found


def lint(deck: Deck, lang: str = "fr", path: str | Path | None = None) -> list[str]:
    """Every finding as a line: `file:line: card …: field …: what`, in `lang`.

    With the deck's file, each line names where the card's field (or the clue) is."""
    if path is None:
        return render(findings(deck), lang)
    text = Path(path).read_text(encoding="utf-8")
    lines = field_lines(text, [card.id for card in deck.cards])
    return render(findings(deck), lang, str(path), lines)
