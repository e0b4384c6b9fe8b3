"""Counterplays' tiling puzzles over HTTP: played by hand in the browser.

The client sends the tiles it has laid (move notation); the server checks them and
answers with what the board draws, the legal placements left, a hint (the next tile of
a tiling that keeps those tiles) or a whole solution. Every search is bounded.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from tablier.core.errors import IllegalMove
from tablier.games.counterplays.puzzles import positions

router = APIRouter(prefix="/api/puzzles", tags=["puzzles"])


class Position(BaseModel):
    tiles: list[str] = Field(default_factory=list, max_length=12)


def _puzzle(name: str) -> positions.Puzzle | JSONResponse:
    puzzle = positions.PUZZLES.get(name)
    if puzzle is None:
        known = ", ".join(positions.PUZZLES)
        return JSONResponse({"error": f"no puzzle {name!r}; puzzles: {known}"}, status_code=404)
    return puzzle


@router.get("", summary="The puzzles that can be played in the browser")
async def list_puzzles() -> list[dict[str, Any]]:
    return [
        {"name": p.name, "cells": len(p.region), "obstacle": positions.obstacle(p.region)}
        for p in positions.PUZZLES.values()
    ]


@router.post("/{name}/position", summary="Check a position: what to draw and what is legal")
async def check(name: str, body: Position) -> Any:
    puzzle = _puzzle(name)
    if isinstance(puzzle, JSONResponse):
        return puzzle
    try:
        laid = positions.read_position(puzzle, body.tiles)
    except IllegalMove as exc:
        return JSONResponse(positions.refusal(exc), status_code=422)
    legal = await run_in_threadpool(positions.legal_placements, puzzle, laid)
    return {"observation": positions.observe(puzzle, laid), "legal_moves": legal}


@router.post("/{name}/hint", summary="The next tile of a tiling keeping the tiles laid")
async def hint(name: str, body: Position) -> Any:
    puzzle = _puzzle(name)
    if isinstance(puzzle, JSONResponse):
        return puzzle
    try:
        laid = positions.read_position(puzzle, body.tiles)
    except IllegalMove as exc:
        return JSONResponse(positions.refusal(exc), status_code=422)
    move, gave_up = await run_in_threadpool(positions.hint, puzzle, laid)
    return {"move": move, "gave_up": gave_up, "obstacle": positions.obstacle(puzzle.region)}


@router.post("/{name}/solution", summary="A whole tiling (from the tiles laid if possible)")
async def solve(name: str, body: Position) -> Any:
    puzzle = _puzzle(name)
    if isinstance(puzzle, JSONResponse):
        return puzzle
    try:
        laid = positions.read_position(puzzle, body.tiles)
    except IllegalMove as exc:
        return JSONResponse(positions.refusal(exc), status_code=422)
    found, gave_up = await run_in_threadpool(positions.complete, puzzle, laid)
    if found is not None:
        tiles = [positions.write(*p) for p in laid + found]
        return {"tiles": tiles, "kept": len(laid), "gave_up": False}
    whole = await run_in_threadpool(positions.solution, name)
    fresh = [positions.write(*p) for p in whole] if whole else None
    return {"tiles": fresh, "kept": 0, "gave_up": gave_up}
