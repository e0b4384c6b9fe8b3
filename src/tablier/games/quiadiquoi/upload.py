"""A deck uploaded for one room: checked here, every problem with its line and field."""

from __future__ import annotations

import re
from typing import Any

from tablier.core.uploads import Upload, UploadError
from tablier.games.quiadiquoi.deck import Deck, DeckError, parse_deck_text
from tablier.games.quiadiquoi.deck_csv import parse_csv_text
from tablier.games.quiadiquoi.upload_bounds import (
    PastBounds,
    csv_field_problem,
    toml_depth_problem,
)

SOURCE = "deck"

# a problem line of the deck loader: "<source>:<line>: card 'x': field 'y': why"
_PROBLEM = re.compile(
    r"^(?P<source>[^:\n]*?)(?::(?P<line>\d+))?:\s"
    r"(?:(?P<card>card (?:'[^']*'|\"[^\"]*\"|#\d+)):\s)?"
    r"(?:(?:field|header) ?'?(?P<field>[A-Za-z0-9_-]*)'?:\s)?"
    r"(?P<why>.*)$",
    re.DOTALL,
)
_TOML_AT = re.compile(r"at line (\d+)")


def describe_problem(problem: str) -> dict[str, Any]:
    """One problem of the loader as {line, card, field, problem} (None where unknown)."""
    match = _PROBLEM.match(problem)
    if match is None:
        return {"line": None, "card": None, "field": None, "problem": problem}
    line = match.group("line")
    why = match.group("why")
    if line is None:
        at = _TOML_AT.search(why)
        line = at.group(1) if at else None
    return {
        "line": int(line) if line else None,
        "card": match.group("card"),
        "field": match.group("field") or None,
        "problem": why,
    }


def parse(text: str, fmt: str, name: str) -> Deck:
    """The deck of an uploaded text, TOML or CSV (DeckError lists every problem)."""
    if fmt == "csv":
        text = text.lstrip("\ufeff")
        too_long = csv_field_problem(text, SOURCE)
        if too_long:
            raise PastBounds([too_long])
        return parse_csv_text(text, SOURCE, name)
    too_deep = toml_depth_problem(text, SOURCE)
    if too_deep:
        raise PastBounds([too_deep])
    return parse_deck_text(text, SOURCE, name)


def check_upload(text: str, fmt: str, name: str) -> dict[str, Any]:
    """What the server says of an accepted deck, or UploadError with every problem."""
    try:
        deck = parse(text, fmt, name)
    except DeckError as exc:
        problems = [describe_problem(p) for p in exc.problems]
        if isinstance(exc, PastBounds):
            # not a deck's mistake but a text no parser should read: a bad request
            problems = [{**p, "limit": True} for p in problems]
        raise UploadError(problems) from None
    counts: dict[str, int] = {}
    for card in deck.cards:
        counts[card.category] = counts.get(card.category, 0) + 1
    return {"name": deck.name, "cards": len(deck.cards), "categories": counts}


def deck_of(upload: Upload) -> Deck:
    return parse(upload.text, upload.fmt, upload.name)
