"""Kwintie / Kwinty by Fred Horn: five in a line in a vertical wall of 1×2 pieces."""

from tablier.games.kwinty.game import KwintyGame

GAME = KwintyGame

__all__ = ["GAME", "KwintyGame"]
