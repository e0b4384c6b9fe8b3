"""A command group whose commands are listed from a table and imported when run.

`tablier --help` (and any one command) must not pay for the others: the web server,
the computer players, and above all the games, whose commands are declared as entry
points (group `tablier.commands`) so they can be listed from installed metadata.
A listed command is a stub carrying its help line; the real one is imported only when
the command line names it (`tablier deck check ...`, `tablier puzzle --help`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup


@dataclass(frozen=True)
class Lazy:
    """A command to import on use: `target` is "module:attr", a Typer app or a function."""

    target: str
    help: str

    def stub(self, name: str) -> TyperCommand:
        return TyperCommand(name=name, help=self.help)

    def load(self, name: str) -> Any:
        module, _, attr = self.target.partition(":")
        found = getattr(importlib.import_module(module), attr)
        if isinstance(found, typer.Typer):
            # as `add_typer` mounts it: a group even when it holds a single command
            group = typer.main.get_group(found)
            group.name = name
            return group
        alone = typer.Typer(add_completion=False)
        alone.command(name=name, help=self.help)(found)
        return typer.main.get_command(alone)


class LazyGroup(TyperGroup):
    """Commands mounted eagerly (if any) come first, then the table's, in its order."""

    # set by the app that uses this group: a function, so that the table (read from
    # metadata, in the help's language) is built when the command line runs
    table: Callable[[], Mapping[str, Lazy]] = staticmethod(dict)

    def list_commands(self, ctx: Any) -> list[str]:
        names = list(super().list_commands(ctx))
        return names + [name for name in self.table() if name not in names]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        found = super().get_command(ctx, cmd_name)
        lazy = self.table().get(cmd_name)
        if found is None and lazy is not None:
            return lazy.stub(cmd_name)
        return found

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        # the command about to run (or show its help) is the only one imported
        lazy = self.table().get(args[0]) if args else None
        if lazy is not None and args[0] not in self.commands:
            self.add_command(lazy.load(args[0]), args[0])
        elif args and args[0] not in self.commands:
            # a name no command has: Typer refuses it, suggesting close names among the
            # commands it holds, so it is shown the listed ones (nothing runs a stub)
            for name, entry in self.table().items():
                self.commands.setdefault(name, entry.stub(name))
        return super().resolve_command(ctx, args)
