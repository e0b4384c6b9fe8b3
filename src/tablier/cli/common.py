"""Options every command accepts: `--lang` (and `--quiet` where work takes long).

They are eager, so the language is chosen before any other option is checked and the
errors about those speak it too. Given before the sub-command (`tablier --lang en
play ...`) or after it (`tablier play ... --lang en`), they mean the same.
"""

from __future__ import annotations

from typing import Annotated

import typer

from tablier.cli.errors import fail
from tablier.cli.lang import set_lang
from tablier.cli.progress import set_quiet
from tablier.cli.texts import helptext, say
from tablier.core.messages import LANGS


def _lang(ctx: typer.Context, value: str | None) -> str | None:
    try:
        set_lang(ctx, value)
    except ValueError:
        fail(say("bad_lang", lang=value, known=", ".join(LANGS)))
    return value


def _quiet(ctx: typer.Context, value: bool) -> bool:
    set_quiet(ctx, value)
    return value


LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        "-l",
        help=helptext("help.lang"),
        callback=_lang,
        is_eager=True,
        metavar="fr|en",
        show_default=False,
    ),
]

QuietOption = Annotated[
    bool,
    typer.Option("--quiet", "-q", help=helptext("help.quiet"), callback=_quiet, is_eager=True),
]
