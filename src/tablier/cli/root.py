"""The `tablier` Typer app: every sub-command mounted, the games' own ones included."""

from __future__ import annotations

import importlib
from typing import Annotated

import typer
import typer.rich_utils

import tablier
from tablier.cli import arena, games, play, replay, rules, serve
from tablier.cli.texts import helptext, say
from tablier.core.registry import game_class, game_ids
from tablier.core.terminal.options import LangOption, QuietOption
from tablier.puzzles.cli import problems_app
from tablier.study.cli import study

# the frame Typer draws around the help pages, in the help's language
typer.rich_utils.OPTIONS_PANEL_TITLE = helptext("panel.options")
typer.rich_utils.COMMANDS_PANEL_TITLE = helptext("panel.commands")
typer.rich_utils.ARGUMENTS_PANEL_TITLE = helptext("panel.arguments")
typer.rich_utils.ERRORS_PANEL_TITLE = helptext("panel.error")
typer.rich_utils.DEFAULT_STRING = helptext("panel.default")
typer.rich_utils.REQUIRED_LONG_STRING = helptext("panel.required")
typer.rich_utils.ABORTED_TEXT = helptext("panel.aborted")

app = typer.Typer(
    help=helptext("help.app"),
    no_args_is_help=True,
    add_completion=False,
    # an unexpected error still shows its traceback, without dumping local variables
    pretty_exceptions_show_locals=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(say("version", version=tablier.__version__))
        raise typer.Exit()


@app.callback()
def _common(
    lang: LangOption = None,
    quiet: QuietOption = False,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help=helptext("help.version")),
    ] = False,
) -> None:
    """Options of every sub-command (their callbacks do the work)."""


app.command(help=helptext("help.games"))(games.games)
app.command(help=helptext("help.rules"))(rules.rules)
app.command(help=helptext("help.play"))(play.play)
app.command(help=helptext("help.replay"))(replay.replay)
app.command(help=helptext("help.serve"))(serve.serve)
app.command(help=helptext("help.arena"))(arena.arena)
app.command(name="study")(study)
app.add_typer(problems_app, name="problems")

# sub-commands a game brings (declared on its Game class, imported when the CLI starts)
for _game_id in game_ids():
    for _name, _target in game_class(_game_id).cli_commands.items():
        _module, _, _attr = _target.partition(":")
        app.add_typer(getattr(importlib.import_module(_module), _attr), name=_name)
