"""The command line's language: `--lang`, else TABLIER_LANG, else French."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from functools import cache

import typer

from tablier.core.messages import LANGS, check_lang, env_lang
from tablier.core.terminal.invocation import PerRun

_CHOSEN: PerRun[str] = PerRun()


def set_lang(ctx: typer.Context, lang: str | None) -> None:
    """Record `--lang` for the running command (ValueError for an unknown language)."""
    _CHOSEN.update(ctx, check_lang(lang) if lang is not None else None)


def lang() -> str:
    return _CHOSEN.get() or env_lang()


def lang_in_argv(argv: Sequence[str]) -> str | None:
    """The value of `--lang` (or `-l`) among command-line words, if a known language."""
    for index, word in enumerate(argv):
        value = None
        if word.startswith("--lang="):
            value = word.partition("=")[2]
        elif word in ("--lang", "-l") and index + 1 < len(argv):
            value = argv[index + 1]
        if value in LANGS:
            return value
    return None


@cache
def help_lang() -> str:
    """The language of `--help`: help texts are fixed when the commands are declared,
    before anything is parsed, so the words typed are read directly."""
    return lang_in_argv(sys.argv[1:]) or env_lang()
