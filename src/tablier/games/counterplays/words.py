"""Counterplays' moves in words, in French and English (the move list, captions, hints)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.core.errors import IllegalMove
from tablier.core.messages import Catalogue, Message
from tablier.games.counterplays.notation import parse

if TYPE_CHECKING:
    from tablier.games.counterplays.state import CounterplaysState

WORDS = Catalogue(
    "counterplays.words",
    {
        "table": {
            "fr": "pose le {letter} sur la table (niveau 1)",
            "en": "places the {letter} on the table (level 1)",
        },
        "stacked": {
            "fr": "pose le {letter} au niveau {level}, à cheval sur {under} tuiles",
            "en": "places the {letter} on level {level}, across {under} tiles",
        },
    },
)


def describe(state: CounterplaysState, move: str) -> Message | None:
    """`move` as played from `state` (the position before it): the tile and its level."""
    try:
        letter, keys = parse(move)
    except IllegalMove:
        return None
    heights = {state.height.get(k, 0) for k in keys}
    level = max(heights) + 1
    if level == 1:
        return WORDS.message("table", letter=letter)
    under = len({state.top[k] for k in keys if k in state.top})
    return WORDS.message("stacked", letter=letter, level=level, under=under)
