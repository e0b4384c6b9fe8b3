"""The `tablier` Typer app: every sub-command listed, each imported only when it runs.

Built-in commands are a table here; a game's commands are entry points of the group
`tablier.commands` (name: the command, value: its Typer app), read from installed
metadata, so listing them (`tablier --help`) imports no game.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Annotated

import typer
import typer.rich_utils

import tablier
from tablier.cli.lazy import Lazy, LazyGroup
from tablier.cli.texts import helptext, say
from tablier.core.registry import game_ids, game_module
from tablier.core.terminal.options import LangOption, QuietOption

COMMANDS_GROUP = "tablier.commands"

# the frame Typer draws around the help pages, in the help's language
typer.rich_utils.OPTIONS_PANEL_TITLE = helptext("panel.options")
typer.rich_utils.COMMANDS_PANEL_TITLE = helptext("panel.commands")
typer.rich_utils.ARGUMENTS_PANEL_TITLE = helptext("panel.arguments")
typer.rich_utils.ERRORS_PANEL_TITLE = helptext("panel.error")
typer.rich_utils.DEFAULT_STRING = helptext("panel.default")
typer.rich_utils.REQUIRED_LONG_STRING = helptext("panel.required")
typer.rich_utils.ABORTED_TEXT = helptext("panel.aborted")


def game_of(module: str) -> str | None:
    """The id of the game whose package holds `module` (found without importing it)."""
    for game_id in game_ids():
        package = game_module(game_id)
        if module == package or module.startswith(package + "."):
            return game_id
    return None


@cache
def commands() -> dict[str, Lazy]:
    table = {
        "games": Lazy("tablier.cli.games:games", helptext("help.games")),
        "rules": Lazy("tablier.cli.rules:rules", helptext("help.rules")),
        "play": Lazy("tablier.cli.play:play", helptext("help.play")),
        "replay": Lazy("tablier.cli.replay:replay", helptext("help.replay")),
        "serve": Lazy("tablier.cli.serve:serve", helptext("help.serve")),
        "arena": Lazy("tablier.cli.arena:arena", helptext("help.arena")),
        "study": Lazy("tablier.study.cli:study", helptext("help.study")),
        "problems": Lazy("tablier.puzzles.cli:problems_app", helptext("help.problems")),
    }
    # a game's own help text lives in its module: the listing names the game instead
    for point in sorted(entry_points(group=COMMANDS_GROUP), key=lambda p: p.name):
        if point.name not in table:
            game = game_of(point.module) or point.module
            words = helptext("help.game_commands", game=game, command=point.name)
            table[point.name] = Lazy(point.value, words)
    return table


class TablierGroup(LazyGroup):
    table = staticmethod(commands)


app = typer.Typer(
    cls=TablierGroup,
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
