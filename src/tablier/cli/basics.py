"""`tablier games`, `tablier rules` and `tablier replay`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

import tablier
from tablier.cli.errors import fail
from tablier.cli.lang import lang as current_lang
from tablier.cli.texts import say
from tablier.core.rules_pages import rules_text

console = Console(highlight=False)


def games() -> None:
    """Les jeux, leurs joueurs et leurs options (The games, players and options)."""
    table = Table(title=say("games.title"))
    table.add_column(say("games.game"), style="bold")
    table.add_column(say("games.players"))
    table.add_column(say("games.options"))
    for game_id in tablier.game_ids():
        info = tablier.game_class(game_id).describe()
        options = []
        for opt in info["options"]:
            if opt["choices"]:
                values = [opt["default"], *(c for c in opt["choices"] if c != opt["default"])]
                options.append(f"{opt['name']}: {' | '.join(map(str, values))}")
            else:
                options.append(f"{opt['name']}: {opt['default']} ({opt['kind']})")
        players = f"{info['min_players']}–{info['max_players']}"
        if info["min_players"] == info["max_players"]:
            players = str(info["min_players"])
        table.add_row(f"{game_id}\n{info['name']}", players, "\n".join(options) or "—")
    console.print(table)


def rules(
    game: Annotated[str, typer.Argument(help="le jeu / the game")],
    lang: Annotated[str | None, typer.Option("--lang", "-l", help="fr | en")] = None,
    raw: Annotated[bool, typer.Option("--raw", help="print the Markdown source")] = False,
) -> None:
    """La page de règles d'un jeu (A game's rules page)."""
    try:
        tablier.game_class(game)
        text = rules_text(game, lang or current_lang())
    except (ValueError, FileNotFoundError) as exc:
        fail(str(exc))
    if raw or not sys.stdout.isatty():
        typer.echo(text)
    else:
        console.print(Markdown(text))


def replay(
    file: Annotated[Path, typer.Argument(help="a .tablier.json record")],
    show_all: Annotated[
        bool, typer.Option("--all", help="print every position without waiting")
    ] = False,
    at: Annotated[int | None, typer.Option("--at", help="show the position after N moves")] = None,
) -> None:
    """Revoir une partie enregistrée : Entrée, b, q (Step through a saved game)."""
    try:
        record = tablier.load_record(file)
        final = tablier.replay(record)
    except (ValueError, OSError) as exc:
        fail(str(exc))
    moves = record["moves"]
    if at is not None:
        show_position(record, max(0, min(at, len(moves))))
        return
    index = 0
    while True:
        show_position(record, index)
        if index >= len(moves):
            break
        if show_all:
            index += 1
            continue
        try:
            answer = input(say("replay.prompt")).strip().lower()
        except EOFError:
            break
        if answer == "q":
            break
        index = max(0, index - 1) if answer == "b" else index + 1
    outcome = final.outcome()
    if outcome is not None:
        text = (
            f"{json.dumps(outcome['returns'])} — {final.game.outcome_text(outcome, current_lang())}"
        )
        console.print(say("replay.result", text=text), markup=False)


def show_position(record: dict[str, Any], index: int) -> None:
    state = tablier.replay(record, upto=index)
    moves = record["moves"]
    title = say("replay.after", i=index, n=len(moves))
    if index:
        player, move = moves[index - 1]
        name = state.game.seat_name(player, current_lang())
        title += " — " + say("replay.played", name=name, move=move)
    console.rule(title)
    console.print(state.render_text(lang=current_lang()), markup=False)
