"""Bounds on an uploaded deck's text, checked before any parser reads it.

TOML nested a thousand levels deep makes `tomllib` recurse until Python gives up, and a
CSV cell over 128 KiB makes the `csv` module fail without saying where. Both are
refused here first, as a deck problem naming the line (and the column of a CSV cell).
"""

from __future__ import annotations

import csv
import io
import re

from tablier.games.quiadiquoi.deck import DeckError


class PastBounds(DeckError):
    """A text beyond what the parsers read (one problem: where and which bound)."""


# no deck nests arrays or tables more than a few levels
MAX_TOML_DEPTH = 16
# the longest cell a card needs (an anecdote is a paragraph)
MAX_CSV_FIELD = 8192


def toml_depth_problem(text: str, source: str) -> str | None:
    """Where brackets or braces nest deeper than MAX_TOML_DEPTH (strings and comments
    skipped), as a loader problem line; None when they do not."""
    depth, line, i, n = 0, 1, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif ch in "\"'":
            triple = text.startswith(ch * 3, i)
            quote = ch * 3 if triple else ch
            j = i + len(quote)
            while j < n and not text.startswith(quote, j):
                if ch == '"' and text[j] == "\\":
                    j += 1
                elif text[j] == "\n" and not triple:
                    break
                j += 1
            line += text.count("\n", i, min(j, n))
            i = j + (len(quote) if j < n and text.startswith(quote, j) else 0)
            continue
        elif ch in "[{":
            depth += 1
            if depth > MAX_TOML_DEPTH:
                return f"{source}:{line}: not valid TOML: nested more than {MAX_TOML_DEPTH} deep"
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1
    return None


def csv_field_problem(text: str, source: str) -> str | None:
    """Where a CSV cell is longer than MAX_CSV_FIELD characters, naming its line and
    column, as a loader problem line; None when none is."""
    header = next(csv.reader(io.StringIO(text[: 64 * 1024].split("\n", 1)[0])), [])
    line, record_line, column, length = 1, 1, 0, 0
    for piece in _CSV_PIECES.finditer(text):
        token = piece.group()
        if token == ",":
            column, length = column + 1, 0
        elif token == "\n":
            line += 1
            record_line, column, length = line, 0, 0
        else:
            length += len(token)
            line += token.count("\n")
            if length > MAX_CSV_FIELD:
                name = header[column].strip() if column < len(header) else f"#{column + 1}"
                return (
                    f"{source}:{record_line}: field '{name}': "
                    f"a cell is limited to {MAX_CSV_FIELD} characters"
                )
    return None


# a quoted cell (its doubled quotes included), a run of plain text, a separator
_CSV_PIECES = re.compile(r'"(?:[^"]|"")*"?|[^,\n"]+|[,\n]|"')
