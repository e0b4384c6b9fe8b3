"""Deciding whether a spoken (typed) answer is right, and saying why.

A quotation must be restored word for word. The answer's words are aligned with the
card's (judge_align.py); case, accents, punctuation, articles and elision do not count.
A word may be misspelt (the same word spelt otherwise, or a typo that is not itself a
real French word: judge_words.py); another word, a missing word or a word too many
makes another sentence, and grammatical words (pronouns, possessives, prepositions,
negations, numbers, "être" and "avoir") must be exactly right. Numbers may be said in
digits. An author is judged by judge_names.py (regnal numbers, "fils", first names).

Every verdict is a `Judgement`: accepted or not, and a reason in French and English
(judge_reasons.py) that the reader sees beside the proposal; the reader decides.
The labelled answers that justify each rule and threshold are in
tests/games/quiadiquoi/qadq_labelled.py and qadq_answers.py, measured by
benchmarks/qadq_matching.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.games.quiadiquoi.deck import Card, Deck
from tablier.games.quiadiquoi.judge_align import WRONG, Step, align
from tablier.games.quiadiquoi.judge_names import judge_author, surnames
from tablier.games.quiadiquoi.judge_reasons import Judgement, accept, refuse
from tablier.games.quiadiquoi.judge_words import (
    ARTICLES,
    ELISIONS,
    GRAMMATICAL,
    LEXICON_ZIPF,
    MIN_LEN,
    REAL_WORD_ZIPF,
    TYPO_RATE,
    Word,
    allowed_edits,
    normalize,
    words,
)

__all__ = [
    "ARTICLES",
    "ELISIONS",
    "GRAMMATICAL",
    "THRESHOLDS",
    "Judgement",
    "author_matches",
    "card_quote_matches",
    "judge_author",
    "judge_card_quote",
    "judge_quote",
    "normalize",
    "quote_key",
    "quote_matches",
    "surnames",
]


@dataclass(frozen=True)
class Thresholds:
    # A word of n letters forgives int(n * rate) letters, one from `word_min_len` on.
    word_typo_rate: float = TYPO_RATE
    word_min_len: int = MIN_LEN
    # A quotation forgives int(n * rate) typo letters in all, one from `quote_min_len`
    # letters on: a typo passes, a quotation typed carelessly all along does not.
    quote_typo_rate: float = 0.1
    quote_min_len: int = 8
    # wordfreq's zipf frequency from which a said word is a real word, never a typo,
    # whatever the lexicons say; and from which a lexicon's word is one
    real_word_zipf: float = REAL_WORD_ZIPF
    lexicon_zipf: float = LEXICON_ZIPF


THRESHOLDS = Thresholds()


def _kept(found: list[Word]) -> list[Word]:
    """The words compared: articles (partitives included) dropped."""
    kept = []
    for index, word in enumerate(found):
        if word.key in ARTICLES:
            continue
        following = found[index + 1].key if index + 1 < len(found) else ""
        if word.key == "de" and following in ("la", "l"):
            continue  # the partitive "de la", "de l'"
        kept.append(word)
    return kept


def quote_key(text: str) -> str:
    """A quotation as compared: normalised, articles (partitives included) dropped."""
    return " ".join(w.key for w in _kept(words(text)))


def _quote_judgement(answer: str, wording: str) -> tuple[int, Judgement]:
    """(cost, judgement) of `answer` against one wording of a quotation."""
    said, expected = _kept(words(answer)), _kept(words(wording))
    if not said:
        return WRONG * 1000, refuse("empty")
    cost, steps = align(said, expected)
    return cost, _reason(steps, expected)


def _texts(steps: list[Step], kind: str) -> list[str]:
    side = {"missing": Step.expected_text, "extra": Step.said_text}.get(kind, Step.said_text)
    return [side(s) for s in steps if s.kind == kind]


def _reason(steps: list[Step], expected: list[Word]) -> Judgement:
    for step in steps:
        if step.kind == "other":
            return refuse("other_word", said=step.said_text(), word=step.expected_text())
    for kind, key in (("missing", "missing_word"), ("extra", "extra_word")):
        found = _texts(steps, kind)
        if found:
            return refuse(key, words=found, n=len(found))
    typos = [s for s in steps if s.kind == "typo"]
    edits = sum(s.check.edits for s in typos if s.check is not None)
    length = len(" ".join(w.key for w in expected))
    limit = allowed_edits(length, THRESHOLDS.quote_typo_rate, THRESHOLDS.quote_min_len)
    if edits > limit:
        return refuse("too_many_typos", words=[s.said_text() for s in typos])
    if typos:
        return accept("typo", words=[s.expected_text() for s in typos], n=len(typos))
    for kind in ("spelling", "number"):
        for step in steps:
            if step.kind == kind:
                return accept(kind, said=step.said_text(), word=step.expected_text())
    return accept("exact")


def judge_quote(answer: str, quote: str) -> Judgement:
    """The automatic check of `answer` as the quotation `quote` (one wording)."""
    return _quote_judgement(answer, quote)[1]


def judge_card_quote(answer: str, card: Card) -> Judgement:
    """The automatic check of `answer` as the card's quotation or an accepted wording."""
    cost, best = _quote_judgement(answer, card.quote)
    if best.accepted:
        return best
    for wording in card.alternatives:
        here_cost, here = _quote_judgement(answer, wording)
        if here.accepted:
            if here.code == "exact":
                return accept("wording", wording=wording)
            return here
        if here_cost < cost:
            cost, best = here_cost, here
    return best


def quote_matches(answer: str, quote: str) -> bool:
    """Is `answer` the quotation `quote`, restored faithfully?"""
    return judge_quote(answer, quote).accepted


def card_quote_matches(answer: str, card: Card) -> bool:
    """Is `answer` the card's quotation, or one of its accepted alternative wordings?"""
    return judge_card_quote(answer, card).accepted


def author_matches(answer: str, card: Card, deck: Deck) -> bool:
    """Is `answer` the author of `card`? (name, alias, unambiguous surname, co-author)"""
    return judge_author(answer, card, deck).accepted
