"""Text pictures of tiles laid flat on the table, drawn by the engine's own renderer."""

from __future__ import annotations

from collections.abc import Iterable

from tablier.games.counterplays.geometry import Cell, key_of
from tablier.games.counterplays.render import picture

WHITE, BLACK = 0, 1

LEGEND = (
    "Each triangle shows the letter of the tile covering it: UPPER-case for a white "
    "tile, lower-case for a black one (the digit is the level, 1 on the table)."
)


def flat_picture(tiles: Iterable[tuple[int, str, Iterable[Cell]]]) -> str:
    """The picture of `(colour, letter, cells)` tiles, all on the table."""
    height: dict[int, int] = {}
    top: dict[int, int] = {}
    placed: list[tuple[int, str, tuple[int, ...], int]] = []
    for index, (colour, letter, cells) in enumerate(tiles):
        keys = tuple(sorted(key_of(x, y) for x, y in cells))
        for k in keys:
            if k in height:
                raise ValueError(f"two tiles cover the same cell, {cells}")
            height[k] = 1
            top[k] = index
        placed.append((colour, letter, keys, 1))
    return "\n".join(picture(height, top, placed))
