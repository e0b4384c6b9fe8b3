"""`tablier puzzle ...`: the Counterplays solo puzzles, solved and drawn as text."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tablier.core.records import save_record
from tablier.games.counterplays.puzzles import level6, reports

puzzle_app = typer.Typer(
    help="Counterplays solo puzzles: level 6, surround a tile, triangle and rhombus.",
    no_args_is_help=True,
    add_completion=False,
)


def _fail(message: str) -> None:
    typer.echo(message, err=True)
    raise typer.Exit(2)


@puzzle_app.command("triangle")
def triangle(
    side: Annotated[
        int | None, typer.Option("--side", help="also try this side (default: 8 and 9)")
    ] = None,
) -> None:
    """Can the 12 white tiles form an equilateral triangle? (No: n² is never 72.)"""
    if side is not None and side < 1:
        _fail("a triangle's side is at least 1")
    typer.echo(reports.triangle_report(side))


@puzzle_app.command("rhombus")
def rhombus(
    side: Annotated[int, typer.Option("--side", help="side of the rhombus")] = 6,
    budget: Annotated[
        int | None, typer.Option("--budget", help="stop after this many search nodes")
    ] = None,
    count: Annotated[
        bool, typer.Option("--count", help="count every tiling (side 6: minutes)")
    ] = False,
) -> None:
    """Arrange the 12 white tiles into a rhombus (side 6: 72 triangles)."""
    if side < 1:
        _fail("a rhombus's side is at least 1")
    if count:
        typer.echo(reports.region_report("rhombus", [side], budget, count=True))
    else:
        typer.echo(reports.rhombus_report(side, budget))


@puzzle_app.command("tile")
def tile(
    shape: Annotated[str, typer.Argument(help="triangle, rhombus, parallelogram or hexagon")],
    sizes: Annotated[
        list[int],
        typer.Argument(help="triangle N | rhombus N | parallelogram W H | hexagon A B C"),
    ],
    budget: Annotated[
        int | None, typer.Option("--budget", help="stop after this many search nodes")
    ] = None,
    count: Annotated[bool, typer.Option("--count", help="count every tiling")] = False,
) -> None:
    """Tile another region with the 12 white tiles, e.g. `parallelogram 4 9`, `hexagon 2 3 6`."""
    try:
        text = reports.region_report(shape, sizes, budget, count)
    except ValueError as exc:
        _fail(str(exc))
        return
    typer.echo(text)


@puzzle_app.command("surround")
def surround(
    letter: Annotated[
        str | None, typer.Option("--tile", help="the black tile (default: all, best shown)")
    ] = None,
    budget: Annotated[
        int | None, typer.Option("--budget", help="search nodes for the follow-up")
    ] = None,
) -> None:
    """Surround a black tile with the fewest white tiles, then the whites with blacks."""
    try:
        text = reports.surround_report(letter, budget)
    except ValueError as exc:
        _fail(str(exc))
        return
    typer.echo(text)


@puzzle_app.command("level6")
def level6_cmd(
    target: Annotated[int, typer.Option("--target", help="the level to reach")] = level6.TARGET,
    width: Annotated[int, typer.Option("--width", help="beam width")] = level6.WIDTH,
    seed: Annotated[int, typer.Option("--seed", help="seed of the tie-breaking noise")] = 0,
    budget: Annotated[
        int, typer.Option("--budget", help="candidate moves to score at most")
    ] = level6.BUDGET,
    save: Annotated[
        Path | None, typer.Option("--save", help="save the line as a record file")
    ] = None,
) -> None:
    """Search for a legal game in which a tile reaches level 6."""
    if width < 1 or budget < 1:
        _fail("the width and the budget are at least 1")
    result = level6.search(target=target, width=width, seed=seed, budget=budget)
    typer.echo(reports.level6_report(result))
    if save is not None:
        path = save_record(result.record, save)
        typer.echo(f"Record saved to {path} (replay it with `tablier replay {path}`).")
