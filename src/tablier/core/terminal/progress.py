"""Progress bars for long work, on stderr so that stdout keeps only the results.

A bar is drawn only on a terminal and without `--quiet`: piped into a file or a
script, the output stays clean. Work whose length is unknown (a search with no
budget) gets a pulsing bar with the time spent.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from tablier.core.terminal.errors import ERR
from tablier.core.terminal.invocation import PerRun

_QUIET: PerRun[bool] = PerRun()


def set_quiet(ctx: typer.Context, quiet: bool) -> None:
    _QUIET.update(ctx, True if quiet else None)


def quiet() -> bool:
    return bool(_QUIET.get())


def progress_bar(*extra: ProgressColumn | str) -> Progress:
    """A bar counting done/total, with the time spent and left, then `extra` columns."""
    return Progress(
        SpinnerColumn(),
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        *extra,
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=ERR,
        transient=True,
        disable=quiet() or not ERR.is_terminal,
    )


@contextmanager
def working(description: str) -> Iterator[None]:
    """A pulsing bar while a search of unknown length runs."""
    bar = Progress(
        SpinnerColumn(),
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        console=ERR,
        transient=True,
        disable=quiet() or not ERR.is_terminal,
    )
    with bar:
        bar.add_task(description, total=None)
        yield
