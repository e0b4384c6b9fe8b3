"""`tablier rules`: a game's rules page, as Markdown on a terminal, as text in a pipe."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown

from tablier.cli.checks import game_cls
from tablier.cli.texts import helptext, say
from tablier.core.rules_diagrams import as_text
from tablier.core.rules_pages import rules_text
from tablier.core.terminal.errors import fail
from tablier.core.terminal.lang import lang as current_lang
from tablier.core.terminal.options import LangOption

console = Console(highlight=False)


def rules(
    game: Annotated[str, typer.Argument(help=helptext("help.game"), show_default=False)],
    raw: Annotated[bool, typer.Option("--raw", help=helptext("help.raw"))] = False,
    lang: LangOption = None,
) -> None:
    """Print a rules page (help text: `help.rules` in texts.py)."""
    game_cls(game)
    try:
        text = rules_text(game, current_lang())
    except FileNotFoundError:
        fail(say("no_rules", game=game, lang=current_lang()))
    if raw:
        typer.echo(text)
        return
    # the web page's diagrams, as the game's own text picture of each example
    text = as_text(text, current_lang())
    if not sys.stdout.isatty():
        typer.echo(text)
    else:
        console.print(Markdown(text))
