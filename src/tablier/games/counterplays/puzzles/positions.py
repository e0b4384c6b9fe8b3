"""The tiling puzzles played by hand: a position, its legal placements, hints, solutions.

A position is the list of tiles laid so far, in the game's move notation. Only what a
tiling puzzle allows is accepted: each letter once, inside the region, no overlap. The
next tile of a solution (a hint) and a whole solution come from the exact-cover solver,
with a bounded number of search nodes per request.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tablier.core.errors import IllegalMove
from tablier.core.messages import Catalogue
from tablier.games.counterplays.geometry import Cell, cell_of, is_up, key_of
from tablier.games.counterplays.notation import notation, orientation_of, parse
from tablier.games.counterplays.puzzles import regions
from tablier.games.counterplays.puzzles.exact_cover import ExactCover
from tablier.games.counterplays.puzzles.tiling import AREA, placements
from tablier.games.counterplays.shapes import LETTERS, ORIENTATIONS

# search nodes one request may spend (a whole rhombus takes about ten thousand)
BUDGET = 60_000

TEXTS = Catalogue(
    "counterplays.puzzles",
    {
        "refusal.twice": {
            "fr": "la tuile {letter} est déjà posée",
            "en": "tile {letter} is already placed",
        },
        "refusal.outside": {
            "fr": "la tuile {letter} dépasse de la région, en {x},{y}",
            "en": "tile {letter} goes outside the region, at {x},{y}",
        },
        "refusal.overlap": {
            "fr": "la tuile {letter} recouvre une tuile déjà posée, en {x},{y}",
            "en": "tile {letter} covers a tile already placed, at {x},{y}",
        },
        "refusal.no_letter": {
            "fr": "{letter} n'est pas une tuile : les tuiles sont {letters}",
            "en": "{letter} is not a tile: the tiles are {letters}",
        },
        "refusal.not_surrounded_yet": {
            "fr": "la tuile noire n'est pas encore entourée : les tuiles noires attendent",
            "en": "the black tile is not surrounded yet: the black tiles wait",
        },
        "refusal.not_touching": {
            "fr": "la tuile {letter} ne touche rien de ce qui reste à entourer",
            "en": "tile {letter} touches nothing that is still open around the group",
        },
        "refusal.too_many": {
            "fr": "une position a au plus {n} tuiles",
            "en": "a position has at most {n} tiles",
        },
    },
)


@dataclass(frozen=True)
class Puzzle:
    name: str
    region: frozenset[Cell]


def _region(name: str) -> frozenset[Cell]:
    if name == "rhombus":
        return regions.rhombus(6)
    return regions.triangle(8)


PUZZLES = {name: Puzzle(name, _region(name)) for name in ("rhombus", "triangle")}


def obstacle(region: frozenset[Cell]) -> dict[str, Any] | None:
    """Why the twelve tiles cannot cover a region, as figures (None if counting allows it)."""
    ups = sum(1 for c in region if is_up(*c))
    if len(region) != AREA:
        return {"reason": "area", "area": len(region), "needed": AREA, "ups": ups}
    if abs(2 * ups - len(region)) > 2:
        return {"reason": "colour", "ups": ups, "downs": len(region) - ups}
    return None


Laid = list[tuple[str, tuple[Cell, ...]]]


def read_position(puzzle: Puzzle, moves: Iterable[str]) -> Laid:
    """The tiles laid, checked; IllegalMove names the first tile that breaks a rule."""
    laid: Laid = []
    covered: set[Cell] = set()
    moves = list(moves)
    if len(moves) > len(LETTERS):
        raise TEXTS.refuse("refusal.too_many", n=len(LETTERS))
    for move in moves:
        letter, keys = parse(move)
        orientation_of(letter, keys)
        if any(letter == other for other, _ in laid):
            raise TEXTS.refuse("refusal.twice", letter=letter)
        cells = tuple(cell_of(k) for k in keys)
        for x, y in cells:
            if (x, y) not in puzzle.region:
                raise TEXTS.refuse("refusal.outside", letter=letter, x=x, y=y)
            if (x, y) in covered:
                raise TEXTS.refuse("refusal.overlap", letter=letter, x=x, y=y)
        covered.update(cells)
        laid.append((letter, cells))
    return laid


def write(letter: str, cells: Iterable[Cell]) -> str:
    keys = sorted(key_of(x, y) for x, y in cells)
    orient = orientation_of(letter, tuple(keys))
    return str(notation(orient.index, keys[0]))


def legal_placements(puzzle: Puzzle, laid: Laid) -> list[str]:
    """Every placement of a tile not yet laid on free cells of the region."""
    used = {letter for letter, _ in laid}
    free = frozenset(puzzle.region - {c for _, cells in laid for c in cells})
    return [
        write(orient.letter, cells)
        for orient in ORIENTATIONS
        if orient.letter not in used
        for cells in _placements(orient.index, free)
    ]


@lru_cache(maxsize=4096)
def _placements(orient_index: int, free: frozenset[Cell]) -> list[tuple[Cell, ...]]:
    return placements(ORIENTATIONS[orient_index], free)


def complete(puzzle: Puzzle, laid: Laid, budget: int = BUDGET) -> tuple[Laid | None, bool]:
    """The tiles that finish the tiling from `laid` (None if none), and whether the
    search ran out of budget before deciding."""
    if obstacle(puzzle.region) is not None:
        return None, False
    used = {letter for letter, _ in laid}
    free = frozenset(puzzle.region - {c for _, cells in laid for c in cells})
    rows: dict[tuple[str, tuple[Cell, ...]], tuple[object, ...]] = {}
    for orient in ORIENTATIONS:
        if orient.letter in used:
            continue
        for cells in _placements(orient.index, free):
            rows[(orient.letter, cells)] = (orient.letter, *cells)
    left = [letter for letter in LETTERS if letter not in used]
    problem: ExactCover[tuple[str, tuple[Cell, ...]], object] = ExactCover(
        rows, primary=[*left, *free]
    )
    found = problem.first(budget=budget)
    if found is None:
        return None, problem.exhausted
    return sorted(found, key=lambda p: LETTERS.index(p[0])), False


@lru_cache(maxsize=4)
def solution(name: str) -> tuple[tuple[str, tuple[Cell, ...]], ...] | None:
    """One whole tiling of a puzzle's region (worked out once, then remembered)."""
    found, _ = complete(PUZZLES[name], [], budget=10 * BUDGET)
    return tuple(found) if found is not None else None


