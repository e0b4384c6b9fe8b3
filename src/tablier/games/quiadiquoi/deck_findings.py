"""A finding of `tablier deck check`: the card, the field, the line, and what is wrong,
in French or English.

The deck reader (`deck.py`) knows where each card's fields start; a finding on one
clue or one wording is placed on that item's own line when the list spans lines.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from tablier.core.messages import Catalogue
from tablier.games.quiadiquoi.deck import _card_lines

TEXTS = Catalogue(
    "quiadiquoi.deckcheck",
    {
        "where": {
            "fr": "carte '{card}' : champ '{field}'",
            "en": "card '{card}': field '{field}'",
        },
        "early_giveaway": {
            "fr": "les {n} premiers indices de la citation en donnent {shown} mots sur {total}",
            "en": "the first {n} quotation clues give away {shown} of its {total} words",
        },
        "last_clue_leaves": {
            "fr": "après le dernier indice, il ne reste à trouver que {left} de « {form} » "
            "(il faut au moins deux mots qui comptent)",
            "en": "after the last clue only {left} of “{form}” is left to find "
            "(at least two words that matter are needed)",
        },
        "last_clue_leaves_nothing": {
            "fr": "après le dernier indice, il ne reste rien à trouver de « {form} »",
            "en": "after the last clue nothing of “{form}” is left to find",
        },
        "translation": {
            "fr": "l'indice {n} donne la citation dans une autre langue : « {segment} »",
            "en": "clue {n} gives the quotation in another language: “{segment}”",
        },
        "first_names_author": {
            "fr": "le premier indice nomme l'auteur : {name}",
            "en": "the first clue names the author: {name}",
        },
        "first_unique_date": {
            "fr": "le premier indice donne {date}, une date de la source que seul cet "
            "auteur a dans le paquet",
            "en": "the first clue gives {date}, a date of the source no other author of "
            "the deck has",
        },
        "first_quote_word": {
            "fr": "le premier indice donne un mot de la citation : {word} (« {said} »)",
            "en": "the first clue gives a word of the quotation: {word} (“{said}”)",
        },
        "first_source_word": {
            "fr": "le premier indice désigne la source ({word}), qu'aucune autre carte de "
            "cet auteur ne partage",
            "en": "the first clue points to the source ({word}), which no other card of "
            "this author shares",
        },
        "leak_quote": {
            "fr": "ce texte donne la réponse de la carte '{other}' : « {form} »",
            "en": "this text gives the answer of card '{other}': “{form}”",
        },
        "leak_author": {
            "fr": "ce texte donne la réponse de la carte '{other}' : {name}, avec les "
            "mots de sa citation ({said})",
            "en": "this text gives the answer of card '{other}': {name}, with words of "
            "its quotation ({said})",
        },
        "form_refused": {
            "fr": "la réponse attendue « {form} » est refusée par la vérification automatique",
            "en": "the expected answer “{form}” is refused by the automatic check",
        },
        "swap_accepted": {
            "fr": "« {said} » (un autre mot : {word} au lieu de {original}) est accepté "
            "par la vérification automatique",
            "en": "“{said}” (another word: {word} instead of {original}) is accepted by "
            "the automatic check",
        },
        "name_swap_accepted": {
            "fr": "« {said} », une autre personne que {name}, est accepté par la "
            "vérification automatique",
            "en": "“{said}”, another person than {name}, is accepted by the automatic check",
        },
        "count": {
            "fr": "la description annonce {announced} cartes, le paquet en a {cards}",
            "en": "the description announces {announced} cards, the deck has {cards}",
        },
    },
)


@dataclass(frozen=True)
class Finding:
    """One problem: `card` and `field` ('' for the deck), `item` the index of the clue
    or wording in its list (None for the whole field)."""

    card: str
    field: str
    key: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict, hash=False, compare=False)
    item: int | None = None

    def text(self, lang: str = "fr") -> str:
        what = TEXTS.text(self.key, lang, **self.params)
        if not self.card:
            return what
        where = TEXTS.text("where", lang, card=self.card, field=self.field)
        # French puts a space before the colon
        return f"{where} : {what}" if lang == "fr" else f"{where}: {what}"


_ITEM = re.compile(r'^\s*(["\']|""")')


def field_lines(text: str, card_ids: list[str]) -> dict[tuple[str, str, int | None], int]:
    """(card, field, item) -> line, for every field and every item of a list written
    one item a line; `card_ids` are the deck's cards in file order."""
    lines = text.splitlines()
    found: dict[tuple[str, str, int | None], int] = {}
    for card_id, block in zip(card_ids, _card_lines(text), strict=False):
        for name, number in block.items():
            found[(card_id, name, None)] = number
            if not name or lines[number - 1].rstrip().endswith("]"):
                continue
            item, cursor = 0, number
            while cursor < len(lines) and not lines[cursor].strip().startswith("]"):
                if _ITEM.match(lines[cursor]):
                    found[(card_id, name, item)] = cursor + 1
                    item += 1
                cursor += 1
        if block.get(""):
            found[(card_id, "", None)] = block[""]
    return found


def render(
    findings: list[Finding],
    lang: str = "fr",
    source: str = "",
    lines: dict[tuple[str, str, int | None], int] | None = None,
) -> list[str]:
    """One line per finding: `source:line: card …: field …: what`."""
    lines = lines or {}
    out = []
    for finding in findings:
        line = lines.get((finding.card, finding.field, finding.item)) or lines.get(
            (finding.card, finding.field, None)
        )
        where = f"{source}:{line}: " if source and line else (f"{source}: " if source else "")
        out.append(where + finding.text(lang))
    return out
