"""Qui'win's moves in words, in French and English (the move list, captions, events).

Words are made from the move list *as a viewer sees it* (`public_history`): a tile
whose length that viewer does not know is named by its colour only, and choices still
secret are not in that list at all, so the words never tell more than the table shows.
"""

from __future__ import annotations

from tablier.core.messages import Catalogue, Message
from tablier.games.quiwin.tiles import COLOUR_NAMES, TILE_COUNTS, length

WORDS = Catalogue(
    "quiwin.words",
    {
        "lay": {
            "fr": "pose une tuile {colour} de {mm} mm",
            "en": "lays a {mm} mm {colour} tile",
        },
        "lay_hidden": {
            "fr": "pose une tuile {colour} (longueur cachée)",
            "en": "lays a tile, {colour}, its length hidden",
        },
        "pass": {"fr": "passe sans agir", "en": "passes without acting"},
        "change": {
            "fr": "change : la dernière tuile de l'adversaire est écartée, il en pioche une autre",
            "en": "changes: the opponent's last tile is set aside and they draw another",
        },
        "transfer": {
            "fr": "transfère : sa dernière tuile part chez l'adversaire",
            "en": "transfers: their last tile goes to the opponent",
        },
        "swap": {
            "fr": "cède en échange sa tuile n° {n} de ce palier",
            "en": "gives up their tile no. {n} of this level in exchange",
        },
    },
)


def describe(entry: str) -> Message | None:
    """One move-list entry: a tile code (`J23`), a hidden tile (`R?`) or an action."""
    if entry in ("pass", "change", "transfer"):
        return WORDS.message(entry)
    if entry.startswith("swap "):
        number = entry[5:]
        return WORDS.message("swap", n=int(number)) if number.isdigit() else None
    if len(entry) >= 2 and entry[0] in COLOUR_NAMES:
        colour = COLOUR_NAMES[entry[0]]
        if entry[1:] == "?":
            return WORDS.message("lay_hidden", colour=colour)
        if entry in TILE_COUNTS:
            return WORDS.message("lay", colour=colour, mm=length(entry))
    return None
