"""Counterplays: two players stack the twelve hexiamonds on a triangular grid."""

from tablier.games.counterplays.game import Counterplays

GAME = Counterplays

__all__ = ["GAME", "Counterplays"]
