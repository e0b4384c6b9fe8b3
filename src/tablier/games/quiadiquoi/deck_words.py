"""Words as the deck checks weigh them: which words of a quotation tell something, when
a clue gives one away (the word itself or one of its family), and which real French
words lie one letter away from a word.

Frequencies come from `wordfreq`'s French list, not from a list written here: a word
among the most frequent of the language ("je", "est", "tout", "faire") names nothing
by itself, a rarer one ("messe", "pyramides", "libéré") is what a player has to find.
"""

from __future__ import annotations

import math
import re
import unicodedata
from functools import lru_cache

from wordfreq import get_frequency_dict

from tablier.games.quiadiquoi.judge_words import ELISIONS

# at or above this Zipf frequency a word is among the few hundred most frequent of
# French ("tout", "bien", "faire", "aussi"): it carries no meaning of its own here
COMMON_ZIPF = 6.0
# a neighbour one letter away counts as a real word from this Zipf frequency on
# ("fesse" 3.3, "messe" 4.1); rarer entries of the list are mostly names and noise
REAL_WORD_ZIPF = 3.0
# below this a word is not taken for French (Latin "vidi" 2.1, "lupus" 3.1)
FRENCH_ZIPF = 3.5
# two words of one family share a start this long ("libér" in libéré/libération)
STEM = 5
_LETTERS = "abcdefghijklmnopqrstuvwxyzàâçéèêëîïôûùüœ"
WORD_RE = re.compile(rf"[{_LETTERS}0-9]+")
# elided forms, said in full ("l'homme": le homme): the judge's table, with the article
_ELISIONS = {**ELISIONS, "l": "le"}


@lru_cache(maxsize=1)
def _french() -> dict[str, float]:
    return get_frequency_dict("fr")


@lru_cache(maxsize=1)
def _english() -> dict[str, float]:
    return get_frequency_dict("en")


def is_real_french(word: str) -> bool:
    """A word of the language, not an English word that French text borrows
    ("hazard" is no French spelling of *hasard*)."""
    french = _french().get(word, 0.0)
    return zipf(word) >= REAL_WORD_ZIPF and french >= _english().get(word, 0.0)


def inflection_of(a: str, b: str) -> bool:
    """The same word with another ending ("rêve"/"rêves", "vient"/"viens",
    "écris"/"écrits"): an agreement or conjugation slip, which the automatic check may
    forgive as a typo, not a word put for another."""
    a, b = plain(a), plain(b)
    common = 0
    while common < min(len(a), len(b)) and a[common] == b[common]:
        common += 1
    return common >= 3 and common >= max(len(a), len(b)) - 2


def zipf(word: str) -> float:
    """The word's Zipf frequency in French (0 for a word the list does not know)."""
    frequency = _french().get(word, 0.0)
    return math.log10(frequency) + 9 if frequency > 0 else 0.0


@lru_cache(maxsize=65536)
def plain(word: str) -> str:
    """No accents, ligatures opened: how two spellings of one word are compared."""
    word = word.replace("œ", "oe").replace("æ", "ae")
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=8192)
def _words(text: str) -> tuple[str, ...]:
    found = WORD_RE.findall(text.lower().replace("’", "'"))
    return tuple(_ELISIONS.get(word, word) for word in found)


def words(text: str) -> list[str]:
    """The words of a text, lower case, accents kept, elisions said in full."""
    return list(_words(text))


@lru_cache(maxsize=8192)
def plain_words(text: str) -> tuple[str, ...]:
    """The words of a text without accents: how texts are compared."""
    return tuple(plain(word) for word in _words(text))


def is_content(word: str) -> bool:
    """Does the word tell something (not one of the language's most frequent words)?"""
    return not word.isdigit() and zipf(word) < COMMON_ZIPF


def content_words(text: str) -> list[str]:
    return [word for word in _words(text) if is_content(word)]


def is_french(word: str) -> bool:
    return zipf(word) >= FRENCH_ZIPF


def same_family(a: str, b: str) -> bool:
    """The same word, or two words of one family ("compris", "comprendre")."""
    a, b = plain(a), plain(b)
    if a == b:
        return True
    shorter = min(len(a), len(b))
    common = 0
    while common < shorter and a[common] == b[common]:
        common += 1
    return common >= STEM and common * 5 >= shorter * 3


def given(word: str, clue_words: list[str] | set[str]) -> bool:
    """Does a clue (its words) give `word` away, itself or a word of its family?"""
    return any(same_family(word, said) for said in clue_words)


@lru_cache(maxsize=4096)
def real_neighbours(word: str) -> tuple[str, ...]:
    """Real French words one letter away from `word` (a letter changed, dropped or
    added), most frequent first; a mere change of accent is not another word."""
    if len(word) < 3:
        return ()
    found: set[str] = set()
    for index in range(len(word) + 1):
        head, tail = word[:index], word[index:]
        candidates = [head + letter + tail for letter in _LETTERS]
        if tail:
            candidates.append(head + tail[1:])
            candidates += [head + letter + tail[1:] for letter in _LETTERS]
        found.update(c for c in candidates if is_real_french(c))
    same = plain(word)
    return tuple(sorted((w for w in found if plain(w) != same), key=lambda w: (-zipf(w), w)))
