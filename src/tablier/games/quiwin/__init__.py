"""Qui'win: a two-player duel of tile lengths played simultaneously over three paliers."""

from tablier.games.quiwin.game import QuiwinGame

GAME = QuiwinGame

__all__ = ["GAME", "QuiwinGame"]
