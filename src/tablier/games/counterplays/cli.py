"""`tablier puzzle ...`: the Counterplays solo puzzles, solved and drawn as text.

The command line's own words (help, errors, progress) are French by default, like the
rest of `tablier`; the reports themselves come from `puzzles.reports`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tablier.core.messages import Catalogue
from tablier.core.records import save_record
from tablier.core.terminal.errors import fail
from tablier.core.terminal.lang import help_lang, lang
from tablier.core.terminal.options import LangOption, QuietOption
from tablier.core.terminal.progress import working
from tablier.games.counterplays.puzzles import level6, regions, reports
from tablier.games.counterplays.shapes import LETTERS

TEXTS = Catalogue(
    "counterplays.cli",
    {
        "help": {
            "fr": "Les énigmes solo de Counterplays : niveau 6, entourer une tuile, "
            "triangle et losange.",
            "en": "Counterplays solo puzzles: level 6, surround a tile, triangle and rhombus.",
        },
        "help.triangle": {
            "fr": "Les 12 tuiles blanches peuvent-elles former un triangle équilatéral ? "
            "(Non : n² ne vaut jamais 72.)",
            "en": "Can the 12 white tiles form an equilateral triangle? (No: n² is never 72.)",
        },
        "help.triangle_side": {
            "fr": "essaie aussi ce côté (par défaut : 8 et 9)",
            "en": "also try this side (default: 8 and 9)",
        },
        "help.rhombus": {
            "fr": "Assembler les 12 tuiles blanches en losange (côté 6 : 72 triangles).",
            "en": "Arrange the 12 white tiles into a rhombus (side 6: 72 triangles).",
        },
        "help.rhombus_side": {"fr": "côté du losange", "en": "side of the rhombus"},
        "help.budget": {
            "fr": "s'arrête après ce nombre de nœuds de recherche",
            "en": "stop after this many search nodes",
        },
        "help.count": {
            "fr": "compte tous les pavages (côté 6 : des minutes)",
            "en": "count every tiling (side 6: minutes)",
        },
        "help.tile": {
            "fr": "Paver une autre région avec les 12 tuiles blanches, par exemple "
            "`parallelogram 4 9`, `hexagon 2 3 6`.",
            "en": "Tile another region with the 12 white tiles, e.g. `parallelogram 4 9`, "
            "`hexagon 2 3 6`.",
        },
        "help.shape": {
            "fr": "triangle, rhombus (losange), parallelogram ou hexagon",
            "en": "triangle, rhombus, parallelogram or hexagon",
        },
        "help.sizes": {
            "fr": "triangle N | rhombus N | parallelogram L H | hexagon A B C",
            "en": "triangle N | rhombus N | parallelogram W H | hexagon A B C",
        },
        "help.surround": {
            "fr": "Entourer une tuile noire avec le moins de tuiles blanches, puis les "
            "blanches avec des noires.",
            "en": "Surround a black tile with the fewest white tiles, then the whites with blacks.",
        },
        "help.black_tile": {
            "fr": "la tuile noire (par défaut : toutes, la meilleure dessinée)",
            "en": "the black tile (default: all, the best drawn)",
        },
        "help.follow_budget": {
            "fr": "nœuds de recherche pour la suite",
            "en": "search nodes for the follow-up",
        },
        "help.level6": {
            "fr": "Chercher une partie réglementaire où une tuile atteint le niveau 6.",
            "en": "Search for a legal game in which a tile reaches level 6.",
        },
        "help.target": {"fr": "le niveau à atteindre", "en": "the level to reach"},
        "help.width": {"fr": "largeur du faisceau", "en": "beam width"},
        "help.seed": {
            "fr": "graine du bruit qui départage",
            "en": "seed of the tie-breaking noise",
        },
        "help.candidates": {
            "fr": "nombre maximal de coups candidats évalués",
            "en": "candidate moves to score at most",
        },
        "help.save": {
            "fr": "enregistre la partie trouvée dans ce fichier",
            "en": "save the line as a record file",
        },
        "side": {
            "fr": "le côté d'un {shape} vaut au moins 1",
            "en": "a {shape}'s side is at least 1",
        },
        "triangle": {"fr": "triangle", "en": "triangle"},
        "rhombus": {"fr": "losange", "en": "rhombus"},
        "at_least_one": {
            "fr": "la largeur et le budget valent au moins 1",
            "en": "the width and the budget are at least 1",
        },
        "bad_shape": {
            "fr": "forme inconnue ou mal mesurée {shape} {sizes} ; les formes : "
            "triangle N, rhombus N, parallelogram L H, hexagon A B C",
            "en": "unknown or badly measured shape {shape} {sizes}; the shapes: "
            "triangle N, rhombus N, parallelogram W H, hexagon A B C",
        },
        "no_tile": {
            "fr": "pas de tuile {letter!r} ; les tuiles : {letters}",
            "en": "no tile {letter!r}; the tiles: {letters}",
        },
        "searching": {"fr": "recherche…", "en": "searching…"},
        "counting": {"fr": "dénombrement…", "en": "counting…"},
        "saved": {
            "fr": "Partie enregistrée dans {path} (à revoir avec `tablier replay {path}`).",
            "en": "Record saved to {path} (replay it with `tablier replay {path}`).",
        },
    },
)


def _help(key: str) -> str:
    return TEXTS.text(key, help_lang())


def _say(key: str, **params: object) -> str:
    return TEXTS.text(key, lang(), **params)


puzzle_app = typer.Typer(help=_help("help"), no_args_is_help=True, add_completion=False)

BudgetOption = Annotated[
    int | None, typer.Option("--budget", help=_help("help.budget"), show_default=False)
]


@puzzle_app.command("triangle", help=_help("help.triangle"))
def triangle(
    side: Annotated[
        int | None, typer.Option("--side", help=_help("help.triangle_side"), show_default=False)
    ] = None,
    lang: LangOption = None,
    quiet: QuietOption = False,
) -> None:
    if side is not None and side < 1:
        fail(_say("side", shape=TEXTS.message("triangle")))
    with working(_say("searching")):
        text = reports.triangle_report(side)
    typer.echo(text)


@puzzle_app.command("rhombus", help=_help("help.rhombus"))
def rhombus(
    side: Annotated[int, typer.Option("--side", help=_help("help.rhombus_side"))] = 6,
    budget: BudgetOption = None,
    count: Annotated[bool, typer.Option("--count", help=_help("help.count"))] = False,
    lang: LangOption = None,
    quiet: QuietOption = False,
) -> None:
    if side < 1:
        fail(_say("side", shape=TEXTS.message("rhombus")))
    with working(_say("counting" if count else "searching")):
        if count:
            text = reports.region_report("rhombus", [side], budget, count=True)
        else:
            text = reports.rhombus_report(side, budget)
    typer.echo(text)


@puzzle_app.command("tile", help=_help("help.tile"))
def tile(
    shape: Annotated[str, typer.Argument(help=_help("help.shape"), show_default=False)],
    sizes: Annotated[list[int], typer.Argument(help=_help("help.sizes"), show_default=False)],
    budget: BudgetOption = None,
    count: Annotated[bool, typer.Option("--count", help=_help("help.count"))] = False,
    lang: LangOption = None,
    quiet: QuietOption = False,
) -> None:
    if shape not in regions.SHAPES:
        fail(_say("bad_shape", shape=shape, sizes=" ".join(map(str, sizes))))
    try:
        reports.make_region(shape, sizes)
    except ValueError:
        fail(_say("bad_shape", shape=shape, sizes=" ".join(map(str, sizes))))
    with working(_say("counting" if count else "searching")):
        text = reports.region_report(shape, sizes, budget, count)
    typer.echo(text)


@puzzle_app.command("surround", help=_help("help.surround"))
def surround(
    letter: Annotated[
        str | None, typer.Option("--tile", help=_help("help.black_tile"), show_default=False)
    ] = None,
    budget: Annotated[
        int | None, typer.Option("--budget", help=_help("help.follow_budget"), show_default=False)
    ] = None,
    lang: LangOption = None,
    quiet: QuietOption = False,
) -> None:
    if letter is not None and (len(letter) != 1 or letter.upper() not in LETTERS):
        fail(_say("no_tile", letter=letter, letters=", ".join(c.lower() for c in LETTERS)))
    with working(_say("searching")):
        text = reports.surround_report(letter, budget)
    typer.echo(text)


@puzzle_app.command("level6", help=_help("help.level6"))
def level6_cmd(
    target: Annotated[int, typer.Option("--target", help=_help("help.target"))] = level6.TARGET,
    width: Annotated[int, typer.Option("--width", help=_help("help.width"))] = level6.WIDTH,
    seed: Annotated[int, typer.Option("--seed", help=_help("help.seed"))] = 0,
    budget: Annotated[int, typer.Option("--budget", help=_help("help.candidates"))] = level6.BUDGET,
    save: Annotated[
        Path | None, typer.Option("--save", help=_help("help.save"), show_default=False)
    ] = None,
    lang: LangOption = None,
    quiet: QuietOption = False,
) -> None:
    if width < 1 or budget < 1:
        fail(_say("at_least_one"))
    with working(_say("searching")):
        result = level6.search(target=target, width=width, seed=seed, budget=budget)
    typer.echo(reports.level6_report(result))
    if save is not None:
        path = save_record(result.record, save)
        typer.echo(_say("saved", path=path))
