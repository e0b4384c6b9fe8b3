"""A fixed action table: every move a game can ever offer, numbered once for all.

Research frameworks (OpenSpiel, PettingZoo) want each move to keep its number in
every position. A game lists its moves in a fixed order and the table numbers them;
the game's research interface (`Game.research_interface`, docs/research.md) hands
the table out as its `actions`. Living in core, a game installed as its own package
builds one without importing anything above core.
"""

from __future__ import annotations

from collections.abc import Iterable

from tablier.core.move import Move


class MoveTable:
    """Numbers 0..size-1 for `moves`, in their order; `game_name` is for errors."""

    def __init__(self, moves: Iterable[str], game_name: str) -> None:
        self.moves: tuple[Move, ...] = tuple(Move(m) for m in moves)
        self.index = {str(m): i for i, m in enumerate(self.moves)}
        if len(self.index) != len(self.moves):
            raise ValueError(f"{game_name}'s action table names a move twice")
        self.size = len(self.moves)
        self.game_name = game_name

    def encode(self, move: str) -> int:
        try:
            return self.index[str(move)]
        except KeyError:
            raise ValueError(f"{move!r} has no number in {self.game_name}'s action table") from None

    def decode(self, action: int) -> Move:
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is outside 0..{self.size - 1}")
        return self.moves[action]


__all__ = ["MoveTable"]
