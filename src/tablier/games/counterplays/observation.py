"""What everyone sees of a Counterplays stack: the game has no hidden information.

Fields beyond the shared ones (`State.base_observation`):
- `tiles`: every tile in the order placed (`owner`, `letter`, `cells` as `[x, y]`, `level`);
- `cells`: every covered triangle seen from above (`x`, `y`, `up`, `height`, and its top
  tile: `top` (index into `tiles`), `top_owner`, `top_letter`);
- `tiles_left` per player, `level_counts` (`[white, black]` per level from level 1),
  `top_level` (the highest level reached, 0 on an empty table), `to_move`, `last_move`;
- `reach`: for the player to move, the level each of his tiles must be placed at
  (rule d: the highest that tile can reach), so a board can say why a tile climbs.
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
        index = state.top[key]
        owner, letter, _c, _l = state.tiles[index]
        cells.append(
            {
                "x": x,
                "y": y,
                "up": (x + y) % 2 == 0,
                "height": state.height[key],
                "top": index,
                "top_owner": owner,
                "top_letter": letter,
            }
        )
    to_move = None if state.is_terminal() else state.current_players()[0]
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
        "top_level": max(state.height.values(), default=0),
        "to_move": to_move,
        "last_move": state.history[-1][1] if state.history else None,
        "reach": reach(state, to_move),
    }


def reach(state: CounterplaysState, player: int | None) -> dict[str, int]:
    """The level each tile of `player` must go to, read from his legal moves."""
    if player is None:
        return {}
    found: dict[str, int] = {}
    for move in state.legal_moves(player):
        letter = move[0]
        if letter not in found:
            x, _, rest = move[2:].partition(",")
            y = rest.partition(";")[0]
            found[letter] = state.height_at(int(x), int(y)) + 1
    return found
