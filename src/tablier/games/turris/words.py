"""Turris' moves in words, in French and English (the move list, captions, hints).

A standing piece fills two levels of one column; a lying one fills one level of two
neighbouring columns. Removals say which piece leaves and from which level.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.core.messages import Catalogue, Message
from tablier.games.turris.geometry import CELLS, CENTRE
from tablier.games.turris.notation import parse
from tablier.games.turris.observation import PLACE

if TYPE_CHECKING:
    from tablier.games.turris.state import TurrisState

WORDS = Catalogue(
    "turris.words",
    {
        "upright": {
            "fr": "pose une pièce debout en {cell}, niveaux {level} et {top}",
            "en": "stands a piece upright on {cell}, levels {level} and {top}",
        },
        "flat": {
            "fr": "pose une pièce couchée en {first}–{second}, au niveau {level}",
            "en": "lays a piece flat on {first}–{second}, at level {level}",
        },
        "bonus": {
            "fr": "{placed} : le centre lui donne un bonus",
            "en": "{placed}: the centre earns a bonus",
        },
        "remove_upright": {
            "fr": "retire la pièce debout en {cell} du niveau {level}",
            "en": "removes the standing piece on {cell} from level {level}",
        },
        "remove_flat": {
            "fr": "retire la pièce couchée {first}–{second} du niveau {level}",
            "en": "removes the lying piece {first}–{second} from level {level}",
        },
        "skip": {"fr": "renonce à son bonus", "en": "gives up the bonus"},
        "pass": {
            "fr": "passe : aucune de ses pièces ne peut se poser",
            "en": "passes: none of their pieces can be placed",
        },
    },
)


def describe(state: TurrisState, move: str) -> Message | None:
    """`move` as played from `state` (the position before it)."""
    kind, cells, level = parse(move)
    if kind in ("skip", "pass"):
        return WORDS.message(kind)
    if kind == "V":
        z = state.heights[cells[0]] + 1
        placed = WORDS.message("upright", cell=CELLS[cells[0]], level=z, top=z + 1)
    elif kind == "H":
        z = state.heights[cells[0]] + 1
        placed = WORDS.message("flat", first=CELLS[cells[0]], second=CELLS[cells[1]], level=z)
    elif kind == "x":
        piece_id = state.piece_at(cells[0], level)
        piece = state.pieces[piece_id] if piece_id >= 0 else None
        if piece is None:
            return None
        _owner, vertical, where, z = piece
        if vertical:
            return WORDS.message("remove_upright", cell=CELLS[where[0]], level=z)
        return WORDS.message("remove_flat", first=CELLS[where[0]], second=CELLS[where[1]], level=z)
    else:
        return None
    if CENTRE in cells and (state.phase == PLACE or state.bonus_chain):
        return WORDS.message("bonus", placed=placed)
    return placed
