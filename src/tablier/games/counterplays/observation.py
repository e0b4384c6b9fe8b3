"""What everyone sees of a Counterplays stack: the game has no hidden information.

Fields beyond the shared ones: `tiles` (`owner`, `letter`, `cells` as [x, y], `level`) in
the order they were placed, `cells` (every covered triangle from above: `x`, `y`, `up`,
`height`, `top_owner`, `top_letter`), `tiles_left` per player, `level_counts` (per level
from 1, the tiles of each player whose top shows there) and `to_move`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablier.games.counterplays.geometry import cell_of
from tablier.games.counterplays.shapes import LETTERS

if TYPE_CHECKING:
    from tablier.games.counterplays.state import CounterplaysState


def observe(state: CounterplaysState, player: int | None) -> dict[str, Any]:
    cells = []
    for key in sorted(state.height):
        x, y = cell_of(key)
        owner, letter, _c, _l = state.tiles[state.top[key]]
        cells.append(
            {
                "x": x,
                "y": y,
                "up": (x + y) % 2 == 0,
                "height": state.height[key],
                "top_owner": owner,
                "top_letter": letter,
            }
        )
    return {
        **state.base_observation(player),
        "tiles": [
            {
                "owner": owner,
                "letter": letter,
                "cells": [list(cell_of(k)) for k in keys],
                "level": level,
            }
            for owner, letter, keys, level in state.tiles
        ],
        "cells": cells,
        "tiles_left": [[c for c in LETTERS if c in left] for left in state.left],
        "level_counts": state.level_counts(),
        "to_move": state.current_players()[0] if not state.is_terminal() else None,
    }
