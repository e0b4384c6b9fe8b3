"""Clue checks of `tablier deck check`: the last clue must leave words to find (also when
it gives the quotation in another language), the first clue must not single out the
answer among the deck's own authors and occasions.

What a clue gives is read word by word: a word of the quotation, or one of its family
("libération" gives *libéré*, "comprendre" gives *compris*). Ordering the middle clues
and judging a clue's meaning ("le nom des habitants de la ville") still needs a reader.
"""

from __future__ import annotations

import re

from tablier.games.quiadiquoi.deck import Card, Deck
from tablier.games.quiadiquoi.deck_findings import Finding
from tablier.games.quiadiquoi.deck_words import (
    content_words,
    given,
    is_content,
    is_french,
    plain,
    words,
    zipf,
)

_QUOTED = re.compile(r"«\s*([^»]+?)\s*»")
_YEAR = re.compile(r"\b(\d{3,4})\b")
_ROMAN = re.compile(r"^[ivxlcdm]+$")
# a segment quoted in a clue is taken for another language when this share of its
# words is not French ("Veni, vidi, vici", "Dilige, et quod vis fac")
FOREIGN_SHARE = 0.4
# a word of the source this rare names a place, a work or an occasion ("balcon",
# "Varsovie"), not a kind of text ("discours", "lettre")
SOURCE_WORD_ZIPF = 4.2


def forms(card: Card) -> list[str]:
    return [card.quote, *card.alternatives]


# --------------------------------------------------------------------- the last clue
def _runs_left(form: str, clues: tuple[str, ...]) -> list[str]:
    """The form's words not repeated by the clues in runs of two words or more."""
    said = [f" {' '.join(plain(w) for w in words(clue))} " for clue in clues]
    form_words = [plain(w) for w in words(form)]
    shown: set[int] = set()
    for start in range(len(form_words)):
        for end in range(len(form_words), start + 1, -1):
            run = f" {' '.join(form_words[start:end])} "
            if any(run in clue for clue in said):
                shown.update(range(start, end))
                break
    return [w for i, w in enumerate(form_words) if i not in shown]


def last_clue_findings(card: Card) -> list[Finding]:
    """The last clue must leave two telling words to find (one when the quotation has
    only one), and two words at all: read alone, as the player who is asked it hears
    it; what the earlier clues give together is `early_findings`' business."""
    last = card.quote_clues[-1]
    clue_words = set(words(last))
    for form in forms(card):
        content = content_words(form)
        left = [w for w in content if not given(w, clue_words)]
        runs_left = _runs_left(form, (last,))
        if len(left) < min(2, len(content)) or len(runs_left) <= 1:
            shown = left if len(left) < min(2, len(content)) else runs_left
            key = "last_clue_leaves" if shown else "last_clue_leaves_nothing"
            params = {"left": ", ".join(shown), "form": form}
            return [Finding(card.id, "quote_clues", key, params, len(card.quote_clues) - 1)]
    return []


def translation_findings(card: Card) -> list[Finding]:
    """A clue quoting the sentence in another language leaves nothing to find."""
    own = {plain(w) for form in forms(card) for w in words(form)}
    needed = max(2, len(content_words(card.quote)) - 1)
    found = []
    for number, clue in enumerate(card.quote_clues, start=1):
        for segment in _QUOTED.findall(clue):
            said = words(segment)
            if len(said) < needed:
                continue
            foreign = [w for w in said if not is_french(w)]
            from_quote = [w for w in said if plain(w) in own]
            if len(foreign) >= FOREIGN_SHARE * len(said) and len(from_quote) * 2 < len(said):
                found.append(
                    Finding(
                        card.id,
                        "quote_clues",
                        "translation",
                        {"n": number, "segment": segment},
                        item=number - 1,
                    )
                )
    return found


# -------------------------------------------------------------------- the first clue
def author_names(card: Card) -> list[str]:
    """The author's name, aliases and surname (the last word, not a regnal number)."""
    names = [card.author, *card.aliases]
    last = card.author.split()[-1]
    if len(card.author.split()) > 1 and not _ROMAN.match(plain(last.lower())):
        names.append(last)
    return names


def names_in(text: str, name: str) -> bool:
    """Does `text` contain `name` as whole words (case, accents, elision aside)?"""
    name_words = [plain(w) for w in words(name) if w not in ("le", "la")]
    text_words = [plain(w) for w in words(text)]
    if not name_words:
        return False
    width = len(name_words)
    return any(text_words[i : i + width] == name_words for i in range(len(text_words)))


def _years(text: str) -> set[str]:
    return set(_YEAR.findall(text))


def _source_words(card: Card) -> set[str]:
    return {plain(w) for w in words(card.source) if is_content(w) and zipf(w) < SOURCE_WORD_ZIPF}


def first_author_clue_findings(card: Card, deck: Deck) -> list[Finding]:
    """The blue face: the first clue may not name the author, nor give a date of the
    source that no other author of the deck shares."""
    clue = card.author_clues[0]
    for name in author_names(card):
        if names_in(clue, name):
            return [Finding(card.id, "author_clues", "first_names_author", {"name": name}, 0)]
    others = [c for c in deck.cards if c.author != card.author]
    for year in sorted(_years(clue) & _years(card.source)):
        if not any(year in _years(c.source) for c in others):
            return [Finding(card.id, "author_clues", "first_unique_date", {"date": year}, 0)]
    return []


def first_quote_clue_findings(card: Card, deck: Deck) -> list[Finding]:
    """The bordeaux face (the author is shown): the first clue may not give a word of
    the quotation, nor point to a source no other card of the author shares."""
    clue = card.quote_clues[0]
    clue_words = words(clue)
    for form in forms(card):
        for word in content_words(form):
            said = [w for w in clue_words if given(word, [w])]
            if said:
                params = {"word": word, "said": said[0]}
                return [Finding(card.id, "quote_clues", "first_quote_word", params, 0)]
    siblings = [c for c in deck.cards if c.author == card.author and c.id != card.id]
    if not siblings:
        return []  # the author's only card: the occasion names no other of his lines
    shared = set().union(*(_source_words(c) | _years(c.source) for c in siblings))
    for word in sorted((_source_words(card) | _years(card.source)) - shared):
        if given(word, clue_words) if not word.isdigit() else word in _years(clue):
            params = {"word": word}
            return [Finding(card.id, "quote_clues", "first_source_word", params, 0)]
    return []


def clue_findings(card: Card, deck: Deck) -> list[Finding]:
    return (
        first_author_clue_findings(card, deck)
        + first_quote_clue_findings(card, deck)
        + last_clue_findings(card)
        + translation_findings(card)
    )
