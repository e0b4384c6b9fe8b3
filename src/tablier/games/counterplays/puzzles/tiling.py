"""Puzzle 3: lay the twelve white tiles, one of each letter, edge to edge over a region.

Before searching, two counting arguments can settle a region at once:

- *area*: the twelve tiles cover 12 × 6 = 72 triangles, so a region of another size
  cannot be tiled (an equilateral triangle of side n has n² triangles, never 72);
- *colour*: ten tiles cover as many up as down triangles in every orientation, and P
  and A cover four of one and two of the other, so the region's up and down counts may
  differ by at most 2.

Otherwise the tiling is an exact cover: each cell once, each letter once.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from tablier.games.counterplays.geometry import Cell, is_up, reflect, rotate60
from tablier.games.counterplays.puzzles.exact_cover import ExactCover
from tablier.games.counterplays.shapes import LETTERS, ORIENTATIONS, Orientation

TILE_AREA = 6
AREA = TILE_AREA * len(LETTERS)

# A tile laid on the grid: its orientation's index and the cells it covers.
Piece = tuple[int, tuple[Cell, ...]]


@dataclass
class TilingResult:
    region: frozenset[Cell]
    pieces: list[Piece] | None = None
    impossible: str | None = None  # the reason, when a counting argument settles it
    exhausted_search: bool = False  # the whole search ran and found nothing
    nodes: int = 0
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    @property
    def solved(self) -> bool:
        return self.pieces is not None


def placements(orient: Orientation, region: frozenset[Cell]) -> list[tuple[Cell, ...]]:
    """Every translate of `orient` lying wholly inside `region`."""
    fx, fy = orient.cells[0]
    first_up = is_up(fx, fy)
    found = []
    for ax, ay in region:
        if is_up(ax, ay) != first_up:
            continue  # a translation keeps every cell's direction
        dx, dy = ax - fx, ay - fy
        cells = tuple((x + dx, y + dy) for x, y in orient.cells)
        if all(c in region for c in cells):
            found.append(cells)
    return sorted(found)


def counting_obstacle(region: frozenset[Cell]) -> str | None:
    """Why the twelve tiles cannot cover `region` exactly, if counting alone shows it."""
    if len(region) != AREA:
        return (
            f"the region has {len(region)} triangles but the twelve tiles cover exactly "
            f"{AREA} (12 tiles × 6 triangles)"
        )
    ups = sum(1 for c in region if is_up(*c))
    downs = len(region) - ups
    if abs(ups - downs) > 2:
        return (
            f"the region has {ups} triangles pointing up and {downs} pointing down; ten "
            "tiles always cover 3 of each and P and A cover 4 and 2, so the counts can "
            "differ by 2 at most"
        )
    return None


def exact_cover_for(region: frozenset[Cell]) -> ExactCover[Piece, object]:
    rows: dict[Piece, tuple[object, ...]] = {}
    for orient in ORIENTATIONS:
        for cells in placements(orient, region):
            rows[(orient.index, cells)] = (orient.letter, *cells)
    return ExactCover(rows, primary=[*LETTERS, *region])


def tile(region: Iterable[Cell], budget: int | None = None) -> TilingResult:
    """One tiling of `region` by the twelve tiles, or why there is none."""
    area = frozenset(region)
    result = TilingResult(area)
    reason = counting_obstacle(area)
    if reason is not None:
        result.impossible = reason
        return result
    start = time.perf_counter()
    problem = exact_cover_for(area)
    solution = problem.first(budget=budget)
    result.seconds = time.perf_counter() - start
    result.nodes = problem.nodes
    if solution is not None:
        result.pieces = sorted(solution, key=lambda p: LETTERS.index(ORIENTATIONS[p[0]].letter))
    else:
        result.exhausted_search = not problem.exhausted
    return result


def region_symmetries(region: frozenset[Cell]) -> list[dict[Cell, Cell]]:
    """The symmetries of the grid that map `region` onto itself, as maps of its cells.

    The identity is always among them; a rhombus has 4, a regular hexagon 12.
    """
    cells = sorted(region, key=lambda c: (c[1], c[0]))
    found: list[dict[Cell, Cell]] = []
    for flipped in (False, True):
        image = list(reflect(cells)) if flipped else list(cells)
        for _ in range(6):
            lowest = min(image, key=lambda c: (c[1], c[0]))
            dx, dy = cells[0][0] - lowest[0], cells[0][1] - lowest[1]
            moved = [(x + dx, y + dy) for x, y in image]
            if (dx + dy) % 2 == 0 and set(moved) == region:
                mapping = dict(zip(cells, moved, strict=True))
                if mapping not in found:
                    found.append(mapping)
            image = list(rotate60(image))
    return found


def canonical(
    pieces: Iterable[Iterable[Cell]], symmetries: list[dict[Cell, Cell]]
) -> tuple[tuple[Cell, ...], ...]:
    """One name for a tiling and all its images under the region's symmetries."""
    shapes = [tuple(p) for p in pieces]
    return min(
        tuple(sorted(tuple(sorted(m[c] for c in shape)) for shape in shapes)) for m in symmetries
    )


@dataclass
class TilingCount:
    tilings: int  # every tiling, mirror images and turns counted apart
    distinct: int  # up to the symmetries of the region
    symmetries: int
    complete: bool  # False when the budget stopped the count
    nodes: int
    seconds: float


def count_tilings(region: Iterable[Cell], budget: int | None = None) -> TilingCount:
    """Count the tilings of `region` by the twelve tiles (a long search for big regions)."""
    area = frozenset(region)
    start = time.perf_counter()
    symmetries = region_symmetries(area)
    if counting_obstacle(area) is not None:
        return TilingCount(0, 0, len(symmetries), True, 0, 0.0)
    problem = exact_cover_for(area)
    names = set()
    total = 0
    for solution in problem.solutions(budget=budget):
        total += 1
        names.add(canonical([cells for _, cells in solution], symmetries))
    return TilingCount(
        total,
        len(names),
        len(symmetries),
        not problem.exhausted,
        problem.nodes,
        time.perf_counter() - start,
    )
