"""Finding games: every installed distribution may declare some, by entry point.

A game is declared in the entry-point group `tablier.games` of its distribution's
metadata (`[project.entry-points."tablier.games"]` in its pyproject.toml): the name is
the game's id, the value either its `Game` subclass ("package:GAME") or a package that
exports one as `GAME`. Tablier declares its five games the same way, so a game living
in its own pip package is found exactly as they are.

Listing ids reads metadata only: no game module is imported. A game's module is
imported when that game is asked for, so one game never slows down or breaks the
loading of another.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import Any

from tablier.core.game import Game

GROUP = "tablier.games"


@cache
def _declared() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        # one distribution may be seen twice on the path (an editable install and
        # its build): the same declaration is one game, two different ones are a fault
        # that must not be settled silently by whichever comes first
        earlier = found.get(point.name)
        if earlier is not None and earlier.value != point.value:
            raise RuntimeError(
                f"game id {point.name!r} is declared twice: {earlier.value!r} and "
                f"{point.value!r} (entry-point group {GROUP!r})"
            )
        found[point.name] = point
    return found


def game_ids() -> list[str]:
    """The ids of every installed game, sorted (read from metadata, nothing imported)."""
    return sorted(_declared())


def game_module(game_id: str) -> str:
    """The name of the module (or package) that declares `game_id`, without importing it."""
    return _entry_point(game_id).module


def _entry_point(game_id: str) -> EntryPoint:
    point = _declared().get(game_id)
    if point is None:
        known = ", ".join(game_ids()) or "none (is tablier installed? pip install -e .)"
        raise ValueError(f"unknown game {game_id!r}; known games: {known}")
    return point


@cache
def game_class(game_id: str) -> type[Game]:
    point = _entry_point(game_id)
    loaded: Any = point.load()
    if isinstance(loaded, ModuleType):
        loaded = getattr(loaded, "GAME", None)
    if not (isinstance(loaded, type) and issubclass(loaded, Game)) or loaded.id != game_id:
        raise RuntimeError(
            f"{point.value} (entry point {game_id!r} of group {GROUP!r}) must be a Game "
            f"subclass, or a package exporting one as GAME, with id {game_id!r}"
        )
    return loaded


def load(game_id: str, **options: Any) -> Game:
    """The game `game_id` with `options` (unknown names or bad values: ValueError)."""
    return game_class(game_id)(**options)


__all__ = ["GROUP", "game_class", "game_ids", "game_module", "load"]
