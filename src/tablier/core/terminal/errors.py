"""Errors of the command line: one clear line on stderr and an exit code other than 0."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console

ERR = Console(stderr=True, highlight=False)


def fail(message: str, code: int = 2) -> NoReturn:
    # one line, never wrapped: a script reading stderr gets the whole message
    ERR.print(message, style="red", markup=False, soft_wrap=True)
    raise typer.Exit(code)
