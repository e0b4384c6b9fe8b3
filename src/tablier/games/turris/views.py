"""Scoring: the four faces and the roof as seen from outside, and their regions.

A face shows, at each level and each of its three lines of sight, the first cube met
from that side (a recessed cube counts where nothing stands in front of it). The roof
shows the top cube of each column. Each player scores, per view, the size of his
largest 4-connected region.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tablier.games.turris.geometry import FILES, RANKS, cell_at

Grid = list[list[int | None]]

# Per face: (what the viewer stands beside, the lines of sight from left to right as
# that viewer sees them, each line listing its cells from front to back).
FACE_LINES: dict[str, tuple[str, list[tuple[str, tuple[int, int, int]]]]] = {
    "A": (
        "rank 1",
        [(FILES[x], (cell_at(x, 0), cell_at(x, 1), cell_at(x, 2))) for x in (0, 1, 2)],
    ),
    "B": (
        "file c",
        [(RANKS[y], (cell_at(2, y), cell_at(1, y), cell_at(0, y))) for y in (0, 1, 2)],
    ),
    "C": (
        "rank 3",
        [(FILES[x], (cell_at(x, 2), cell_at(x, 1), cell_at(x, 0))) for x in (2, 1, 0)],
    ),
    "D": (
        "file a",
        [(RANKS[y], (cell_at(0, y), cell_at(1, y), cell_at(2, y))) for y in (2, 1, 0)],
    ),
}
VIEW_NAMES = ("A", "B", "C", "D", "roof")
# the roof seen from above, rank 3 at the top: its rows of cells, files left to right
ROOF_ROWS: tuple[tuple[int, int, int], ...] = tuple(
    (cell_at(0, y), cell_at(1, y), cell_at(2, y)) for y in (2, 1, 0)
)


@dataclass
class View:
    """One view: `cells[row][col]` is the owner seen there (None: nothing), rows from
    the top; `depth` says how far behind the front (or below the top) that cube is."""

    name: str
    side: str
    row_labels: list[str]
    column_labels: list[str]
    cells: Grid
    depth: Grid
    regions: list[list[tuple[int, int]]]

    @property
    def points(self) -> list[int]:
        return [len(r) for r in self.regions]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "side": self.side,
            "row_labels": self.row_labels,
            "column_labels": self.column_labels,
            "cells": self.cells,
            "depth": self.depth,
            "points": self.points,
            "regions": [[list(rc) for rc in region] for region in self.regions],
        }


def largest_region(cells: Grid, player: int) -> list[tuple[int, int]]:
    """The biggest 4-connected set of `player`'s squares (the first found on a tie)."""
    rows = len(cells)
    cols = len(cells[0]) if rows else 0
    seen: set[tuple[int, int]] = set()
    best: list[tuple[int, int]] = []
    for r in range(rows):
        for c in range(cols):
            if cells[r][c] != player or (r, c) in seen:
                continue
            region = [(r, c)]
            seen.add((r, c))
            i = 0
            while i < len(region):
                cr, cc = region[i]
                i += 1
                for nr, nc in ((cr - 1, cc), (cr + 1, cc), (cr, cc - 1), (cr, cc + 1)):
                    inside = 0 <= nr < rows and 0 <= nc < cols
                    if inside and (nr, nc) not in seen and cells[nr][nc] == player:
                        seen.add((nr, nc))
                        region.append((nr, nc))
            if len(region) > len(best):
                best = sorted(region)
    return best


def _view(name: str, side: str, rows: list[str], cols: list[str], cells: Grid, depth: Grid) -> View:
    regions = [largest_region(cells, p) for p in (0, 1)]
    return View(name, side, rows, cols, cells, depth, regions)


def compute_views(columns: Sequence[Sequence[int]]) -> dict[str, View]:
    """The five views of a tower given as nine columns of owners, bottom cube first."""
    height = max((len(col) for col in columns), default=0)
    levels = list(range(height, 0, -1))
    views: dict[str, View] = {}
    for name, (side, lines) in FACE_LINES.items():
        cells: Grid = []
        depth: Grid = []
        for z in levels:
            row: list[int | None] = []
            drow: list[int | None] = []
            for _label, line in lines:
                seen: int | None = None
                d: int | None = None
                for k, cell in enumerate(line):
                    if len(columns[cell]) >= z:
                        seen, d = columns[cell][z - 1], k
                        break
                row.append(seen)
                drow.append(d)
            cells.append(row)
            depth.append(drow)
        views[name] = _view(
            name, side, [str(z) for z in levels], [label for label, _ in lines], cells, depth
        )
    roof: Grid = []
    roof_depth: Grid = []
    for roof_row in ROOF_ROWS:
        row = []
        drow = []
        for cell in roof_row:
            col = columns[cell]
            row.append(col[-1] if col else None)
            drow.append(height - len(col) if col else None)
        roof.append(row)
        roof_depth.append(drow)
    views["roof"] = _view(
        "roof", "above", [RANKS[y] for y in (2, 1, 0)], list(FILES), roof, roof_depth
    )
    return views


def totals(views: dict[str, View]) -> list[int]:
    return [sum(v.points[p] for v in views.values()) for p in (0, 1)]
