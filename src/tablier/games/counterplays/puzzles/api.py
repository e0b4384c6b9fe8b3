"""The solo puzzles over HTTP, for the browser: the rhombus to tile by hand, with the
solver as a hint and as a whole solution (mounted by the server: Game.http_routes)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from tablier.core.errors import IllegalMove
from tablier.games.counterplays.geometry import Cell, is_up
from tablier.games.counterplays.notation import orientation_of, parse
from tablier.games.counterplays.puzzles import regions
from tablier.games.counterplays.puzzles.exact_cover import BudgetExceeded, ExactCover
from tablier.games.counterplays.puzzles.tiling import placements
from tablier.games.counterplays.shapes import LETTERS, ORIENTATIONS

router = APIRouter(prefix="/api/games/counterplays/puzzles", tags=["games"])
PUZZLES = {"rhombus": regions.rhombus(6)}
# the solver stops after this many search steps (a hopeless start could take long)
BUDGET = 400_000


class Position(BaseModel):
    model_config = ConfigDict(extra="forbid")
    moves: list[str] = Field(default_factory=list, max_length=12)


def _notation(letter: str, cells: tuple[Cell, ...]) -> str:
    ordered = sorted(cells, key=lambda c: (c[1], c[0]))
    return f"{letter}:" + ";".join(f"{x},{y}" for x, y in ordered)


def _read(region: frozenset[Cell], moves: list[str]) -> list[tuple[str, tuple[Cell, ...]]]:
    """The tiles laid so far, each inside the region, none overlapping or repeated."""
    laid: list[tuple[str, tuple[Cell, ...]]] = []
    covered: set[Cell] = set()
    for move in moves:
        letter, keys = parse(move)
        orientation_of(letter, keys)  # refuses six cells that are not this tile
        _, cells = move.split(":", 1)
        tile = tuple(tuple(int(v) for v in part.split(",")) for part in cells.split(";"))
        cells_of = tuple((c[0], c[1]) for c in tile)
        if letter in {lt for lt, _ in laid}:
            raise ValueError(f"tile {letter} is laid twice")
        if not set(cells_of) <= region or covered & set(cells_of):
            raise ValueError(f"{move}: the tile must lie inside the region, on free triangles")
        covered |= set(cells_of)
        laid.append((letter, cells_of))
    return laid


def _free(region: frozenset[Cell], laid: list[tuple[str, tuple[Cell, ...]]]) -> frozenset[Cell]:
    return region - {c for _, cells in laid for c in cells}


def _options(free: frozenset[Cell], letters: list[str]) -> list[str]:
    return [
        _notation(o.letter, cells)
        for o in ORIENTATIONS
        if o.letter in letters
        for cells in placements(o, free)
    ]


def _observation(
    region: frozenset[Cell], laid: list[tuple[str, tuple[Cell, ...]]]
) -> dict[str, Any]:
    letters = [lt for lt, _ in laid]
    cells = [
        {"x": x, "y": y, "up": is_up(x, y), "height": 1, "top_owner": 0, "top_letter": lt}
        for lt, tile in laid
        for x, y in tile
    ]
    return {
        "tiles": [
            {"owner": 0, "letter": lt, "cells": [list(c) for c in tile], "level": 1}
            for lt, tile in laid
        ],
        "cells": cells,
        "tiles_left": [[lt for lt in LETTERS if lt not in letters], []],
        "level_counts": [[len(laid), 0]],
        "region": [list(c) for c in sorted(region, key=lambda c: (c[1], c[0]))],
        "options": {},
    }


def _solve(free: frozenset[Cell], letters: list[str]) -> list[str] | None:
    rows: dict[tuple[int, tuple[Cell, ...]], tuple[object, ...]] = {}
    for o in ORIENTATIONS:
        if o.letter in letters:
            for cells in placements(o, free):
                rows[(o.index, cells)] = (o.letter, *cells)
    problem: ExactCover[tuple[int, tuple[Cell, ...]], object] = ExactCover(
        rows, primary=[*letters, *free]
    )
    try:
        found = problem.first(budget=BUDGET)
    except BudgetExceeded:
        return None
    if found is None:
        return None
    return [_notation(ORIENTATIONS[i].letter, cells) for i, cells in found]


def _refuse(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _position(
    name: str, body: Position
) -> tuple[frozenset[Cell], list[tuple[str, tuple[Cell, ...]]]]:
    region = PUZZLES[name]
    return region, _read(region, body.moves)


@router.get("", summary="The solo puzzles playable in the browser")
async def puzzle_list() -> list[dict[str, Any]]:
    return [{"id": name, "cells": len(region)} for name, region in PUZZLES.items()]


@router.post("/{name}/state", summary="A position: the tiles laid, what may still be laid")
async def puzzle_state(name: str, body: Position) -> Any:
    if name not in PUZZLES:
        return _refuse(f"no puzzle {name!r}", 404)
    try:
        region, laid = _position(name, body)
    except (IllegalMove, ValueError) as exc:
        return _refuse(str(exc))
    free = _free(region, laid)
    left = [lt for lt in LETTERS if lt not in {x for x, _ in laid}]
    return {
        "observation": _observation(region, laid),
        "legal_moves": _options(free, left),
        "solved": not free,
    }


@router.post("/{name}/hint", summary="The next tile of a solution that keeps the tiles laid")
async def puzzle_hint(name: str, body: Position) -> Any:
    solution = await _solution(name, body)
    if isinstance(solution, JSONResponse):
        return solution
    return {"move": solution[0] if solution else None}


@router.post("/{name}/solution", summary="A whole solution keeping the tiles laid")
async def puzzle_solution(name: str, body: Position) -> Any:
    solution = await _solution(name, body)
    if isinstance(solution, JSONResponse):
        return solution
    return {"moves": solution}


async def _solution(name: str, body: Position) -> list[str] | JSONResponse:
    if name not in PUZZLES:
        return _refuse(f"no puzzle {name!r}", 404)
    try:
        region, laid = _position(name, body)
    except (IllegalMove, ValueError) as exc:
        return _refuse(str(exc))
    left = [lt for lt in LETTERS if lt not in {x for x, _ in laid}]
    found = await asyncio.to_thread(_solve, _free(region, laid), left)
    if found is None:
        return _refuse("no solution keeps these tiles: take some back", 409)
    return found
