"""Turris notation: the canonical texts of every move, and reading typed moves.

`Vb2` a vertical piece, `Ha1b1` a horizontal one (cells ascending), `xa1@3` a bonus
removal (named by any cube of the piece), `skip`, `pass`.
"""

from __future__ import annotations

import re

from tablier.core.move import Move
from tablier.games.turris.geometry import (
    CELL_INDEX,
    GRID_LEVELS,
    PAIRS,
    horizontal_notation,
    removal_notation,
    vertical_notation,
)

# (kind, cells, level): kind is "V", "H", "x", "skip", "pass", or "" for unreadable text
Parsed = tuple[str, tuple[int, ...], int]

V_MOVES = tuple(Move(vertical_notation(c)) for c in range(9))
H_MOVES = tuple(Move(horizontal_notation(a, b)) for a, b in PAIRS)
PAIR_INDEX = {pair: i for i, pair in enumerate(PAIRS)}
X_MOVES = tuple(tuple(Move(removal_notation(c, z)) for z in range(GRID_LEVELS)) for c in range(9))
SKIP = Move("skip")
PASS = Move("pass")

# canonical texts read without regular expressions: playouts apply moves taken
# straight from `legal_moves`
CANONICAL: dict[str, Parsed] = {
    **{str(V_MOVES[c]): ("V", (c,), 0) for c in range(9)},
    **{str(H_MOVES[i]): ("H", pair, 0) for i, pair in enumerate(PAIRS)},
    **{str(X_MOVES[c][z]): ("x", (c,), z) for c in range(9) for z in range(1, GRID_LEVELS)},
    "skip": ("skip", (), 0),
    "pass": ("pass", (), 0),
}

_CELL = "([a-c][1-3])"
_V_RE = re.compile(f"v{_CELL}")
_H_RE = re.compile(f"h{_CELL}{_CELL}")
_X_RE = re.compile(f"x{_CELL}@([0-9]{{1,3}})")


def parse(text: str) -> Parsed:
    """Read a move; letters in either case and surrounding spaces are tolerated."""
    known = CANONICAL.get(text)
    if known is not None:
        return known
    text = text.strip().lower()
    if text in ("skip", "pass"):
        return text, (), 0
    m = _V_RE.fullmatch(text)
    if m:
        return "V", (CELL_INDEX[m.group(1)],), 0
    m = _H_RE.fullmatch(text)
    if m:
        a, b = CELL_INDEX[m.group(1)], CELL_INDEX[m.group(2)]
        return "H", (min(a, b), max(a, b)), 0
    m = _X_RE.fullmatch(text)
    if m:
        return "x", (CELL_INDEX[m.group(1)],), int(m.group(2))
    return "", (), 0
