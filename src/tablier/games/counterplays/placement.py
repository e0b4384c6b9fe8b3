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


def cells_by_height(height: Mapping[int, int]) -> dict[int, list[int]]:
    """The occupied cells grouped by stack height (anchors for stacking)."""
    groups: dict[int, list[int]] = {}
    for key, h in height.items():
        groups.setdefault(h, []).append(key)
    return groups


def stacked_at(
    orients: Iterable[Orientation],
    h: int,
    anchors: Sequence[int],
    height: Mapping[int, int],
    top: Mapping[int, int],
) -> list[Placement]:
    """Placements at level h+1: six cells at height h, resting on two tiles or more."""
    found: list[Placement] = []
    hget = height.get
    for o in orients:
        _, r1, r2, r3, r4, r5 = o.rel
        parity = 0 if o.first_up else 1
        for a in anchors:
            if a % 2 != parity:
                continue
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


def on_table(
    orients: Iterable[Orientation], frontier: Iterable[int], height: Mapping[int, int]
) -> list[Placement]:
    """Placements at level 1: on empty table cells, one of them on the frontier."""
    found: list[Placement] = []
    seen: set[tuple[int, int]] = set()
    frontier = list(frontier)
    for o in orients:
        rel = o.rel
        idx = o.index
        for f in frontier:
            for r in o.by_parity[f % 2]:
                a = f - r
                if (idx, a) in seen:
                    continue
                seen.add((idx, a))
                for d in rel:
                    if a + d in height:
                        break
                else:
                    found.append((o, a))
    return found


def best_for_tile(
    orients: Sequence[Orientation],
    groups: Mapping[int, Sequence[int]],
    height: Mapping[int, int],
    top: Mapping[int, int],
    frontier: Iterable[int],
) -> tuple[int, list[Placement]]:
    """Rule d): the highest level this tile can reach and its placements there."""
    for h in sorted(groups, reverse=True):
        found = stacked_at(orients, h, groups[h], height, top)
        if found:
            return h + 1, found
    return 1, on_table(orients, frontier, height)


def cells_of(placement: Placement) -> tuple[int, ...]:
    o, a = placement
    return tuple(a + d for d in o.rel)


def touches(cells: Iterable[int], height: Mapping[int, int]) -> bool:
    """Whether a set of empty table cells shares an edge with a tile at level 1."""
    return any(n in height for c in cells for n in key_neighbours(c))
