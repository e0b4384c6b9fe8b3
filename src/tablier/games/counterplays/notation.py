"""Move notation: `<letter>:<x>,<y>;…`, the six cells sorted by `(y, x)`."""

from __future__ import annotations

import re
from functools import lru_cache
from operator import add

from tablier.core.move import Move
from tablier.games.counterplays.geometry import cell_of, key_of
from tablier.games.counterplays.refusals import REFUSALS
from tablier.games.counterplays.shapes import BY_SHAPE, LETTERS, ORIENTATIONS, Orientation

EXAMPLE = "O:1,0;2,0;3,0;1,1;2,1;3,1"
_CELL = re.compile(r"^(-?\d+),(-?\d+)$")


def _steps(rel: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The (dx, dy) of each key offset: keys are `y * WIDTH + x` plus a constant."""
    home = key_of(0, 0)
    return tuple(cell_of(home + d) for d in rel)


# per orientation: its cells' (dx, dy) from the anchor, flattened, and the text with
# their twelve numbers left to fill (one formatting call per text)
_FORMS = [
    (
        tuple(n for step in _steps(o.rel) for n in step),
        o.letter + ":" + ";".join(["%d,%d"] * len(o.rel)),
    )
    for o in ORIENTATIONS
]


@lru_cache(maxsize=200_000)
def notation(orient_index: int, anchor: int) -> Move:
    """The canonical text of a placement (cached: search meets the same ones often)."""
    steps, form = _FORMS[orient_index]
    # steps alternate dx, dy: the anchor's x and y, repeated, alternate with them
    return Move(form % tuple(map(add, steps, cell_of(anchor) * 6)))


def parse(text: str) -> tuple[str, tuple[int, ...]]:
    """The letter and the sorted cell keys a move names (any cell order is accepted)."""
    compact = "".join(text.split())
    letter, sep, rest = compact.partition(":")
    if not sep:
        raise REFUSALS.refuse("refusal.not_notation", move=text, example=EXAMPLE)
    letter = letter.upper()
    if len(letter) != 1 or letter not in LETTERS:
        raise REFUSALS.refuse(
            "refusal.no_such_tile", letter=letter or "(none)", letters=", ".join(LETTERS)
        )
    keys = []
    for part in rest.split(";"):
        m = _CELL.match(part)
        if not m:
            raise REFUSALS.refuse("refusal.not_a_cell", part=part, example=EXAMPLE)
        x, y = int(m.group(1)), int(m.group(2))
        if abs(x) > 300 or abs(y) > 300:
            raise REFUSALS.refuse("refusal.too_far", x=x, y=y)
        keys.append(key_of(x, y))
    if len(set(keys)) != len(keys):
        raise REFUSALS.refuse("refusal.named_twice")
    if len(keys) != 6:
        raise REFUSALS.refuse("refusal.six_cells", n=len(keys))
    return letter, tuple(sorted(keys))


def orientation_of(letter: str, keys: tuple[int, ...]) -> Orientation:
    """The fixed orientation of `letter` that covers exactly these (sorted) cells."""
    first = keys[0]
    o = BY_SHAPE.get((tuple(k - first for k in keys), first % 2 == 0))
    if o is None:
        raise REFUSALS.refuse("refusal.not_joined")
    if o.letter != letter:
        raise REFUSALS.refuse("refusal.other_tile", shape=o.letter, letter=letter)
    return o
