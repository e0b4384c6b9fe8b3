"""A setting chosen by an option of the running command (`--lang`, `--quiet`).

Typer brings its own copy of click, with no public way to reach the running context
from deep inside a command (a play session, a progress bar), so the value is kept
here, together with the root context of the run that chose it: a new run (tests invoke
the app many times in one process) starts from the default again, while an option given
before the sub-command (`tablier --lang en play`) still holds after it.
"""

from __future__ import annotations

from typing import Generic, TypeVar

import typer

T = TypeVar("T")


class PerRun(Generic[T]):
    def __init__(self) -> None:
        self._root: object = None
        self._value: T | None = None

    def update(self, ctx: typer.Context, value: T | None) -> None:
        """Called by the option's callback for every command of a run, given or not."""
        root = ctx.find_root()
        if root is not self._root:
            self._root, self._value = root, None
        if value is not None:
            self._value = value

    def get(self) -> T | None:
        return self._value
