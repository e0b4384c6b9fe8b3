"""`tablier play`: a game in the terminal against a person beside you or the computer."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

import tablier
from tablier.ai.players import MissingExtra
from tablier.cli.errors import fail
from tablier.cli.lang import set_lang
from tablier.cli.session import PlaySession, parse_options
from tablier.cli.texts import say
from tablier.core.game import Game


def load_game(game_id: str, option_texts: list[str]) -> Game:
    if game_id not in tablier.game_ids():
        raise ValueError(say("unknown_game", game=game_id, known=", ".join(tablier.game_ids())))
    cls = tablier.game_class(game_id)
    return cls(**parse_options(cls, option_texts))


def play(
    game: Annotated[str, typer.Argument(help="le jeu / the game (tablier games)")],
    option: Annotated[
        list[str] | None, typer.Option("-o", "--option", help="option du jeu / game option k=v")
    ] = None,
    vs: Annotated[
        str,
        typer.Option("--vs", help="human (même terminal / same terminal), random, un niveau"),
    ] = "human",
    seat: Annotated[int, typer.Option("--seat", help="votre siège / your seat")] = 0,
    players: Annotated[int | None, typer.Option("--players", help="joueurs / players")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="graine / seed")] = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="enregistrer / save the record")
    ] = None,
    lang: Annotated[str | None, typer.Option("--lang", help="fr | en")] = None,
) -> None:
    """Jouer dans le terminal (Play in the terminal)."""
    if lang is not None:
        try:
            set_lang(lang)
        except ValueError as exc:
            fail(str(exc))
    try:
        game_obj = load_game(game, option or [])
        session = PlaySession(game_obj, vs=vs, seat=seat, players=players, seed=seed, save=save)
    except MissingExtra as exc:
        fail(say("missing_extra", what=f"--vs {vs}", extra=exc.extra))
    except ValueError as exc:
        fail(str(exc))
    session.run()
