"""Where a tile may go: the placement rules and rule d), over integer cell keys.

The stack is two dicts over the cells that hold a tile: `height[key]` (how many tiles
stand there) and `top[key]` (the index of the tile on top). `frontier` is the set of
empty table cells that share an edge with a tile at level 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from tablier.games.counterplays.geometry import key_neighbours
from tablier.games.counterplays.shapes import Orientation

# A placement: an orientation and the key of the cell where its first cell lands.
Placement = tuple[Orientation, int]


def cells_by_height(height: Mapping[int, int]) -> dict[int, tuple[list[int], list[int]]]:
    """The occupied cells grouped by stack height, then split into up and down cells.

    These are the anchors for stacking: a tile's first cell must land on one of them,
    on a cell pointing the same way.
    """
    groups: dict[int, tuple[list[int], list[int]]] = {}
    for key, h in height.items():
        if h not in groups:
            groups[h] = ([], [])
        groups[h][key & 1].append(key)
    return groups


def stacked_at(
    orients: Iterable[Orientation],
    h: int,
    anchors: tuple[Sequence[int], Sequence[int]],
    height: Mapping[int, int],
    top: Mapping[int, int],
) -> list[Placement]:
    """Placements at level h+1: six cells at height h, resting on two tiles or more."""
    found: list[Placement] = []
    hget = height.get
    for o in orients:
        _, r1, r2, r3, r4, r5 = o.rel
        for a in anchors[0 if o.first_up else 1]:
            if (
                hget(a + r1) == h
                and hget(a + r2) == h
                and hget(a + r3) == h
                and hget(a + r4) == h
                and hget(a + r5) == h
            ):
                t = top[a]
                if (
                    top[a + r1] != t
                    or top[a + r2] != t
                    or top[a + r3] != t
                    or top[a + r4] != t
                    or top[a + r5] != t
                ):
                    found.append((o, a))
    return found


def split_frontier(frontier: Iterable[int]) -> tuple[list[int], list[int]]:
    """The frontier's up cells and down cells."""
    split: tuple[list[int], list[int]] = ([], [])
    for key in frontier:
        split[key & 1].append(key)
    return split


def on_table(
    orients: Iterable[Orientation],
    frontier: tuple[Sequence[int], Sequence[int]],
    height: Mapping[int, int],
) -> list[Placement]:
    """Placements at level 1: on empty table cells, one of them on the frontier.

    A frontier cell can only be covered by a tile cell pointing the same way, which
    fixes the anchor; a set removes anchors reached through several frontier cells.
    """
    found: list[Placement] = []
    ups, downs = frontier
    for o in orients:
        _, r1, r2, r3, r4, r5 = o.rel
        up_rel, down_rel = o.by_parity
        anchors = {f - r for r in up_rel for f in ups}
        anchors.update(f - r for r in down_rel for f in downs)
        for a in anchors:
            if (
                a not in height
                and a + r1 not in height
                and a + r2 not in height
                and a + r3 not in height
                and a + r4 not in height
                and a + r5 not in height
            ):
                found.append((o, a))
    return found


def best_for_tile(
    orients: Sequence[Orientation],
    groups: Mapping[int, tuple[Sequence[int], Sequence[int]]],
    height: Mapping[int, int],
    top: Mapping[int, int],
    frontier: tuple[Sequence[int], Sequence[int]],
) -> tuple[int, list[Placement]]:
    """Rule d): the highest level this tile can reach and its placements there."""
    for h in sorted(groups, reverse=True):
        found = stacked_at(orients, h, groups[h], height, top)
        if found:
            return h + 1, found
    return 1, on_table(orients, frontier, height)


def maps_of(
    laid: Iterable[tuple[tuple[int, ...], int]],
) -> tuple[dict[int, int], dict[int, int], set[int]]:
    """`height`, `top` and `frontier` of the tiles laid (cells, level), in order."""
    height: dict[int, int] = {}
    top: dict[int, int] = {}
    for index, (cells, level) in enumerate(laid):
        for k in cells:
            height[k] = level
            top[k] = index
    # every stack stands on a tile at level 1, so these are its empty neighbours
    frontier = {n for k in height for n in key_neighbours(k) if n not in height}
    return height, top, frontier


def cells_of(placement: Placement) -> tuple[int, ...]:
    o, a = placement
    return tuple(a + d for d in o.rel)


def touches(cells: Iterable[int], height: Mapping[int, int]) -> bool:
    """Whether a set of empty table cells shares an edge with a tile at level 1."""
    return any(n in height for c in cells for n in key_neighbours(c))
