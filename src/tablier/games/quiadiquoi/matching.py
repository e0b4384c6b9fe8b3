"""Deciding whether a spoken (typed) answer is right.

Both matchers compare *normalised* texts (lower case, no accents, no punctuation).
An author's name tolerates small typos over the whole name. A quotation must be
restored word for word: only case, accents, punctuation, articles, elision and small
typos *inside* a word are forgiven; a different word is wrong however few letters it
changes, and grammatical words (pronouns, possessives, prepositions, negations,
numbers, "être" and "avoir") must be exactly right. Every threshold lives in
`Thresholds` below; `tests/games/quiadiquoi/qadq_answers.py` holds the labelled
answers that justify each value (measured by `benchmarks/qadq_matching.py`).
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
    # A word of a quotation forgives int(n * rate) edits, at least one from
    # `word_min_len` letters on ("pence" for "pense", "cultivez" for "cultiver"), none
    # below; two letters of a five-letter word make another word ("danse", "pense").
    word_typo_rate: float = 0.2
    word_min_len: int = 4


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


def _coauthor_names(card: Card) -> list[str]:
    """A co-author, by full name or by an unambiguous surname, for this card only."""
    names = []
    for coauthor in card.coauthors:
        names += [normalize(coauthor), *surnames(coauthor)]
    return [n for n in names if n]


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
    own = (index.get(card.author) or list(_names(card))) + _coauthor_names(card)
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


# Elided words, said in full: "j'ai" and "je ai" are the same words.
ELISIONS = {
    "j": "je",
    "m": "me",
    "t": "te",
    "s": "se",
    "c": "ce",
    "n": "ne",
    "d": "de",
    "qu": "que",
    "jusqu": "jusque",
    "lorsqu": "lorsque",
    "puisqu": "puisque",
    "quoiqu": "quoique",
}
# Grammatical words: a typo in them is another word ("votre" for "notre", "nous" for
# "vous", "sais" for "suis"), so they must be exactly right.
GRAMMATICAL = frozenset(
    " ".join(
        (
            "je me moi te toi il elle on nous vous ils elles se soi lui leur leurs eux y en",
            "ce ceci cela ca celui celle ceux celles qui que quoi dont ou lequel laquelle",
            "mon ton son ma ta sa mes tes ses notre votre nos vos cet cette ces",
            "a de au aux dans par pour sur sous avec sans chez vers entre contre avant apres",
            "pendant depuis selon et mais donc or ni car si comme quand lorsque puisque",
            "ne pas plus jamais rien guere aucun aucune non oui tres tout tous toute toutes",
            "un une deux trois quatre cinq six sept huit neuf dix onze douze vingt trente",
            "quarante cinquante soixante cent cents mille",
            "suis es est sommes etes sont etais etait etions etiez etaient fut furent ete etre",
            "serai seras sera serons serez seront ai as avons avez ont avais avait avions",
            "aviez avaient eu avoir aurai auras aura aurons aurez auront",
        )
    ).split()
)


def _full(word: str) -> str:
    return ELISIONS.get(word, word)


def _word_close(said: str, target: str) -> int | None:
    """The edits between two words if `said` may stand for `target`, else None."""
    said, target = _full(said), _full(target)
    if said == target:
        return 0
    if said in GRAMMATICAL or target in GRAMMATICAL:
        return None
    limit = _allowed_edits(len(target), THRESHOLDS.word_typo_rate, THRESHOLDS.word_min_len)
    distance = int(Levenshtein.distance(said, target, score_cutoff=limit))
    return distance if distance <= limit else None


def _joined_close(said: list[str], target: list[str]) -> int | None:
    """Words written as one, or one word split in two ("aujourdhui", "toi meme")."""
    parts = said if len(said) > 1 else target
    if any(_full(word) in GRAMMATICAL for word in parts):
        # "cest" for "c est", "jai" for "j ai": the letters must all be there
        return 0 if "".join(said) == "".join(target) else None
    return _word_close("".join(said), "".join(target))


def _word_edits(said: list[str], target: list[str]) -> int | None:
    """The fewest edits aligning the two word lists one to one (a word may be split
    or two joined), or None when some word differs beyond a typo or is missing."""
    inf = len("".join(said)) + len("".join(target)) + 1
    # best[i][j]: the fewest edits to align said[:i] with target[:j]
    best = [[inf] * (len(target) + 1) for _ in range(len(said) + 1)]
    best[0][0] = 0
    for i in range(len(said) + 1):
        for j in range(len(target) + 1):
            here = best[i][j]
            if here >= inf:
                continue
            for di, dj in ((1, 1), (1, 2), (2, 1)):
                if i + di > len(said) or j + dj > len(target):
                    continue
                if di == dj:
                    edits = _word_close(said[i], target[j])
                else:
                    edits = _joined_close(said[i : i + di], target[j : j + dj])
                if edits is not None and here + edits < best[i + di][j + dj]:
                    best[i + di][j + dj] = here + edits
    found = best[len(said)][len(target)]
    return None if found >= inf else found


def quote_matches(answer: str, quote: str) -> bool:
    """Is `answer` the quotation `quote`, restored faithfully?

    Word for word, in order: case, accents, punctuation, articles and elision do not
    count; a word may carry a small typo (not a grammatical word), and all the typos
    together stay within the quotation's own allowance.
    """
    said, target = quote_key(answer).split(), quote_key(quote).split()
    if not said or not target:
        return False
    edits = _word_edits(said, target)
    if edits is None:
        return False
    limit = _allowed_edits(
        len(" ".join(target)), THRESHOLDS.quote_typo_rate, THRESHOLDS.quote_min_len
    )
    return edits <= limit


def card_quote_matches(answer: str, card: Card) -> bool:
    """Is `answer` the card's quotation, or one of its accepted alternative wordings?"""
    return any(quote_matches(answer, wording) for wording in (card.quote, *card.alternatives))
