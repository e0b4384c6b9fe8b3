"""Kwinty's fixed action table, for research frameworks (see docs/research.md).

Every placement that can ever be legal has one number, the same in every position:
lying pieces (`h`) row by row then column by column, then standing pieces (`v`),
then `pass`. Kwinty's frame is 17 columns (a–q), so 16×9 lying + 17×8 standing + 1
= 281 actions; Kwintie's board is 9 columns, 8×9 + 9×8 + 1 = 145. A standing piece's
lower cell is never on row 9 and a lying piece never starts in the last column, so
those never get a number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.core.actions import MoveTable
from tablier.games.kwinty.geometry import HEIGHT
from tablier.games.kwinty.notation import PASS, notation

if TYPE_CHECKING:
    from tablier.core.game import Game

KWINTY_WIDTH = 17
KWINTIE_WIDTH = 9


def board_width(game: Game) -> int:
    return KWINTIE_WIDTH if game.options["variant"] == "kwintie" else KWINTY_WIDTH


class KwintyActions(MoveTable):
    """Numbers for every placement of a `width`-column wall, and `pass` last."""

    def __init__(self, width: int) -> None:
        moves = [notation(c, r, "h") for r in range(1, HEIGHT + 1) for c in range(width - 1)]
        moves += [notation(c, r, "v") for r in range(1, HEIGHT) for c in range(width)]
        moves.append(PASS)
        super().__init__(moves, "Kwinty")
        self.width = width


class KwintyResearch:
    """Kwinty's research interface: the action table and the observation tensors."""

    def __init__(self, game: Game) -> None:
        from tablier.games.kwinty.tensors import KwintyTensors

        width = board_width(game)
        self.actions = KwintyActions(width)
        self.tensors = KwintyTensors(width)


def interface(game: Game) -> KwintyResearch:
    return KwintyResearch(game)
