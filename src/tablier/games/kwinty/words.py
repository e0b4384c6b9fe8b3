"""Kwinty's moves in words, in French and English (the move list, captions, hints)."""

from __future__ import annotations

from tablier.core.messages import Catalogue, Message
from tablier.games.kwinty.geometry import LETTERS
from tablier.games.kwinty.notation import PASS, parse

WORDS = Catalogue(
    "kwinty.words",
    {
        "flat": {
            "fr": "pose une pièce couchée en {first}–{second}",
            "en": "lays a piece flat on {first}–{second}",
        },
        "upright": {
            "fr": "pose une pièce debout en {first}–{second}",
            "en": "stands a piece upright on {first}–{second}",
        },
        "pass": {
            "fr": "passe : aucune de ses pièces ne peut se poser",
            "en": "passes: none of their pieces can be placed",
        },
    },
)


def describe(move: str) -> Message | None:
    """A placement names its lower-left cell; the words name both cells it covers."""
    if move == PASS:
        return WORDS.message("pass")
    placed = parse(move)
    if placed is None:
        return None
    col, row, orient = placed
    first = f"{LETTERS[col]}{row}"
    if orient == "h":
        return WORDS.message("flat", first=first, second=f"{LETTERS[col + 1]}{row}")
    return WORDS.message("upright", first=first, second=f"{LETTERS[col]}{row + 1}")
