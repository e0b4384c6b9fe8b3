"""Turris's fixed action table, for research frameworks (see docs/research.md).

Every move that can ever be legal has one number, the same in every position:
0–8 the verticals `Va1`…`Vc3`, 9–20 the twelve horizontals (in `PAIRS` order),
then the bonus removals `x<cell>@<level>` cell by cell for levels 1–14 (a removal is
named by the piece's first cell and lowest level, as `legal_moves` writes it), then
`skip` and `pass`: 9 + 12 + 9×14 + 2 = 149 actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.core.actions import MoveTable
from tablier.games.turris.geometry import GRID_LEVELS
from tablier.games.turris.notation import H_MOVES, PASS, SKIP, V_MOVES, X_MOVES

if TYPE_CHECKING:
    from tablier.core.game import Game


class TurrisActions(MoveTable):
    def __init__(self) -> None:
        removals = [X_MOVES[c][z] for c in range(9) for z in range(1, GRID_LEVELS)]
        super().__init__((*V_MOVES, *H_MOVES, *removals, SKIP, PASS), "Turris")


class TurrisResearch:
    """Turris's research interface: the action table and the observation tensors."""

    def __init__(self, game: Game) -> None:
        from tablier.games.turris.tensors import TurrisTensors

        self.actions = TurrisActions()
        self.tensors = TurrisTensors()


def interface(game: Game) -> TurrisResearch:
    return TurrisResearch(game)
