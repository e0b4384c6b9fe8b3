"""Finding the game knowledge the search players use, next to each game.

A game may ship a module `tablier.games.<id>.heuristics` with a function
`make_heuristics(game) -> Heuristics` (`core/heuristics.py`). Without one, the players
fall back on `Heuristics` itself, which knows nothing. Keeping the knowledge beside
the rules means the search code in this package never names a game.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from tablier.core.game import Game
from tablier.core.heuristics import Heuristics


def _module_for(game: Game) -> ModuleType | None:
    try:
        return importlib.import_module(f"tablier.games.{game.id}.heuristics")
    except ModuleNotFoundError as exc:
        # only a missing heuristics module means "no knowledge"; a broken one must show
        if exc.name in (f"tablier.games.{game.id}.heuristics", f"tablier.games.{game.id}"):
            return None
        raise


def heuristics_for(game: Game) -> Heuristics:
    """The game's own knowledge if it ships some, else the knowledge-free default."""
    module = _module_for(game)
    factory = getattr(module, "make_heuristics", None) if module is not None else None
    if factory is None:
        return Heuristics(game)
    made = factory(game)
    if not isinstance(made, Heuristics):
        raise TypeError(f"{game.id}: make_heuristics must return a Heuristics")
    return made


__all__ = ["Heuristics", "heuristics_for"]
