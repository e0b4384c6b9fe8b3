"""What everyone sees of a Kwinty wall: the game has no hidden information.

Fields beyond the shared ones (`State.base_observation`): `variant`, `width`, `height`,
`columns` (the frame's letters), `frame` (the first and last columns a piece may
still reach), `heights` per column, `pieces` in the order played (`player`, `move`,
`cells`), `pieces_left` per player, `to_move`, `last_move`, `lines_of_four` per
player and `win_cells` (the cells of a winning line of five, sorted).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablier.games.kwinty.geometry import HEIGHT, LETTERS, count_fours
from tablier.games.kwinty.notation import notation

if TYPE_CHECKING:
    from tablier.games.kwinty.state import KwintyState


def observe(state: KwintyState, player: int | None) -> dict[str, Any]:
    lo, hi = state.frame()
    geo = state.geo
    return {
        **state.base_observation(player),
        "variant": state.game.options["variant"],
        "width": state.width,
        "height": HEIGHT,
        "columns": list(LETTERS[: state.width]),
        "frame": [LETTERS[lo], LETTERS[hi]],
        "heights": list(state.heights),
        "pieces": [
            {
                "player": p,
                "move": notation(c, r, o),
                "cells": [
                    geo.cell_name(c, r),
                    geo.cell_name(c + 1, r) if o == "h" else geo.cell_name(c, r + 1),
                ],
            }
            for p, c, r, o in state.pieces
        ],
        "pieces_left": list(state.left),
        "to_move": state.to_move,
        "last_move": state.history[-1][1] if state.history else None,
        "lines_of_four": [count_fours(state.occ[p], geo) for p in (0, 1)],
        "win_cells": state.cell_names(state.win_cells),
    }
