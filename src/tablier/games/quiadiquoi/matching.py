"""Deciding whether a spoken (typed) answer is right.

Both matchers compare *normalised* texts (lower case, no accents, no punctuation) with
an edit distance that tolerates small typos. Every threshold lives in `Thresholds`
below; `tests/games/quiadiquoi/test_matching.py` holds the labelled answers that
justify each value.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz.distance import Levenshtein

from tablier.games.quiadiquoi.deck import Card, Deck


@dataclass(frozen=True)
class Thresholds:
    # An author name of n letters forgives int(n * rate) edits, at least one from
    # `author_min_len` letters on ("Hugi" for Hugo) and none below (too many short
    # names lie one letter apart).
    author_typo_rate: float = 0.2
    author_min_len: int = 4
    # A quotation forgives int(n * rate) edits after normalisation, at least one from
    # `quote_min_len` letters on: a typo or a dropped letter passes, a changed word in
    # a short quotation ("son jardin" for "notre jardin") or a truncation does not.
    quote_typo_rate: float = 0.1
    quote_min_len: int = 8


THRESHOLDS = Thresholds()

# Articles may be dropped or changed in a recited quotation without penalty.
ARTICLES = frozenset({"le", "la", "les", "l", "un", "une", "des", "du"})
# Particles that start a surname ("de Gaulle", "von Goethe").
PARTICLES = frozenset({"de", "du", "des", "d", "von", "van", "di", "da", "del", "le", "la"})
_ROMAN = re.compile(r"^[ivxlcdm]+$")
_NON_WORD = re.compile(r"[^a-z0-9]+")


def normalize(text: str) -> str:
    """Lower case, no accents, ligatures opened, punctuation as spaces, single spaces."""
    text = text.lower().replace("œ", "oe").replace("æ", "ae").replace("ß", "ss")
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", plain).strip()


def _allowed_edits(length: int, rate: float, min_len: int) -> int:
    if length < min_len:
        return 0
    return max(1, int(length * rate))


def _close(answer: str, target: str, rate: float, min_len: int) -> bool:
    if not answer or not target:
        return False
    limit = _allowed_edits(len(target), rate, min_len)
    return Levenshtein.distance(answer, target, score_cutoff=limit) <= limit


# --------------------------------------------------------------------------- authors
def surnames(author: str) -> tuple[str, ...]:
    """The normalised ways to name `author` by surname alone ("" when it has none)."""
    words = author.replace("’", "'").split()
    if len(words) < 2:
        return ()
    if _ROMAN.match(normalize(words[-1])):
        return ()  # "Louis XIV": the numeral alone names nobody
    for index in range(1, len(words)):
        head = normalize(words[index].rstrip("'"))
        if head in PARTICLES and index < len(words) - 1:
            with_particle = normalize(" ".join(words[index:]))
            without = normalize(" ".join(words[index + 1 :]))
            return (with_particle, without)
    return (normalize(words[-1]),)


def _names(card: Card) -> tuple[str, ...]:
    return tuple(normalize(n) for n in (card.author, *card.aliases))


@lru_cache(maxsize=64)
def _deck_index(authors: tuple[tuple[str, tuple[str, ...]], ...]) -> dict[str, list[str]]:
    """Each author of a deck -> the normalised ways to name him (shared surnames left out)."""
    by_surname: dict[str, set[str]] = {}
    for author, _aliases in authors:
        for surname in surnames(author):
            by_surname.setdefault(surname, set()).add(author)
    index: dict[str, list[str]] = {}
    for author, aliases in authors:
        names = index.setdefault(author, [])
        for name in (author, *aliases):
            if normalize(name) not in names:
                names.append(normalize(name))
        for surname in surnames(author):
            if by_surname[surname] == {author} and surname not in names:
                names.append(surname)
    return index


def _index(deck: Deck) -> dict[str, list[str]]:
    return _deck_index(tuple(sorted({(c.author, c.aliases) for c in deck.cards})))


def _distance(said: str, name: str) -> int:
    """Edit distance, also trying both texts with their words sorted ("Hugo Victor")."""
    plain = Levenshtein.distance(said, name)
    if " " not in name:
        return int(plain)
    swapped = Levenshtein.distance(" ".join(sorted(said.split())), " ".join(sorted(name.split())))
    return int(min(plain, swapped))


def author_matches(answer: str, card: Card, deck: Deck) -> bool:
    """Is `answer` the author of `card`? (name, alias or unambiguous surname)

    It must be close enough to one of the author's names, and strictly closer to it
    than to any name of another author of the deck ("Veil" is not "Weil").
    """
    said = normalize(answer)
    if not said:
        return False
    index = _index(deck)
    own = index.get(card.author) or list(_names(card))
    rate, min_len = THRESHOLDS.author_typo_rate, THRESHOLDS.author_min_len
    close = [
        d
        for name in own
        if (d := _distance(said, name)) <= _allowed_edits(len(name), rate, min_len)
    ]
    if not close:
        return False
    best = min(close)
    return all(
        _distance(said, name) > best
        for author, names in index.items()
        if author != card.author
        for name in names
    )


# ------------------------------------------------------------------------ quotations
def quote_key(text: str) -> str:
    """A quotation as compared: normalised, articles (partitives included) dropped."""
    words = normalize(text.replace("’", "'")).split()
    kept = []
    for index, word in enumerate(words):
        if word in ARTICLES:
            continue
        following = words[index + 1] if index + 1 < len(words) else ""
        if word == "de" and following in ("la", "l"):
            continue  # the partitive "de la", "de l'"
        kept.append(word)
    return " ".join(kept)


def quote_matches(answer: str, quote: str) -> bool:
    """Is `answer` the quotation `quote`, restored faithfully (small typos forgiven)?"""
    return _close(
        quote_key(answer), quote_key(quote), THRESHOLDS.quote_typo_rate, THRESHOLDS.quote_min_len
    )
