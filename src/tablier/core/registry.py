"""Finding games: every package under `tablier.games` is one, named by its id.

A game package's `__init__.py` exports `GAME`, its `Game` subclass, whose `id` is the
package's name. Packages are imported only when their game is asked for, so one game
never slows down or breaks the loading of another.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import tablier.games
from tablier.core.game import Game


@cache
def _package_names() -> tuple[str, ...]:
    return tuple(
        sorted(info.name for info in pkgutil.iter_modules(tablier.games.__path__) if info.ispkg)
    )


def game_ids() -> list[str]:
    """The ids of every registered game, sorted."""
    return list(_package_names())


@cache
def game_class(game_id: str) -> type[Game]:
    if game_id not in game_ids():
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(game_ids())}")
    module = importlib.import_module(f"tablier.games.{game_id}")
    game_cls: type[Game] | None = getattr(module, "GAME", None)
    if game_cls is None or game_cls.id != game_id:
        raise RuntimeError(f"tablier.games.{game_id} must export GAME with id {game_id!r}")
    return game_cls


def load(game_id: str, **options: Any) -> Game:
    """The game `game_id` with `options` (unknown names or bad values: ValueError)."""
    return game_class(game_id)(**options)
