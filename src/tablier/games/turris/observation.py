"""What everyone sees of a Turris tower: the game has no hidden information.

Fields beyond the shared ones: `to_move`, `phase` ("place", "bonus", "over"), `supply`
per player, `heights` and `columns` (owners bottom first) per cell, `pieces` (`id`,
`owner`, `kind` V/H, `cells`, `level`, `cubes`), `lowest_incomplete_level`,
`last_placed` per player (notation), `forbidden` per player (cube positions freed by a
removal that his next placement may not fill), `passes_in_a_row`, `views` (the four
faces and the roof: `cells` of owners, `depth`, `points`, `regions`) and `totals`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablier.games.turris.geometry import CELLS
from tablier.games.turris.views import totals

if TYPE_CHECKING:
    from tablier.games.turris.state import TurrisState

# the phases of a turn: placing a piece, choosing a centre bonus, the game over
PLACE, BONUS, OVER = 0, 1, 2
PHASE_NAMES = ("place", "bonus", "over")


def observe(state: TurrisState, player: int | None) -> dict[str, Any]:
    views = state.views()
    return {
        **state.base_observation(player),
        "to_move": None if state.phase == OVER else state.to_move,
        "phase": PHASE_NAMES[state.phase],
        "supply": list(state.supply),
        "heights": {CELLS[c]: state.heights[c] for c in range(9)},
        "columns": {CELLS[c]: state.column_owners(c) for c in range(9)},
        "pieces": [state.piece_json(i) for i, p in enumerate(state.pieces) if p is not None],
        "lowest_incomplete_level": state.lowest_incomplete(),
        "last_placed": [state.piece_name(state.last_placed[p]) for p in (0, 1)],
        "forbidden": [[[CELLS[c], z] for c, z in sorted(state.forbidden[p])] for p in (0, 1)],
        "passes_in_a_row": state.passes,
        "views": {name: view.to_json() for name, view in views.items()},
        "totals": totals(views),
    }
