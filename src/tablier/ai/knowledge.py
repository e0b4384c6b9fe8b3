"""Finding the game knowledge the search players use, next to each game.

A game may ship, in the package that holds its `Game` class, a module `heuristics`
with a function `make_heuristics(game) -> Heuristics` (`core/heuristics.py`): Kwinty's
is `tablier.games.kwinty.heuristics`, a game installed as its own package has it in
that package. Without one, the players fall back on `Heuristics` itself, which knows
nothing. Keeping the knowledge beside the rules means the search code in this package
never names a game, nor where games live.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

from tablier.core.game import Game
from tablier.core.heuristics import Heuristics


def _package_of(game: Game) -> str:
    module = sys.modules[type(game).__module__]
    # the class may live in the package's __init__ itself
    return module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]


def _module_for(game: Game) -> ModuleType | None:
    package = _package_of(game)
    if not package:  # a game in a lone module: nothing beside it to look for
        return None
    wanted = f"{package}.heuristics"
    try:
        return importlib.import_module(wanted)
    except ModuleNotFoundError as exc:
        # only a missing heuristics module means "no knowledge"; a broken one must show
        if exc.name in (wanted, package):
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
