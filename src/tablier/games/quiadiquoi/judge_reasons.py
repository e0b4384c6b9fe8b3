"""Why the automatic check accepts or refuses an answer, in French and English.

The reader sees the reason beside the proposed verdict ("faute de frappe sur
*contemplent*", "un autre mot : *fesse* au lieu de *messe*", "un autre roi : Henri II"):
the check only suggests, the reader keeps the last word. A reason is a `Message`
(code `quiadiquoi.judge:<key>` and parameters), so clients render it in either language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablier.core.messages import Catalogue, Message

REASONS = Catalogue(
    "quiadiquoi.judge",
    {
        # accepted
        "exact": {"fr": "réponse exacte", "en": "exact answer"},
        "wording": {
            "fr": "une autre forme admise par la carte : « {wording} »",
            "en": "another wording the card accepts: “{wording}”",
        },
        "name": {"fr": "le nom est reconnu : {name}", "en": "the name is recognised: {name}"},
        "typo": {
            "fr": {
                "one": "faute de frappe sur *{words}*",
                "other": "fautes de frappe sur *{words}*",
            },
            "en": {"one": "a typo in *{words}*", "other": "typos in *{words}*"},
        },
        "spelling": {
            "fr": "même mot, autre orthographe : *{said}* pour *{word}*",
            "en": "the same word spelt differently: *{said}* for *{word}*",
        },
        "number": {
            "fr": "le même nombre écrit autrement : *{said}* pour *{word}*",
            "en": "the same number written differently: *{said}* for *{word}*",
        },
        # refused
        "empty": {"fr": "aucune réponse", "en": "no answer"},
        "other_word": {
            "fr": "un autre mot : *{said}* au lieu de *{word}*",
            "en": "another word: *{said}* instead of *{word}*",
        },
        "missing_word": {
            "fr": {"one": "mot manquant : *{words}*", "other": "mots manquants : *{words}*"},
            "en": {"one": "a missing word: *{words}*", "other": "missing words: *{words}*"},
        },
        "extra_word": {
            "fr": {"one": "mot en trop : *{words}*", "other": "mots en trop : *{words}*"},
            "en": {"one": "a word too many: *{words}*", "other": "words too many: *{words}*"},
        },
        "too_many_typos": {
            "fr": "trop de fautes pour une citation de cette longueur : *{words}*",
            "en": "too many typos for a quotation this long: *{words}*",
        },
        "other_number": {
            "fr": "un autre souverain : {said} (et non {name})",
            "en": "another ruler: {said} (not {name})",
        },
        "missing_number": {
            "fr": "il manque le numéro : {name}",
            "en": "the number is missing: {name}",
        },
        "other_relative": {
            "fr": "une autre personne : *{said}* désigne quelqu'un d'autre que {name}",
            "en": "another person: *{said}* names someone other than {name}",
        },
        "other_first_name": {
            "fr": "un autre prénom : *{said}* (l'auteur est {name})",
            "en": "another first name: *{said}* (the author is {name})",
        },
        "other_author": {
            "fr": "un autre auteur du paquet : {name}",
            "en": "another author of the deck: {name}",
        },
        "shared_surname": {
            "fr": "nom porté par plusieurs auteurs du paquet : {name}",
            "en": "a surname several authors of the deck share: {name}",
        },
        "unknown_name": {
            "fr": "ce nom ne désigne pas l'auteur",
            "en": "this name does not name the author",
        },
    },
)


@dataclass(frozen=True)
class Judgement:
    """The automatic check of one answer: its proposal and why."""

    accepted: bool
    reason: Message

    @property
    def code(self) -> str:
        return self.reason.code.rpartition(":")[2]

    def text(self, lang: str = "fr") -> str:
        return self.reason.text(lang)

    def to_json(self) -> dict[str, Any]:
        return self.reason.to_json()


def accept(key: str, /, **params: Any) -> Judgement:
    return Judgement(True, REASONS.message(key, **params))


def refuse(key: str, /, **params: Any) -> Judgement:
    return Judgement(False, REASONS.message(key, **params))
