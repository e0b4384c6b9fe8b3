"""The `tablier` command: list games, read rules, play in the terminal, replay records."""

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
from tablier.ai.arena_cli import arena
from tablier.core.game import Game
from tablier.core.rules_pages import rules_text
from tablier.deck_cli import deck_app
from tablier.play_session import PlaySession, parse_options
from tablier.puzzles_cli import puzzle_app
from tablier.study.cli import study

app = typer.Typer(
    help="Tablier: play, study and host five board games.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console(highlight=False)
app.add_typer(deck_app, name="deck")
app.add_typer(puzzle_app, name="puzzle")
app.command(name="study")(study)


@app.command()
def games() -> None:
    """List the games, their player counts and their options."""
    table = Table(title="Tablier games")
    table.add_column("game", style="bold")
    table.add_column("players")
    table.add_column("options (default first)")
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


@app.command()
def rules(
    game: Annotated[str, typer.Argument(help="game id, e.g. kwinty")],
    lang: Annotated[str, typer.Option("--lang", "-l", help="fr or en")] = "fr",
    raw: Annotated[bool, typer.Option("--raw", help="print the Markdown source")] = False,
) -> None:
    """Print the rules page of a game (French by default)."""
    try:
        tablier.game_class(game)
        text = rules_text(game, lang)
    except (ValueError, FileNotFoundError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
    if raw or not sys.stdout.isatty():
        typer.echo(text)
    else:
        console.print(Markdown(text))


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id, e.g. kwinty")],
    option: Annotated[
        list[str] | None, typer.Option("-o", "--option", help="game option key=value")
    ] = None,
    vs: Annotated[
        str, typer.Option("--vs", help="human (same terminal), random or a computer level")
    ] = "human",
    seat: Annotated[int, typer.Option("--seat", help="your seat when playing a computer")] = 0,
    players: Annotated[int | None, typer.Option("--players", help="number of players")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="seed for the deal/dice")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="save the record here")] = None,
) -> None:
    """Play a game in the terminal, against a person beside you or the computer."""
    try:
        game_obj = load_game(game, option or [])
        session = PlaySession(game_obj, vs=vs, seat=seat, players=players, seed=seed, save=save)
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
    session.run()


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a .tablier.json record")],
    show_all: Annotated[
        bool, typer.Option("--all", help="print every position without waiting")
    ] = False,
    at: Annotated[int | None, typer.Option("--at", help="show the position after N moves")] = None,
) -> None:
    """Step through a saved game: Enter for the next move, b for back, q to quit."""
    try:
        record = tablier.load_record(file)
        final = tablier.replay(record)
    except (ValueError, OSError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
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
            answer = input("[Enter] next, b back, q quit > ").strip().lower()
        except EOFError:
            break
        if answer == "q":
            break
        index = max(0, index - 1) if answer == "b" else index + 1
    outcome = final.outcome()
    if outcome is not None:
        console.print(f"Result: {json.dumps(outcome['returns'])} ({outcome['reason']})")


def show_position(record: dict[str, Any], index: int) -> None:
    state = tablier.replay(record, upto=index)
    moves = record["moves"]
    title = f"after move {index}/{len(moves)}"
    if index:
        player, move = moves[index - 1]
        title += f" — player {player} played {move}"
    console.rule(title)
    console.print(state.render_text(), markup=False)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[
        str | None, typer.Option(help="database URL (default: SQLite file tablier.db)")
    ] = None,
) -> None:
    """Start the web platform (FastAPI + uvicorn) on an embedded SQLite database."""
    from tablier.server import run

    run(host=host, port=port, db_url=db)


app.command()(arena)


def load_game(game_id: str, option_texts: list[str]) -> Game:
    cls = tablier.game_class(game_id)
    return cls(**parse_options(cls, option_texts))


def main() -> None:
    app()


if __name__ == "__main__":
    main()
