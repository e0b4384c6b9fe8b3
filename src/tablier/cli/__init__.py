"""The `tablier` command: play, read rules, replay, serve, study — French by default.

Each sub-command lives in its own module; games add their own sub-commands through
`Game.cli_commands` (a deck checker, solo puzzles...).
"""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

import tablier
from tablier.cli import arena, basics, play, serve
from tablier.cli.lang import set_lang
from tablier.cli.texts import say
from tablier.core.registry import game_class, game_ids
from tablier.study.cli import study

app = typer.Typer(
    help="Tablier : jouer, étudier et héberger cinq jeux de plateau "
    "(Tablier: play, study and host five board games).",
    no_args_is_help=True,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(say("version", version=tablier.__version__))
        raise typer.Exit()


@app.callback()
def _common(
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="fr | en (aussi / also TABLIER_LANG); français par défaut"),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="la version / the version"
        ),
    ] = False,
) -> None:
    try:
        set_lang(lang)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


app.command()(basics.games)
app.command()(basics.rules)
app.command()(play.play)
app.command()(basics.replay)
app.command()(serve.serve)
app.command()(arena.arena)
app.command(name="study")(study)

# sub-commands a game brings (declared on its Game class, imported when the CLI starts)
for _game_id in game_ids():
    for _name, _target in game_class(_game_id).cli_commands.items():
        _module, _, _attr = _target.partition(":")
        app.add_typer(getattr(importlib.import_module(_module), _attr), name=_name)


def main() -> None:
    app()


__all__ = ["app", "main"]
