"""Is a name the author of a card? Word by word, as a careful reader hears it.

A name is compared with every way the deck names the author (full name, aliases, the
surname alone when no other author of the deck bears it, a co-author the card names):
word for word, a typo allowed in each word, a title or an article optional. A regnal
number must be the same number however it is written (IV, 4, quatre), and a different
number, a "fils" for a "père", or another first name is another person: Henri II is not
Henri IV, Alexandre Dumas fils is not Dumas, Jean-Marie Roland is not Madame Roland.
A name at least as close to another author of the deck is that author ("Veil", "Weil").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz.distance import OSA

from tablier.games.quiadiquoi.deck import Card, Deck
from tablier.games.quiadiquoi.judge_align import WRONG, Step, align
from tablier.games.quiadiquoi.judge_reasons import Judgement, accept, refuse
from tablier.games.quiadiquoi.judge_words import Word, allowed_edits, is_real_word, normalize, words
from tablier.games.quiadiquoi.regnal import regnal_value, roman_numeral

# Particles that start a surname ("de Gaulle", "von Goethe").
PARTICLES = frozenset({"de", "du", "des", "d", "von", "van", "di", "da", "del", "le", "la"})
# Words that may be said or left out without naming anyone else.
TITLES = frozenset(
    [
        "le",
        "la",
        "les",
        "l",
        "roi",
        "reine",
        "empereur",
        "general",
        "sir",
        "saint",
        "sainte",
        "abbe",
        "pasteur",
        "docteur",
        "president",
        "comte",
        "baron",
        "marquise",
        "duc",
        "colonel",
        "lord",
    ]
)
# Words that tell two people of one name apart.
RELATIVES = frozenset(
    [
        "fils",
        "pere",
        "jeune",
        "ancien",
        "aine",
        "cadet",
        "madame",
        "mme",
        "monsieur",
        "mademoiselle",
        "petit",
    ]
)


def surnames(author: str) -> tuple[str, ...]:
    """The normalised ways to name `author` by surname alone ("" when it has none)."""
    parts = author.replace("’", "'").split()
    if len(parts) < 2:
        return ()
    if regnal_value(normalize(parts[-1])) is not None:
        return ()  # "Louis XIV": the numeral alone names nobody
    for index in range(1, len(parts)):
        head = normalize(parts[index].rstrip("'"))
        if head in PARTICLES and index < len(parts) - 1:
            with_particle = normalize(" ".join(parts[index:]))
            without = normalize(" ".join(parts[index + 1 :]))
            return (with_particle, without)
    return (normalize(parts[-1]),)


@lru_cache(maxsize=64)
def _deck_index(authors: tuple[tuple[str, tuple[str, ...]], ...]) -> dict[str, list[str]]:
    """Each author of a deck -> the ways to name him (surnames others share left out)."""
    by_surname: dict[str, set[str]] = {}
    for author, _aliases in authors:
        for surname in surnames(author):
            by_surname.setdefault(surname, set()).add(author)
    index: dict[str, list[str]] = {}
    for author, aliases in authors:
        names = index.setdefault(author, [])
        for name in (author, *aliases, *short_forms(author), *initial_forms(author)):
            if normalize(name) not in [normalize(n) for n in names]:
                names.append(name)
        for surname in surnames(author):
            if by_surname[surname] == {author} and surname not in [normalize(n) for n in names]:
                names.append(surname)
    return index


def short_forms(name: str) -> list[str]:
    """`name` without its middle names: "Evelyn Hall" for "Evelyn Beatrice Hall".

    Only words written apart are dropped: "Jean Rousseau" is not "Jean-Jacques Rousseau".
    """
    parts = name.split()
    if len(parts) < 3 or any(regnal_value(normalize(p)) is not None for p in parts[1:]):
        return []
    start = next(
        (i for i in range(1, len(parts) - 1) if normalize(parts[i].rstrip("'")) in PARTICLES),
        len(parts) - 1,
    )
    short = [parts[0], *parts[start:]]
    return [" ".join(short)] if len(short) < len(parts) else []


def deck_index(deck: Deck) -> dict[str, list[str]]:
    return _deck_index(tuple(sorted({(c.author, c.aliases) for c in deck.cards})))


def shared_surnames(deck: Deck) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for card in deck.cards:
        for surname in surnames(card.author):
            found.setdefault(surname, set()).add(card.author)
    return {s: a for s, a in found.items() if len(a) > 1}


@dataclass(frozen=True)
class NameMatch:
    name: str  # the form of the name compared with
    cost: int
    steps: list[Step]

    @property
    def ok(self) -> bool:
        return self.cost < WRONG


def clear_caches() -> None:
    """Forget the names compared so far (after a threshold changed: the benchmark)."""
    _match_name.cache_clear()


def _regnal(word: Word) -> int | None:
    return regnal_value(word.key) if word.key.isdigit() else None


def name_words(text: str) -> list[Word]:
    """The words of a name, a regnal number after the first read as its value."""
    return list(_name_words(text))


# abbreviations said or written in names
ABBREVIATIONS = {"st": "saint", "ste": "sainte", "mme": "madame", "gal": "general"}


@lru_cache(maxsize=4096)
def _name_words(text: str) -> tuple[Word, ...]:
    found = []
    for index, word in enumerate(words(text)):
        value = regnal_value(word.key) if index else None
        if value is not None:
            word = Word(word.said, str(value), word.shown)
        elif word.key in ABBREVIATIONS:
            word = Word(ABBREVIATIONS[word.key], ABBREVIATIONS[word.key], word.shown)
        found.append(word)
    return tuple(found)


def initial_forms(name: str) -> list[str]:
    """`name` with its given names as initials: "J.-J. Rousseau", "JJ Rousseau", "V. Hugo"."""
    parts = name.split()
    if len(parts) < 2 or regnal_value(normalize(parts[-1])) is not None:
        return []
    given = [w.key for w in words(parts[0])]
    if not given or normalize(parts[0]) in PARTICLES or given[0] in TITLES | RELATIVES:
        return []
    rest = " ".join(parts[1:])
    initials = [g[0] for g in given]
    return [f"{' '.join(initials)} {rest}", f"{''.join(initials)} {rest}"]


def _may_match(said: tuple[Word, ...], name: str) -> bool:
    """A cheap first look: does some word said come near some word of `name`?"""
    all_keys = [w.key for w in name_words(name)]
    keys = [k for k in all_keys if _telling(k)] or all_keys
    heard = [w.key for w in said if _telling(w.key)] or [w.key for w in said]
    return any(
        OSA.distance(a, b, score_cutoff=allowed_edits(len(b))) <= allowed_edits(len(b))
        or (len(a) > 2 and (a in b or b in a))
        for a in heard
        for b in keys
    )


def _telling(key: str) -> bool:
    """A word that may tell a name: not a title, article or particle."""
    return key.isdigit() or (key not in TITLES and key not in PARTICLES and len(key) > 1)


def match_name(said: list[Word], name: str) -> NameMatch:
    """`said` against one form of a name, also with the surname said first."""
    return _match_name(tuple(said), name)


@lru_cache(maxsize=4096)
def _match_name(said_words: tuple[Word, ...], name: str) -> NameMatch:
    said = list(said_words)
    if not _may_match(said_words, name):
        return NameMatch(name, 3 * WRONG, [])
    expected = name_words(name)
    # the given names: the first part of a name of several ("Marie-Jeanne" Roland)
    parts = name.split()
    given = {w.key for w in words(parts[0])} if len(parts) > 1 else set()
    # a title may be said or not ("le général de Gaulle"), unless it is the whole name
    # ("l'Empereur") or all that was said ("Pasteur" is not "le pasteur King")
    titles_only = all(w.key in TITLES for w in expected) or all(w.key in TITLES for w in said)

    def optional(word: Word) -> bool:
        return not titles_only and word.key in TITLES

    best: NameMatch | None = None
    for turn in range(len(expected)):
        rotated = expected[turn:] + expected[:turn]
        cost, steps = align(said, rotated, real_words_count=False, optional=optional)
        cost += _number_penalty(steps) + _first_name_penalty(steps, given)
        if not any(s.check is not None and s.check.ok for s in steps):
            cost += WRONG
        if best is None or cost < best.cost:
            best = NameMatch(name, cost, steps)
    assert best is not None
    return best


def _first_name_penalty(steps: list[Step], given: set[str]) -> int:
    """A misspelt given name must not be another word: "Louis" Michel is not Louise."""
    return WRONG * sum(
        1
        for step in steps
        if step.kind == "typo"
        and any(w.key in given for w in step.expected)
        and is_real_word("".join(w.said for w in step.said))
    )


def _number_penalty(steps: list[Step]) -> int:
    """A regnal number must be there, and the same, on both sides."""
    penalty = 0
    for step in steps:
        said = [_regnal(w) for w in step.said if _regnal(w) is not None]
        expected = [_regnal(w) for w in step.expected if _regnal(w) is not None]
        if said != expected:
            penalty += WRONG
    return penalty


def _reason(said_text: str, match: NameMatch, author: str) -> Judgement:
    """Why `match` (the closest form of the author's names) refuses the answer."""
    for step in match.steps:
        said_numbers = [v for w in step.said if (v := _regnal(w)) is not None]
        expected_numbers = [v for w in step.expected if (v := _regnal(w)) is not None]
        if said_numbers and said_numbers != expected_numbers:
            return refuse("other_number", said=regnal_name(said_text), name=author)
        if expected_numbers and not said_numbers:
            return refuse("missing_number", name=author)
    for step in match.steps:
        keys = {w.key for w in step.said}
        if keys & RELATIVES and not (step.check is not None and step.check.ok):
            return refuse("other_relative", said=step.said_text(), name=author)
    wrong = [s for s in match.steps if s.kind in ("other", "extra", "missing")]
    if not any(s.check is not None and s.check.ok for s in match.steps):
        return refuse("unknown_name")
    last = _last_name_step(match)
    given = [s.said_text() for s in wrong if s.kind in ("other", "extra") and s is not last]
    if given:  # "Jean Marie" Roland: every word said in place of the given names
        return refuse("other_first_name", said=" ".join(given), name=author)
    for step in wrong:
        if step.kind == "missing":
            words_missing = [
                s.expected_text()
                for s in wrong
                if s.kind == "missing" and not all(w.key in TITLES for w in s.expected)
            ]
            if not words_missing:
                return refuse("unknown_name")
            return refuse("missing_word", words=words_missing, n=len(words_missing))
    return refuse("unknown_name")


def _lacks_number(said: list[Word], names: list[str]) -> bool:
    """Is `said` one of `names` but for its regnal number ("Henri" for "Henri IV")?"""
    for name in names:
        found = name_words(name)
        plain = " ".join(w.said for w in found if _regnal(w) is None)
        if len(plain.split()) < len(found) and match_name(said, plain).ok:
            return True
    return False


def _last_name_step(match: NameMatch) -> Step | None:
    named = [s for s in match.steps if s.expected]
    return named[-1] if named else None


def _accepted_reason(match: NameMatch) -> Judgement:
    typos = [s.expected_text() for s in match.steps if s.kind == "typo"]
    if typos:
        return accept("typo", words=typos, n=len(typos))
    return accept("name", name=match.name)


def judge_author(answer: str, card: Card, deck: Deck) -> Judgement:
    """The automatic check of an author's name given for `card`."""
    together = [p for p in _TOGETHER.split(answer) if p.strip()]
    if card.coauthors and len(together) > 1:
        # "Marx et Engels" for the Manifesto: each name must be one of its authors
        judged = [_judge_one(part, card, deck) for part in together]
        refused = next((j for j in judged if not j.accepted), None)
        return refused or accept("name", name=" & ".join(p.strip() for p in together))
    return _judge_one(answer, card, deck)


_TOGETHER = re.compile(r"\s+(?:et|and)\s+|\s*[&+,]\s*", re.IGNORECASE)


def _judge_one(answer: str, card: Card, deck: Deck) -> Judgement:
    said = name_words(answer)
    if not said:
        return refuse("empty")
    index = deck_index(deck)
    own_names = list(index.get(card.author) or (card.author, *card.aliases))
    for coauthor in card.coauthors:
        own_names += [coauthor, *short_forms(coauthor), *initial_forms(coauthor)]
        own_names += surnames(coauthor)
    own = min((match_name(said, name) for name in own_names), key=lambda m: m.cost)
    if not own.ok and _lacks_number(said, own_names):
        return refuse("missing_number", name=regnal_name(card.author))
    if not own.ok:
        shared = shared_surnames(deck).get(normalize(answer))
        if shared and card.author in shared:
            return refuse("shared_surname", name=answer.strip())
        return _reason(answer.strip(), own, card.author)
    rivals = [
        (match_name(said, name).cost, author)
        for author, names in index.items()
        if author != card.author and author not in card.coauthors
        for name in names
    ]
    closer = [author for cost, author in rivals if cost <= own.cost]
    if closer:
        return refuse("other_author", name=closer[0])
    return _accepted_reason(own)


def regnal_name(name: str) -> str:
    """A name with its regnal number printed the usual way ("Henri 4" -> "Henri IV")."""
    out = []
    for index, part in enumerate(name.split()):
        value = regnal_value(normalize(part)) if index else None
        out.append(roman_numeral(value) if value is not None else part)
    return " ".join(out)
