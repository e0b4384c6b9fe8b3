"""The twelve hexiamonds, the letter naming each, and every fixed orientation.

Each letter's cells are given in the orientation that shows the letter best (the
rules pages draw them). Everything else — the 94 fixed orientations and the key
offsets the move generator walks — is precomputed once, at import.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablier.games.counterplays.geometry import Cell, fixed_orientations, is_up, key_of

LETTERS = "COUNTERPLAYS"

# The shape each letter names, drawn in docs/rules/counterplays.*.md.
TILE_CELLS: dict[str, tuple[Cell, ...]] = {
    "C": ((1, 0), (2, 0), (1, 1), (2, 1), (2, 2), (3, 2)),  # crook, bent like a "<"
    "O": ((1, 0), (2, 0), (3, 0), (1, 1), (2, 1), (3, 1)),  # hexagon
    "U": ((1, 0), (2, 0), (3, 0), (1, 1), (3, 1), (4, 1)),  # hook: a cup open at the top
    "N": ((0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (2, 2)),  # zigzag with a half-turn symmetry
    "T": ((0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (2, 1)),  # bar of four on a stem
    "E": ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)),  # butterfly (bow tie)
    "R": ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2)),  # straight bar, a rod or ruler
    "P": ((0, 0), (1, 0), (1, 1), (2, 1), (3, 1), (2, 2)),  # big triangle on a stem
    "L": ((1, 0), (2, 0), (3, 0), (4, 0), (0, 1), (1, 1)),  # long arm and short arm
    "A": ((0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (0, 2)),  # pointed head on a leg
    "Y": ((0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (0, 2)),  # three branches
    "S": ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)),  # snake
}


@dataclass(frozen=True, slots=True)
class Orientation:
    """One fixed orientation of a tile, ready for the move generator.

    `rel` holds the key offsets of the six cells from the first (lowest-leftmost) one,
    so a placement is an anchor key plus `rel`. `first_up` is the direction of that
    first cell: an anchor must point the same way. `by_parity[0]` / `[1]` are the
    offsets of the up / down cells (a cell of the table can only be one of those).
    """

    index: int
    letter: str
    cells: tuple[Cell, ...]
    rel: tuple[int, ...]
    first_up: bool
    by_parity: tuple[tuple[int, ...], tuple[int, ...]]


def _build() -> tuple[tuple[Orientation, ...], dict[str, tuple[Orientation, ...]]]:
    found: list[Orientation] = []
    by_letter: dict[str, tuple[Orientation, ...]] = {}
    for letter in LETTERS:
        mine = []
        for cells in fixed_orientations(TILE_CELLS[letter]):
            keys = [key_of(x, y) for x, y in cells]
            rel = tuple(k - keys[0] for k in keys)
            up = tuple(r for r, (x, y) in zip(rel, cells, strict=True) if is_up(x, y))
            down = tuple(r for r, (x, y) in zip(rel, cells, strict=True) if not is_up(x, y))
            first_up = is_up(*cells[0])
            orient = Orientation(len(found), letter, cells, rel, first_up, (up, down))
            found.append(orient)
            mine.append(orient)
        by_letter[letter] = tuple(mine)
    return tuple(found), by_letter


ORIENTATIONS, BY_LETTER = _build()

# (offsets from the first cell, direction of the first cell) -> orientation
BY_SHAPE: dict[tuple[tuple[int, ...], bool], Orientation] = {
    (o.rel, o.first_up): o for o in ORIENTATIONS
}
