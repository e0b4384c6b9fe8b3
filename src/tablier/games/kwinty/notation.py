"""Kwinty notation: `<column><row><h|v>` names a piece by its lower-left cell; `pass`."""

from __future__ import annotations

import re

from tablier.core.move import Move
from tablier.games.kwinty.geometry import LETTERS

MOVE_RE = re.compile(r"^([a-q])([1-9])([hv])$")
PASS = "pass"
PASS_MOVE = Move(PASS)


def notation(col: int, row: int, orient: str) -> str:
    return f"{LETTERS[col]}{row}{orient}"


def parse(move: str) -> tuple[int, int, str] | None:
    """(column index, row, orientation) of a placement's text, or None."""
    match = MOVE_RE.match(move)
    if not match:
        return None
    return LETTERS.index(match.group(1)), int(match.group(2)), match.group(3)
