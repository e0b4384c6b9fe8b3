"""`tablier deck ...`: check QuiAdiQuoi deck files and import decks written as CSV."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from tablier.games.quiadiquoi.deck import CATEGORIES, Deck, DeckError, load_deck, resolve_deck
from tablier.games.quiadiquoi.deck_csv import deck_to_toml, load_csv

deck_app = typer.Typer(
    help="QuiAdiQuoi decks: check a deck file, import a deck written as CSV.",
    no_args_is_help=True,
    add_completion=False,
)


def summary(deck: Deck) -> str:
    categories = Counter(card.category for card in deck.cards)
    stars = Counter(card.difficulty for card in deck.cards)
    parts = ", ".join(f"{c} {categories[c]}" for c in CATEGORIES)
    return (
        f"{deck.name}: {len(deck.cards)} cards ({parts}; {stars[1]} one-star, {stars[2]} two-star)"
    )


def _fail(exc: DeckError) -> None:
    typer.echo(str(exc), err=True)
    raise typer.Exit(1)


@deck_app.command("check")
def check(
    file: Annotated[str, typer.Argument(help="a deck file (.toml) or a shipped deck's name")],
) -> None:
    """Validate a deck and list every problem (file, line, card and field)."""
    try:
        deck = load_deck(resolve_deck(file))
    except DeckError as exc:
        _fail(exc)
        return
    typer.echo("ok — " + summary(deck))


@deck_app.command("import")
def import_csv(
    csv_file: Annotated[Path, typer.Argument(help="a CSV file, one row per card")],
    output: Annotated[Path, typer.Option("-o", "--output", help="the TOML deck to write")],
    name: Annotated[str | None, typer.Option("--name", help="the deck's name")] = None,
) -> None:
    """Turn a spreadsheet (CSV, list cells separated by '|') into a TOML deck."""
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
    typer.echo(f"wrote {output} — " + summary(deck))
