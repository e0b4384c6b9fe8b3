"""What everyone sees of a Turris tower: the game has no hidden information.

Fields beyond the shared ones: `to_move`, `phase` ("place", "bonus", "over"), `supply`
per player, `heights` and `columns` (owners bottom first) per cell, `pieces` (`id`,
`owner`, `kind` V/H, `cells`, `level`, `cubes`), `lowest_incomplete_level`,
`last_placed` per player (notation), `forbidden` per player (cube positions freed by a
removal that his next placement may not fill), `passes_in_a_row`, `views` (the four
faces and the roof: `cells` of owners, `depth`, `points`, `regions`) and `totals`;
`bonus_pieces` (ids of the pieces placed as a centre bonus) and, while a bonus is being
chosen, `removal`: the opponent's pieces that may be removed (`id`, `move`) and those
that may not, each with why (`id`, `reason` in French and English).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablier.games.turris.geometry import CELLS
from tablier.games.turris.notation import X_MOVES
from tablier.games.turris.refusals import refusal
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
        "bonus_pieces": sorted(state.bonus_placed),
        "removal": removal_choices(state) if state.phase == BONUS else None,
    }


def removal_choices(state: TurrisState) -> dict[str, list[dict[str, Any]]]:
    """During a bonus: which of the opponent's pieces may be removed, and why not the others."""
    player = state.to_move
    legal = {str(m) for m in state.legal_moves(player)}
    removable: list[dict[str, Any]] = []
    blocked: list[dict[str, Any]] = []
    for piece_id, piece in enumerate(state.pieces):
        if piece is None or piece[0] == player:
            continue
        cell, level = piece[2][0], piece[3]
        move = str(X_MOVES[cell][level])
        if move in legal:
            removable.append({"id": piece_id, "move": move})
        else:
            why = refusal(state, player, ("x", (cell,), level))
            reason = why.texts() if why is not None else None
            blocked.append({"id": piece_id, "reason": reason})
    return {"removable": removable, "blocked": blocked}
