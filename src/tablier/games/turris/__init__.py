"""Turris: two players build a 3×3 tower of 1×1×2 pieces, scored on its faces and roof."""

from tablier.games.turris.game import TurrisGame

GAME = TurrisGame

__all__ = ["GAME", "TurrisGame"]
