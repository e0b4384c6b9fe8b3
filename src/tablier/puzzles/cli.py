"""`tablier problems …`: mine problems from games, and count the shipped ones.

Not `tablier puzzle` (Counterplays' solo puzzles): these are positions of two-player
games where one move wins. French by default, like the rest of `tablier`.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer

from tablier.core.messages import Catalogue
from tablier.core.terminal.lang import help_lang, lang
from tablier.core.terminal.options import LangOption, QuietOption
from tablier.puzzles import store
from tablier.puzzles.generate import Harvest, harvest, read, stored_records, write
from tablier.puzzles.verify import METHODS

TEXTS = Catalogue(
    "problems.cli",
    {
        "help": {
            "fr": "Problèmes tirés de parties : un seul coup gagne, trouvez-le.",
            "en": "Problems drawn from games: one move wins, find it.",
        },
        "help.generate": {
            "fr": "Joue des parties (et lit celles d'un serveur) et garde les positions où un "
            "seul coup gagne, prouvé par une recherche exhaustive.",
            "en": "Plays games (and reads a server's) and keeps the positions where a "
            "single move wins, proved by exhaustive search.",
        },
        "help.count": {
            "fr": "Combien de problèmes sont livrés, par jeu et par difficulté.",
            "en": "How many problems ship, per game and per difficulty.",
        },
        "help.game": {
            "fr": "le jeu : kwinty, turris ou counterplays",
            "en": "the game: kwinty, turris or counterplays",
        },
        "help.count_wanted": {"fr": "combien en trouver", "en": "how many to find"},
        "help.minutes": {"fr": "temps maximum, en minutes", "en": "time limit, in minutes"},
        "help.db": {
            "fr": "la base d'un serveur (tablier serve --db) dont les parties sont lues d'abord",
            "en": "a server's database (tablier serve --db) whose games are read first",
        },
        "help.out": {
            "fr": "dossier où écrire <jeu>.json (par défaut : les données livrées)",
            "en": "folder to write <game>.json into (default: the shipped data)",
        },
        "help.seed": {"fr": "graine des parties jouées", "en": "seed of the games played"},
        "help.add": {
            "fr": "ajoute aux problèmes déjà écrits au lieu de les remplacer",
            "en": "add to the problems already written instead of replacing them",
        },
        "unknown_game": {
            "fr": "pas de problèmes pour {game} ; les jeux : {known}",
            "en": "no problems for {game}; the games: {known}",
        },
        "progress": {
            "fr": "{game} : {games} parties, {positions} positions essayées, {found} problèmes "
            "({seconds} s)",
            "en": "{game}: {games} games, {positions} positions tried, {found} problems "
            "({seconds} s)",
        },
        "written": {
            "fr": "{found} problèmes de {game} écrits dans {path}",
            "en": "{found} {game} problems written to {path}",
        },
        "count_line": {
            "fr": "{game} : {n} problèmes ; classement {low}–{high} (médiane {median}) ; {depths}",
            "en": "{game}: {n} problems; rating {low}–{high} (median {median}); {depths}",
        },
        "depth": {"fr": "{n} en {k} coup(s)", "en": "{n} in {k} move(s)"},
    },
)

DATA = Path(__file__).parent / "data"


def _help(key: str) -> str:
    return TEXTS.text(key, help_lang())


problems_app = typer.Typer(help=_help("help"), no_args_is_help=True, add_completion=False)


def _check_game(game: str) -> None:
    if game not in METHODS:
        known = ", ".join(sorted(METHODS))
        typer.echo(TEXTS.text("unknown_game", lang(), game=game, known=known), err=True)
        raise typer.Exit(2)


@problems_app.command("generate", help=_help("help.generate"))
def generate(
    game: Annotated[str, typer.Argument(help=_help("help.game"))],
    count: Annotated[int, typer.Option("--count", min=1, help=_help("help.count_wanted"))] = 300,
    minutes: Annotated[float, typer.Option("--minutes", min=0.1, help=_help("help.minutes"))] = 8,
    db: Annotated[str | None, typer.Option("--db", help=_help("help.db"))] = None,
    out: Annotated[Path | None, typer.Option("--out", help=_help("help.out"))] = None,
    seed: Annotated[int, typer.Option("--seed", help=_help("help.seed"))] = 1,
    add: Annotated[bool, typer.Option("--add", help=_help("help.add"))] = False,
    lang_: LangOption = None,
    quiet: QuietOption = False,
) -> None:
    _check_game(game)
    records = stored_records(db, game) if db is not None else []
    said = lang()

    def progress(found: Harvest) -> None:
        if not quiet:
            typer.echo(_progress(game, found, said), err=True)

    found = harvest(game, count, minutes * 60, seed=seed, records=records, progress=progress)
    path = (out or DATA) / f"{game}.json"
    kept = read(path) if add else []
    write(kept + found.problems, path)
    typer.echo(_progress(game, found, said))
    total = len(read(path))
    typer.echo(TEXTS.text("written", said, found=total, game=game, path=path))


def _progress(game: str, found: Harvest, said: str) -> str:
    return TEXTS.text(
        "progress", said, game=game, games=found.games, positions=found.positions,
        found=len(found.problems), seconds=round(found.seconds),
    )  # fmt: skip


def spread(items: tuple[dict[str, Any], ...] | list[dict[str, Any]]) -> dict[str, Any]:
    """The figures `count` prints: ratings' range and median, and wins by depth."""
    ratings = sorted(int(p["rating"]) for p in items)
    return {
        "n": len(items),
        "low": ratings[0] if ratings else 0,
        "high": ratings[-1] if ratings else 0,
        "median": ratings[len(ratings) // 2] if ratings else 0,
        "depths": dict(sorted(Counter(int(p["win_in"]) for p in items).items())),
    }


@problems_app.command("count", help=_help("help.count"))
def count_problems(lang_: LangOption = None) -> None:
    said = lang()
    for game in store.GAMES:
        figures = spread(store.problems(game))
        depths = ", ".join(
            TEXTS.text("depth", said, n=n, k=k) for k, n in figures["depths"].items()
        )
        typer.echo(
            TEXTS.text(
                "count_line", said, game=game, n=figures["n"], low=figures["low"],
                high=figures["high"], median=figures["median"], depths=depths or "—",
            )
        )  # fmt: skip
