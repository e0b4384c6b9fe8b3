"""`tablier study`: a balance report for a game (and variants of it), in French by default."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskID, TextColumn, TimeRemainingColumn

from tablier.cli.lang import lang as chosen_lang
from tablier.core.messages import Catalogue
from tablier.core.registry import game_class, game_ids
from tablier.study.compare import compare_first_seat
from tablier.study.figures import Figures, figures_of
from tablier.study.play import StudySpec, run_study
from tablier.study.report import write_report

TEXTS = Catalogue(
    "study.cli",
    {
        "unknown_game": {
            "fr": "jeu inconnu {game} ; les jeux : {known}",
            "en": "unknown game {game}; the games: {known}",
        },
        "bad_pair": {
            "fr": "{text} : écrivez nom=valeur",
            "en": "{text}: write name=value",
        },
        "playing": {"fr": "{label} : {n} parties", "en": "{label}: {n} games"},
        "speed": {
            "fr": "{label} : {n} parties en {seconds} s ({rate} parties/s)",
            "en": "{label}: {n} games in {seconds} s ({rate} games/s)",
        },
        "seat": {
            "fr": "  siège {seat} ({player}) gagne {rate} % [{low}, {high}]",
            "en": "  seat {seat} ({player}) wins {rate}% [{low}, {high}]",
        },
        "written": {
            "fr": "Rapport : {page}\nChiffres : {data}",
            "en": "Report: {page}\nFigures: {data}",
        },
    },
)


def _pairs(items: list[str], game: str, lang: str) -> dict[str, Any]:
    cls = game_class(game)
    parsed: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise typer.BadParameter(TEXTS.text("bad_pair", lang, text=item))
        parsed[name] = cls.parse_option(name, value)
    return parsed


def study(
    game: Annotated[str, typer.Argument(help="le jeu / the game")],
    option: Annotated[list[str] | None, typer.Option("-o", "--option", help="k=v")] = None,
    vs: Annotated[
        list[str] | None,
        typer.Option("--vs", help="une variante à comparer / a variant to compare: k=v"),
    ] = None,
    players: Annotated[str, typer.Option("--players", help="a,b")] = "random,random",
    games: Annotated[int, typer.Option("--games", min=1, max=1_000_000)] = 200,
    jobs: Annotated[int, typer.Option("--jobs", min=1, max=256)] = 1,
    ray: Annotated[
        str | None, typer.Option("--ray", help="adresse d'un cluster Ray, ou local")
    ] = None,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", help="dossier / folder (studies/<jeu>)")
    ] = None,
    lang: Annotated[str | None, typer.Option("--lang", help="fr | en")] = None,
) -> None:
    """Étude d'équilibre : avantage du premier joueur, longueur, fins de partie, variantes."""
    # also `tablier --lang en study ...` (the option given before the sub-command)
    lang = lang or chosen_lang()
    console = Console(stderr=True, highlight=False)
    if game not in game_ids():
        console.print(TEXTS.text("unknown_game", lang, game=game, known=", ".join(game_ids())))
        raise typer.Exit(2)
    base = _pairs(option or [], game, lang)
    names = tuple(p.strip() for p in players.split(",") if p.strip())
    variants = [("base", base)] + [
        (item, {**base, **_pairs([item], game, lang)}) for item in (vs or [])
    ]
    results: list[tuple[str, Figures]] = []
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        for label, options in variants:
            spec = StudySpec(game, names, games, options, seed)
            task = bar.add_task(TEXTS.text("playing", lang, label=label, n=games), total=games)
            started = time.perf_counter()

            def advance(done: int, total: int, task: TaskID = task) -> None:
                bar.update(task, completed=done)

            facts = run_study(spec, jobs=jobs, ray_address=ray, progress=advance)
            elapsed = time.perf_counter() - started
            console.print(
                TEXTS.text(
                    "speed",
                    lang,
                    label=label,
                    n=games,
                    seconds=f"{elapsed:.1f}",
                    rate=_rate(games / elapsed),
                )
            )
            results.append((label, figures_of(game, options, names, facts)))
    for label, figures in results:
        typer.echo(label)
        for seat, share in enumerate(figures.wins):
            typer.echo(
                TEXTS.text(
                    "seat",
                    lang,
                    seat=seat + 1,
                    player=names[seat],
                    rate=f"{share.rate * 100:.1f}",
                    low=f"{share.low * 100:.1f}",
                    high=f"{share.high * 100:.1f}",
                )
            )
    differences = [
        compare_first_seat(results[0][1], figures, "base", label) for label, figures in results[1:]
    ]
    for difference in differences:
        typer.echo(difference.verdict(lang))
    # by default where the server's study page looks: studies/<game>/
    page, data = write_report(out or Path("studies") / game, results, differences, lang)
    typer.echo(TEXTS.text("written", lang, page=page, data=data))


def _rate(per_second: float) -> str:
    """Games per second, with a decimal where a whole number would say 0 or 1."""
    return f"{per_second:.0f}" if per_second >= 10 else f"{per_second:.1f}"
