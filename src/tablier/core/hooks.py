"""Where a game extends the platform: one typed declaration, one resolver.

A game's extensions (its own computer players, knowledge for the search, command-line
sub-commands, HTTP routes, research adapters) live in modules the platform must not
import until it needs them, so a game names them as "module:attribute" strings in
`hooks = Hooks(...)`. Every such string is imported by `resolve`, here and nowhere
else, so a typo fails the same way everywhere: naming the game, the hook and the cause.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from pkgutil import resolve_name
from typing import Any

# "package.module:attribute" (the attribute may be dotted: "module:Class.factory")
_WHERE = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")

# metadata of a field holding one "module:attr" string, or a mapping name -> string
ONE = {"hook": "one"}
MANY = {"hook": "many"}


class HookError(ImportError):
    """A declared hook that does not name something importable."""

    def __init__(self, game: str, hook: str, where: str, cause: BaseException) -> None:
        self.game, self.hook, self.where = game, hook, where
        whose = f"game {game!r}: " if game else ""
        super().__init__(f"{whose}hook {hook} = {where!r} cannot be resolved: {cause}")


@dataclass(frozen=True)
class Hooks:
    """A game's extensions, each optional; strings are "module:attribute"."""

    # the game's own computer players: name -> factory taking (game, seed)
    named_players: Mapping[str, str] = field(default_factory=dict, metadata=MANY)
    # the knowledge the search players use: a function (game) -> core.heuristics.Heuristics
    heuristics: str | None = field(default=None, metadata=ONE)
    # sub-commands added to `tablier`: name -> a Typer application
    cli_commands: Mapping[str, str] = field(default_factory=dict, metadata=MANY)
    # a FastAPI APIRouter the server mounts (the game's solo puzzles...)
    http_routes: str | None = field(default=None, metadata=ONE)
    # a factory (game) -> object with `actions` (an action table) and `tensors`
    # (observation tensors), see docs/research.md; None: no research frameworks
    research_interface: str | None = field(default=None, metadata=ONE)
    # the names research frameworks offer the game under, each with the options it
    # fixes, e.g. {"kwintie": {"variant": "kwintie"}}; empty: the game's id, nothing fixed
    research_variants: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # the game's own OpenSpiel game, where the generic turn-based one cannot hold it:
    # "module:NAME", the module registering it with pyspiel, NAME its short name
    openspiel_game: str | None = field(default=None, metadata=ONE)
    # the web client's files for this game, by kind ("board", "host", "puzzle",
    # "messages"): a path of Tablier's own web folder ("js/boards/kwinty-board.js") or
    # "package:folder/file" inside the game's own package (docs/web.md, web manifest)
    web_assets: Mapping[str, str] = field(default_factory=dict)

    def declared(self) -> Iterator[tuple[str, str]]:
        """Every "module:attribute" string declared, with its label: `named_players[easy]`."""
        for spec in fields(self):
            value = getattr(self, spec.name)
            if spec.metadata.get("hook") == "one" and value is not None:
                yield spec.name, value
            elif spec.metadata.get("hook") == "many":
                for name, where in value.items():
                    yield f"{spec.name}[{name}]", where

    def check_form(self, game: str) -> None:
        """TypeError for a declared string that cannot name anything (no import made)."""
        for hook, where in self.declared():
            if not isinstance(where, str) or not _WHERE.match(where):
                raise TypeError(
                    f"game {game!r}: hook {hook} must be 'module:attribute', not {where!r}"
                )


def resolve(where: str, *, game: str, hook: str) -> Any:
    """Import what a hook names; `HookError` (an ImportError) says which game and hook."""
    if not _WHERE.match(where):
        raise HookError(game, hook, where, ValueError("not of the form 'module:attribute'"))
    try:
        return resolve_name(where)
    except (ImportError, AttributeError, ValueError) as exc:
        raise HookError(game, hook, where, exc) from exc


def lookup(hooks: Hooks, hook: str, key: str | None = None) -> str | None:
    """The string a hook declares (`key` for a mapping hook), None when it declares none."""
    value = getattr(hooks, hook)
    if isinstance(value, Mapping):
        if key is None:
            raise ValueError(f"hook {hook} is a mapping: say which entry")
        found = value.get(key)
        return None if found is None else str(found)
    return None if value is None else str(value)
