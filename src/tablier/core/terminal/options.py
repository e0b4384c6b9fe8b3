"""Options every command accepts: `--lang` (and `--quiet` where work takes long).

They are eager, so the language is chosen before any other option is checked and the
errors about those speak it too. Given before the sub-command (`tablier --lang en
play ...`) or after it (`tablier play ... --lang en`), they mean the same.
"""

from __future__ import annotations

from typing import Annotated

import typer

from tablier.core.messages import LANGS, Catalogue
from tablier.core.terminal.errors import fail
from tablier.core.terminal.lang import help_lang, lang, set_lang
from tablier.core.terminal.progress import set_quiet

TEXTS = Catalogue(
    "terminal",
    {
        "help.lang": {
            "fr": "langue : fr ou en (aussi TABLIER_LANG) ; français par défaut",
            "en": "language: fr or en (also TABLIER_LANG); French by default",
        },
        "help.quiet": {"fr": "sans barre de progression", "en": "no progress bar"},
        "bad_lang": {
            "fr": "langue inconnue {lang!r} ; langues : {known}",
            "en": "unknown language {lang!r}; languages: {known}",
        },
    },
)


def _lang(ctx: typer.Context, value: str | None) -> str | None:
    try:
        set_lang(ctx, value)
    except ValueError:
        fail(TEXTS.text("bad_lang", lang(), lang=value, known=", ".join(LANGS)))
    return value


def _quiet(ctx: typer.Context, value: bool) -> bool:
    set_quiet(ctx, value)
    return value


LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        "-l",
        help=TEXTS.text("help.lang", help_lang()),
        callback=_lang,
        is_eager=True,
        metavar="fr|en",
        show_default=False,
    ),
]

QuietOption = Annotated[
    bool,
    typer.Option(
        "--quiet",
        "-q",
        help=TEXTS.text("help.quiet", help_lang()),
        callback=_quiet,
        is_eager=True,
    ),
]
