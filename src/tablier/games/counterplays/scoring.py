"""The end of the game: tiles per level and who wins by them."""

from __future__ import annotations

from collections.abc import Iterable


def level_counts(tiles: Iterable[tuple[int, int]]) -> list[list[int]]:
    """`counts[k - 1] == [white, black]`: how many tiles each player has at level k."""
    counts: list[list[int]] = []
    for owner, level in tiles:
        while len(counts) < level:
            counts.append([0, 0])
        counts[level - 1][owner] += 1
    return counts


def decide(counts: list[list[int]], goal: str) -> tuple[list[float], int | None]:
    """Returns and the level that decided (None for a draw).

    `goal="highest"` compares from the top level down, `"lowest"` from level 1 up;
    at the first level where the counts differ, the player with more tiles wins.
    """
    order = range(len(counts), 0, -1) if goal == "highest" else range(1, len(counts) + 1)
    for level in order:
        white, black = counts[level - 1]
        if white != black:
            return ([1.0, -1.0] if white > black else [-1.0, 1.0]), level
    return [0.0, 0.0], None
