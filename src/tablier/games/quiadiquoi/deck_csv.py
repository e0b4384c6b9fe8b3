"""Writing decks in a spreadsheet: CSV import, and the TOML writer it needs.

A CSV deck has one row per card and a header naming the card fields of the TOML
format; list fields (`aliases`, `alternatives`, `coauthors`, `author_clues`, `quote_clues`) hold
their items separated by `|`. Empty `aliases`, `alternatives`, `anecdote` and
`attribution` cells mean the defaults.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from tablier.games.quiadiquoi.deck import (
    CARD_FIELDS,
    REQUIRED_FIELDS,
    Card,
    Deck,
    DeckError,
    build_deck,
)

LIST_FIELDS = ("aliases", "alternatives", "coauthors", "author_clues", "quote_clues")
LIST_SEPARATOR = "|"


def _row_to_table(row: dict[str, str]) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for name, cell in row.items():
        value = (cell or "").strip()
        if name in LIST_FIELDS:
            table[name] = [part.strip() for part in value.split(LIST_SEPARATOR)] if value else []
        elif name == "difficulty":
            table[name] = int(value) if value.isdigit() else value
        elif name in ("anecdote", "attribution") and not value:
            continue
        else:
            table[name] = value
    return table


def parse_csv_text(text: str, source: str = "<csv>", default_name: str = "deck") -> Deck:
    """Read a CSV deck and validate it like a TOML one (DeckError lists every problem)."""
    reader = csv.DictReader(io.StringIO(text))
    header = reader.fieldnames or []
    problems: list[str] = []
    missing = [name for name in REQUIRED_FIELDS if name not in header]
    if missing:
        problems.append(f"{source}:1: header: missing column(s) {', '.join(missing)}")
    unknown = [name for name in header if name not in CARD_FIELDS]
    if unknown:
        problems.append(
            f"{source}:1: header: unknown column(s) {', '.join(unknown)} "
            f"(allowed: {', '.join(CARD_FIELDS)})"
        )
    if problems:
        raise DeckError(problems)
    tables: list[dict[str, Any]] = []
    lines: list[dict[str, int]] = []
    for row in reader:
        if None in row:
            problems.append(f"{source}:{reader.line_num}: the row has more cells than the header")
            continue
        if not any((cell or "").strip() for cell in row.values()):
            continue
        tables.append(_row_to_table(row))
        lines.append(dict.fromkeys(("", *row), reader.line_num))
    try:
        deck = build_deck({"card": tables}, source, default_name, lines)
    except DeckError as exc:
        raise DeckError(problems + exc.problems) from None
    if problems:
        raise DeckError(problems)
    return deck


def load_csv(path: str | Path) -> Deck:
    target = Path(path)
    try:
        text = target.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise DeckError([f"{target}: cannot read the file ({exc.strerror})"]) from None
    return parse_csv_text(text, str(target), target.stem)


def _toml_string(text: str) -> str:
    # JSON string escapes (\" \\ \n \uNNNN) are all valid TOML basic-string escapes
    return json.dumps(text, ensure_ascii=False)


def _toml_list(items: tuple[str, ...]) -> str:
    return "[" + ", ".join(_toml_string(item) for item in items) + "]"


def card_to_toml(card: Card) -> str:
    lines = [
        "[[card]]",
        f"id = {_toml_string(card.id)}",
        f"category = {_toml_string(card.category)}",
        f"difficulty = {card.difficulty}",
        f"quote = {_toml_string(card.quote)}",
        f"author = {_toml_string(card.author)}",
        f"aliases = {_toml_list(card.aliases)}",
        f"source = {_toml_string(card.source)}",
        f"author_clues = {_toml_list(card.author_clues)}",
        f"quote_clues = {_toml_list(card.quote_clues)}",
    ]
    if card.alternatives:
        lines.append(f"alternatives = {_toml_list(card.alternatives)}")
    if card.coauthors:
        lines.append(f"coauthors = {_toml_list(card.coauthors)}")
    if card.anecdote:
        lines.append(f"anecdote = {_toml_string(card.anecdote)}")
    lines.append(f"attribution = {_toml_string(card.attribution)}")
    return "\n".join(lines) + "\n"


def deck_to_toml(deck: Deck) -> str:
    head = [
        "[deck]",
        f"name = {_toml_string(deck.name)}",
        f"language = {_toml_string(deck.language)}",
    ]
    if deck.description:
        head.append(f"description = {_toml_string(deck.description)}")
    return "\n".join(head) + "\n\n" + "\n".join(card_to_toml(card) for card in deck.cards)