def hint(puzzle: Puzzle, laid: Laid) -> tuple[str | None, bool]:
    """The next tile of a tiling that keeps every tile laid, and whether the search gave
    up on its budget (then no hint does not prove there is none)."""
    whole = solution(puzzle.name)
    if whole is not None and set(laid) <= set(whole):
        rest = [p for p in whole if p not in laid]
        return (write(*rest[0]) if rest else None), False
    found, gave_up = complete(puzzle, laid)
    if not found:
        return None, gave_up
    return write(*found[0]), False


def observe(puzzle: Puzzle, laid: Laid) -> dict[str, Any]:
    """What the board draws: the same fields as a game's observation, plus the region."""
    cells = []
    for index, (letter, placed) in enumerate(laid):
        for x, y in placed:
            cells.append(
                {
                    "x": x,
                    "y": y,
                    "up": is_up(x, y),
                    "height": 1,
                    "top": index,
                    "top_owner": 0,
                    "top_letter": letter,
                }
            )
    used = {letter for letter, _ in laid}
    return {
        "game": "counterplays",
        "puzzle": puzzle.name,
        "solo": True,
        "region": sorted([x, y] for x, y in puzzle.region),
        "tiles": [
            {"owner": 0, "letter": letter, "cells": [list(c) for c in placed], "level": 1}
            for letter, placed in laid
        ],
        "cells": sorted(cells, key=lambda c: (c["y"], c["x"])),
        "tiles_left": [[c for c in LETTERS if c not in used], []],
        "trays": [0],
        "level_counts": [[len(laid), 0]] if laid else [],
        "top_level": 1 if laid else 0,
        "to_move": 0,
        "reach": {},
        "obstacle": obstacle(puzzle.region),
        "solved": len(laid) == len(LETTERS),
    }


def refusal(exc: IllegalMove) -> dict[str, Any]:
    return {"error": exc.text("en"), "message": exc.to_json()}
