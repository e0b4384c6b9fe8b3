"""Trio, a game for Tablier in a package of its own (see the pyproject's entry point)."""

from tablier_trio.game import TrioGame

GAME = TrioGame

__all__ = ["GAME", "TrioGame"]
