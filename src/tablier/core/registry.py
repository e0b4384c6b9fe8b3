"""Finding games: every package under `tablier.games` that exports `GAME` is one."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import tablier.games
from tablier.core.game import Game


@cache
def _games() -> dict[str, type[Game]]:
    found: dict[str, type[Game]] = {}
    for info in pkgutil.iter_modules(tablier.games.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"tablier.games.{info.name}")
        game_cls = getattr(module, "GAME", None)
        if game_cls is not None:
            found[game_cls.id] = game_cls
    return dict(sorted(found.items()))


def game_ids() -> list[str]:
    """The ids of every registered game, sorted."""
    return list(_games())


def game_class(game_id: str) -> type[Game]:
    games = _games()
    if game_id not in games:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(games)}")
    return games[game_id]


def load(game_id: str, **options: Any) -> Game:
    """The game `game_id` with `options` (unknown names or bad values: ValueError)."""
    return game_class(game_id)(**options)
