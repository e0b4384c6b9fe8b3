"""`tablier play`: a game in the terminal against a person beside you or the computer."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tablier.cli.checks import check_player, check_players_count, load_game
from tablier.cli.session import PlaySession
from tablier.cli.texts import helptext
from tablier.core.terminal.errors import fail
from tablier.core.terminal.options import LangOption


def play(
    game: Annotated[str, typer.Argument(help=helptext("help.game"), show_default=False)],
    option: Annotated[
        list[str] | None,
        typer.Option("-o", "--option", help=helptext("help.option"), show_default=False),
    ] = None,
    vs: Annotated[str, typer.Option("--vs", help=helptext("help.vs"))] = "human",
    seat: Annotated[int, typer.Option("--seat", help=helptext("help.seat"))] = 0,
    players: Annotated[
        int | None, typer.Option("--players", help=helptext("help.players"), show_default=False)
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help=helptext("help.seed"), show_default=False)
    ] = None,
    save: Annotated[
        Path | None, typer.Option("--save", help=helptext("help.save"), show_default=False)
    ] = None,
    lang: LangOption = None,
) -> None:
    """Play in the terminal (help text: `help.play` in texts.py)."""
    game_obj = load_game(game, option or [])
    if players is not None:
        check_players_count(game_obj, players)
    check_player(vs, game_obj, allow_human=True)
    try:
        session = PlaySession(game_obj, vs=vs, seat=seat, players=players, seed=seed, save=save)
    except ValueError as exc:
        fail(str(exc))
    session.run()
