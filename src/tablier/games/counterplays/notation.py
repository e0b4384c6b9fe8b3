"""Move notation: `<letter>:<x>,<y>;…`, the six cells sorted by `(y, x)`."""

from __future__ import annotations

import re
from functools import lru_cache

from tablier.core.errors import IllegalMove
from tablier.core.move import Move
from tablier.games.counterplays.geometry import cell_of, key_of
from tablier.games.counterplays.shapes import BY_SHAPE, LETTERS, ORIENTATIONS, Orientation

EXAMPLE = "O:1,0;2,0;3,0;1,1;2,1;3,1"
_CELL = re.compile(r"^(-?\d+),(-?\d+)$")


@lru_cache(maxsize=200_000)
def notation(orient_index: int, anchor: int) -> Move:
    """The canonical text of a placement (cached: search meets the same ones often)."""
    o = ORIENTATIONS[orient_index]
    parts = []
    for d in o.rel:  # rel follows (y, x) order, as keys do
        x, y = cell_of(anchor + d)
        parts.append(f"{x},{y}")
    return Move(f"{o.letter}:{';'.join(parts)}")


def parse(text: str) -> tuple[str, tuple[int, ...]]:
    """The letter and the sorted cell keys a move names (any cell order is accepted)."""
    compact = "".join(text.split())
    letter, sep, rest = compact.partition(":")
    if not sep:
        raise IllegalMove(
            f"{text!r} is not a Counterplays move: write a tile letter, a colon and its "
            f"six cells, e.g. {EXAMPLE}"
        )
    letter = letter.upper()
    if len(letter) != 1 or letter not in LETTERS:
        raise IllegalMove(
            f"there is no tile {letter or '(none)'!r}: the tiles are {', '.join(LETTERS)}"
        )
    keys = []
    for part in rest.split(";"):
        m = _CELL.match(part)
        if not m:
            raise IllegalMove(
                f"{part!r} is not a cell: cells are written x,y (whole numbers), "
                f"separated by ';', e.g. {EXAMPLE}"
            )
        x, y = int(m.group(1)), int(m.group(2))
        if abs(x) > 300 or abs(y) > 300:
            raise IllegalMove(f"cell {x},{y} is too far away from the tiles to be reached")
        keys.append(key_of(x, y))
    if len(set(keys)) != len(keys):
        raise IllegalMove("a cell is named twice: a tile covers six different cells")
    if len(keys) != 6:
        raise IllegalMove(f"a tile covers exactly six cells, not {len(keys)}")
    return letter, tuple(sorted(keys))


def orientation_of(letter: str, keys: tuple[int, ...]) -> Orientation:
    """The fixed orientation of `letter` that covers exactly these (sorted) cells."""
    first = keys[0]
    o = BY_SHAPE.get((tuple(k - first for k in keys), first % 2 == 0))
    if o is None:
        raise IllegalMove("these six cells do not form a hexiamond: they are not all joined")
    if o.letter != letter:
        raise IllegalMove(
            f"these cells form tile {o.letter}, not tile {letter} (in no rotation or "
            f"reflection does {letter} cover them)"
        )
    return o
