"""Qui'win's fixed action table, for research frameworks (see docs/research.md).

15 actions, the same in every position: 0–7 lay a tile of that code (`V22`, `R23`,
`R24`, `R25`, `J23`, `B24`, `O23`, `O25`: the order of `TILE_COUNTS`), 8 `pass`,
9 `change`, 10 `transfer`, 11–14 `swap 1` … `swap 4`. The reduced game (option
`reduced`) keeps the same numbers; its paliers of one step only ever offer `swap 1`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.core.actions import MoveTable
from tablier.games.quiwin.tiles import TILE_COUNTS
from tablier.games.quiwin.verdict import PALIER_SIZES

if TYPE_CHECKING:
    from tablier.core.game import Game

CODES: tuple[str, ...] = tuple(TILE_COUNTS)
WINDOW_MOVES = ("pass", "change", "transfer")
SWAPS = tuple(f"swap {n}" for n in range(1, max(PALIER_SIZES) + 1))


class QuiwinActions(MoveTable):
    def __init__(self) -> None:
        super().__init__((*CODES, *WINDOW_MOVES, *SWAPS), "Qui'win")


class QuiwinResearch:
    """Qui'win's research interface: the action table and the observation tensors."""

    def __init__(self, game: Game) -> None:
        from tablier.games.quiwin.rules import rules_of
        from tablier.games.quiwin.tensors import QuiwinTensors

        self.actions = QuiwinActions()
        self.tensors = QuiwinTensors(rules_of(game.options))


def interface(game: Game) -> QuiwinResearch:
    return QuiwinResearch(game)
