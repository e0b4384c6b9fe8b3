"""`tablier arena`: a match between computer players, with intervals and move times."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import TextColumn
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
from tablier.cli.checks import check_player, check_players_count, load_game
from tablier.cli.texts import decimal, helptext, percent, say
from tablier.core.terminal.errors import ERR, fail
from tablier.core.terminal.options import LangOption, QuietOption
from tablier.core.terminal.progress import progress_bar

console = Console(highlight=False)


def parse_match(game: str, players: str, games: int, options: list[str], seed: int) -> MatchSpec:
    """Check the command-line pieces and build the match (one line and exit if wrong)."""
    game_obj = load_game(game, options)
    names = tuple(n.strip() for n in players.split(",") if n.strip())
    for name in dict.fromkeys(names):
        check_player(name, game_obj)
    if not game_obj.min_players <= len(names) <= game_obj.max_players:
        check_players_count(game_obj, len(names))
    if games < 1:
        fail(say("at_least_one", option="--games", value=games))
    return MatchSpec(game=game, players=names, games=games, options=game_obj.options, seed=seed)


def _pct(low: float, high: float) -> str:
    return f"[{100 * low:.0f}–{100 * high:.0f}]"


def _seconds(value: float, digits: int = 3) -> str:
    return say("seconds", value=decimal(value, digits))


def _elo(value: float) -> str:
    if math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    return f"{value:+.0f}"


def _share(count: int, games: int, interval: tuple[float, float]) -> str:
    return f"{count} {percent(count / max(games, 1))} {_pct(*interval)}"


def results_table(spec: MatchSpec, summaries: list[PlayerSummary]) -> Table:
    table = Table(title=say("arena.title", game=spec.game, n=spec.games))
    table.add_column(say("arena.player"))
    for column in ("wins", "draws", "losses", "score", "elo"):
        table.add_column(say(f"arena.{column}"), justify="right")
    for s in summaries:
        table.add_row(
            s.name,
            _share(s.wins, s.games, s.win_interval),
            _share(s.draws, s.games, s.draw_interval),
            _share(s.losses, s.games, s.loss_interval),
            percent(s.score, 1),
            f"{_elo(s.elo[0])} [{_elo(s.elo[1])}, {_elo(s.elo[2])}]",
        )
    return table


def timing_table(summaries: list[PlayerSummary]) -> Table:
    table = Table(title=say("arena.time"))
    table.add_column(say("arena.player"))
    for column in ("moves", "mean", "max", "budget"):
        table.add_column(say(f"arena.{column}"), justify="right")
    table.add_column(say("arena.over", pct=percent(BUDGET_TOLERANCE)), justify="right")
    table.add_column(say("arena.illegal"), justify="right")
    for s in summaries:
        table.add_row(
            s.name,
            str(s.moves),
            _seconds(s.mean_time),
            _seconds(s.max_time),
            say("arena.no_budget") if s.budget is None else _seconds(s.budget, 2),
            str(s.over_budget),
            str(s.illegal),
        )
    return table


def arena(
    game: Annotated[str, typer.Argument(help=helptext("help.game"), show_default=False)],
    players: Annotated[
        str, typer.Option("--players", "-p", help=helptext("help.arena_players"))
    ] = "hard,greedy",
    games: Annotated[int, typer.Option("--games", "-n", help=helptext("help.arena_games"))] = 200,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help=helptext("help.option"), show_default=False),
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help=helptext("help.jobs"))] = 1,
    save: Annotated[
        Path | None, typer.Option("--save", help=helptext("help.records_dir"), show_default=False)
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help=helptext("help.match_seed"))] = 0,
    lang: LangOption = None,
    quiet: QuietOption = False,
) -> None:
    """Play computers against each other (help text: `help.arena` in texts.py)."""
    if jobs < 1:
        fail(say("at_least_one", option="--jobs", value=jobs))
    spec = parse_match(game, players, games, option or [], seed)
    tally = [0, 0, 0]
    first = spec.players[0]

    def tally_text() -> str:
        return say("arena.tally", name=first, w=tally[0], d=tally[1], l=tally[2])

    with progress_bar(TextColumn("{task.fields[tally]}")) as bar:
        task = bar.add_task(" vs ".join(spec.players), total=spec.games, tally=tally_text())

        def on_result(result: GameResult) -> None:
            score = result.score_of(0)
            tally[0 if score == 1.0 else 1 if score == 0.5 else 2] += 1
            bar.update(task, advance=1, tally=tally_text())
            if result.illegal:
                # a fault of a computer player: said even without the bar
                ERR.print(
                    say("arena.illegal_in", index=result.index, why=result.illegal),
                    style="red",
                    markup=False,
                )

        results = run_match(spec, jobs=jobs, on_result=on_result)
    results.sort(key=lambda r: r.index)
    summaries = summarize(spec, results)
    console.print(results_table(spec, summaries))
    console.print(timing_table(summaries))
    if save is not None:
        paths = save_results(results, save, spec.game)
        console.print(say("arena.saved", n=len(paths), path=save), markup=False)
