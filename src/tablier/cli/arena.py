"""`tablier arena`: a match between computer players, with intervals and move times."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from tablier.ai.arena import (
    BUDGET_TOLERANCE,
    GameResult,
    MatchSpec,
    PlayerSummary,
    run_match,
    save_results,
    summarize,
)
from tablier.ai.players import player_names
from tablier.core.registry import game_class


def parse_match(game: str, players: str, games: int, options: list[str], seed: int) -> MatchSpec:
    """Check the command-line pieces and build the match (ValueError says what is wrong)."""
    cls = game_class(game)
    parsed = {}
    for item in options:
        if "=" not in item:
            raise ValueError(f"an option is written key=value, not {item!r}")
        key, value = item.split("=", 1)
        parsed[key.strip()] = cls.parse_option(key.strip(), value)
    game_obj = cls(**parsed)  # validates the combination
    names = tuple(n.strip() for n in players.split(",") if n.strip())
    known = player_names()
    usable = player_names(game_obj)
    for name in names:
        if name not in known:
            raise ValueError(f"unknown player {name!r}; known players: {', '.join(known)}")
        if name not in usable:
            raise ValueError(f"{name!r} cannot play {game}; players for it: {', '.join(usable)}")
    if not cls.min_players <= len(names) <= cls.max_players:
        raise ValueError(
            f"{game} is played by {cls.min_players} to {cls.max_players} players; "
            f"{len(names)} were named"
        )
    if games < 1:
        raise ValueError("the match needs at least one game")
    return MatchSpec(game=game, players=names, games=games, options=parsed, seed=seed)


def _pct(low: float, high: float) -> str:
    return f"[{100 * low:.0f}–{100 * high:.0f}]"


def _elo(value: float) -> str:
    if math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    return f"{value:+.0f}"


def _share(count: int, games: int, interval: tuple[float, float]) -> str:
    return f"{count} {100 * count / max(games, 1):.0f}% {_pct(*interval)}"


def results_table(spec: MatchSpec, summaries: list[PlayerSummary]) -> Table:
    table = Table(title=f"{spec.game}: {spec.games} games, seats alternated (95% Wilson)")
    table.add_column("player")
    for column in ("wins", "draws", "losses", "score", "Elo diff"):
        table.add_column(column, justify="right")
    for s in summaries:
        table.add_row(
            s.name,
            _share(s.wins, s.games, s.win_interval),
            _share(s.draws, s.games, s.draw_interval),
            _share(s.losses, s.games, s.loss_interval),
            f"{100 * s.score:.1f}%",
            f"{_elo(s.elo[0])} [{_elo(s.elo[1])}, {_elo(s.elo[2])}]",
        )
    return table


def timing_table(summaries: list[PlayerSummary]) -> Table:
    table = Table(title="time per move")
    table.add_column("player")
    for column in ("moves", "mean", "max", "budget", f"> budget+{BUDGET_TOLERANCE:.0%}"):
        table.add_column(column, justify="right")
    table.add_column("illegal", justify="right")
    for s in summaries:
        table.add_row(
            s.name,
            str(s.moves),
            f"{s.mean_time:.3f} s",
            f"{s.max_time:.3f} s",
            f"{s.budget:g} s" if s.budget is not None else "none",
            str(s.over_budget),
            str(s.illegal),
        )
    return table


def arena(
    game: Annotated[str, typer.Argument(help="le jeu / the game (tablier games)")],
    players: Annotated[
        str, typer.Option("--players", "-p", help="Player names, comma-separated.")
    ] = "hard,greedy",
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 200,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value.")
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Games played at once.")] = 1,
    save: Annotated[
        Path | None, typer.Option("--save", help="Directory for the game records.")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole match.")] = 0,
) -> None:
    """Play computer players against each other and report results with intervals."""
    console = Console()
    try:
        spec = parse_match(game, players, games, option or [], seed)
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
    tally = [0, 0, 0]

    progress = Progress(
        SpinnerColumn(),
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[tally]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
    )
    first = spec.players[0]
    with progress:
        task = progress.add_task(
            f"{' vs '.join(spec.players)}", total=spec.games, tally=f"{first}: 0-0-0"
        )

        def on_result(result: GameResult) -> None:
            score = result.score_of(0)
            tally[0 if score == 1.0 else 1 if score == 0.5 else 2] += 1
            progress.update(
                task, advance=1, tally=f"{first}: {tally[0]}-{tally[1]}-{tally[2]} (W-D-L)"
            )
            if result.illegal:
                progress.console.print(
                    f"[red]illegal move in game {result.index}: {result.illegal}[/red]"
                )

        results = run_match(spec, jobs=jobs, on_result=on_result)
    results.sort(key=lambda r: r.index)
    summaries = summarize(spec, results)
    console.print(results_table(spec, summaries))
    console.print(timing_table(summaries))
    if save is not None:
        paths = save_results(results, save, spec.game)
        console.print(f"{len(paths)} records saved in {save}")
