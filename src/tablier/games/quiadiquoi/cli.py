"""`tablier deck ...`: check QuiAdiQuoi deck files and import decks written as CSV.

The command line's own words are French by default, like the rest of `tablier`; each
problem line of a broken deck comes from the deck reader.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from tablier.core.messages import Catalogue
from tablier.core.terminal.errors import fail
from tablier.core.terminal.lang import help_lang, lang
from tablier.core.terminal.options import LangOption
from tablier.games.quiadiquoi.deck import CATEGORIES, Deck, DeckError, load_deck, resolve_deck
from tablier.games.quiadiquoi.deck_csv import deck_to_toml, load_csv
from tablier.games.quiadiquoi.deck_lint import lint

TEXTS = Catalogue(
    "quiadiquoi.cli",
    {
        "help": {
            "fr": "Les paquets de QuiAdiQuoi : vérifier un fichier de paquet, importer un "
            "paquet écrit en CSV.",
            "en": "QuiAdiQuoi decks: check a deck file, import a deck written as CSV.",
        },
        "help.check": {
            "fr": "Vérifier un paquet et lister chaque problème (fichier, ligne, carte, champ).",
            "en": "Validate a deck and list every problem (file, line, card and field).",
        },
        "help.file": {
            "fr": "un fichier de paquet (.toml) ou le nom d'un paquet livré",
            "en": "a deck file (.toml) or a shipped deck's name",
        },
        "help.import": {
            "fr": "Changer un tableur (CSV, listes séparées par '|') en paquet TOML.",
            "en": "Turn a spreadsheet (CSV, list cells separated by '|') into a TOML deck.",
        },
        "help.csv": {
            "fr": "un fichier CSV, une ligne par carte",
            "en": "a CSV file, one row per card",
        },
        "help.output": {"fr": "le paquet TOML à écrire", "en": "the TOML deck to write"},
        "help.name": {"fr": "le nom du paquet", "en": "the deck's name"},
        "summary": {
            "fr": "{name} : {cards} ({categories} ; {one} à une étoile, {two} à deux étoiles)",
            "en": "{name}: {cards} ({categories}; {one} one-star, {two} two-star)",
        },
        "cards": {
            "fr": {"one": "{n} carte", "other": "{n} cartes"},
            "en": {"one": "{n} card", "other": "{n} cards"},
        },
        "ok": {"fr": "ok — {summary}", "en": "ok — {summary}"},
        "wrote": {"fr": "{path} écrit — {summary}", "en": "wrote {path} — {summary}"},
        "problems": {
            "fr": {
                "one": "{n} problème dans le paquet :",
                "other": "{n} problèmes dans le paquet :",
            },
            "en": {"one": "{n} problem in the deck:", "other": "{n} problems in the deck:"},
        },
    },
)


def _help(key: str) -> str:
    return TEXTS.text(key, help_lang())


def _say(key: str, **params: object) -> str:
    return TEXTS.text(key, lang(), **params)


def _chosen_lang() -> str:
    # the commands' `lang` parameter hides the function inside them
    return lang()


deck_app = typer.Typer(help=_help("help"), no_args_is_help=True, add_completion=False)


def summary(deck: Deck) -> str:
    categories = Counter(card.category for card in deck.cards)
    stars = Counter(card.difficulty for card in deck.cards)
    return _say(
        "summary",
        name=deck.name,
        cards=TEXTS.message("cards", n=len(deck.cards)),
        categories=", ".join(f"{c} {categories[c]}" for c in CATEGORIES),
        one=stars[1],
        two=stars[2],
    )


def _fail(exc: DeckError) -> None:
    # the head in the chosen language, then one line per problem
    lines = [_say("problems", n=len(exc.problems)), *exc.problems]
    fail("\n".join(lines), code=1)


@deck_app.command("check", help=_help("help.check"))
def check(
    file: Annotated[str, typer.Argument(help=_help("help.file"), show_default=False)],
    lang: LangOption = None,
) -> None:
    try:
        path = resolve_deck(file)
        deck = load_deck(path)
    except DeckError as exc:
        _fail(exc)
        return
    # well formed; then what a machine can see of the cards' quality, in the user's words
    problems = lint(deck, _chosen_lang(), path)
    if problems:
        _fail(DeckError(problems))
        return
    typer.echo(_say("ok", summary=summary(deck)))


@deck_app.command("import", help=_help("help.import"))
def import_csv(
    csv_file: Annotated[Path, typer.Argument(help=_help("help.csv"), show_default=False)],
    output: Annotated[
        Path, typer.Option("-o", "--output", help=_help("help.output"), show_default=False)
    ],
    name: Annotated[
        str | None, typer.Option("--name", help=_help("help.name"), show_default=False)
    ] = None,
    lang: LangOption = None,
) -> None:
    try:
        deck = load_csv(csv_file)
    except DeckError as exc:
        _fail(exc)
        return
    if name:
        deck.name = name
    elif deck.name == csv_file.stem:
        deck.name = output.stem
    output.write_text(deck_to_toml(deck), encoding="utf-8")
    typer.echo(_say("wrote", path=output, summary=summary(deck)))
