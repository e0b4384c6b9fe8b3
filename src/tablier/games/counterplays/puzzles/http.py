"""Counterplays' tiling puzzles over HTTP: played by hand in the browser.

The client sends the tiles it has laid (move notation); the server checks them and
answers with what the board draws, the legal placements left, a hint (the next tile of
a tiling that keeps those tiles) or a whole solution. Every search is bounded, and
runs in the server's computer pool, charged to its asker (core/background.py).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from tablier.core.background import background_search as search
from tablier.core.errors import IllegalMove
from tablier.games.counterplays.puzzles import positions, stack_play, surround_play
from tablier.games.counterplays.shapes import LETTERS

router = APIRouter(prefix="/api/puzzles", tags=["puzzles"])


class Position(BaseModel):
    tiles: list[str] = Field(default_factory=list, max_length=12)


class Stack(BaseModel):
    moves: list[str] = Field(default_factory=list, max_length=stack_play.MAX_MOVES)


class Surround(BaseModel):
    letter: str = Field(default="O", max_length=1)
    whites: list[str] = Field(default_factory=list, max_length=len(LETTERS))
    blacks: list[str] = Field(default_factory=list, max_length=len(LETTERS))


def _refused(exc: IllegalMove) -> JSONResponse:
    return JSONResponse(positions.refusal(exc), status_code=422)


# ------------------------------------------------------------------ level 6 (stacking)
@router.post("/level6/position", summary="Level 6: the stack after these moves")
async def stack_position(body: Stack) -> Any:
    try:
        return await run_in_threadpool(stack_play.view, body.moves)
    except IllegalMove as exc:
        return _refused(exc)


@router.post("/level6/hint", summary="Level 6: the next move of a line reaching level 6")
async def stack_hint(body: Stack, request: Request) -> Any:
    try:
        stack_play.replay(body.moves)
    except IllegalMove as exc:
        return _refused(exc)
    line, gave_up = await search(request, stack_play.line_from, body.moves)
    return {"move": line[0] if line else None, "gave_up": gave_up}


@router.post("/level6/solution", summary="Level 6: a whole line, from here if the solver can")
async def stack_solution(body: Stack, request: Request) -> Any:
    try:
        stack_play.replay(body.moves)
    except IllegalMove as exc:
        return _refused(exc)
    line, gave_up = await search(request, stack_play.line_from, body.moves)
    if line:
        return {"moves": body.moves + line, "kept": len(body.moves), "gave_up": False}
    known = await run_in_threadpool(stack_play.known_line)
    full = stack_play._to_target(list(known)) if known else None
    return {"moves": full, "kept": 0, "gave_up": gave_up}


# ------------------------------------------------------------------ surround
@router.post("/surround/position", summary="Surround: the tiles laid around the black one")
async def surround_position(body: Surround) -> Any:
    try:
        found = surround_play.read(body.letter, body.whites, body.blacks)
    except IllegalMove as exc:
        return _refused(exc)
    return await run_in_threadpool(surround_play.view, found)


@router.post("/surround/hint", summary="Surround: the first tile of a shortest completion")
async def surround_hint(body: Surround, request: Request) -> Any:
    try:
        found = surround_play.read(body.letter, body.whites, body.blacks)
    except IllegalMove as exc:
        return _refused(exc)
    move, gave_up = await search(request, surround_play.hint, found)
    return {"move": move, "gave_up": gave_up, "part": 2 if found.surrounded else 1}


@router.post("/surround/solution", summary="Surround: the solver's minimum and follow-up")
async def surround_solution(body: Surround, request: Request) -> Any:
    try:
        found = surround_play.read(body.letter, [], [])
    except IllegalMove as exc:
        return _refused(exc)
    return await search(request, surround_play.solution, found.letter)


def _puzzle(name: str) -> positions.Puzzle | JSONResponse:
    puzzle = positions.PUZZLES.get(name)
    if puzzle is None:
        known = ", ".join(positions.PUZZLES)
        return JSONResponse({"error": f"no puzzle {name!r}; puzzles: {known}"}, status_code=404)
    return puzzle


@router.get("", summary="The puzzles that can be played in the browser")
async def list_puzzles() -> list[dict[str, Any]]:
    tilings = [
        {"name": p.name, "cells": len(p.region), "obstacle": positions.obstacle(p.region)}
        for p in positions.PUZZLES.values()
    ]
    return [{"name": "level6"}, {"name": "surround"}, *tilings]


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
async def hint(name: str, body: Position, request: Request) -> Any:
    puzzle = _puzzle(name)
    if isinstance(puzzle, JSONResponse):
        return puzzle
    try:
        laid = positions.read_position(puzzle, body.tiles)
    except IllegalMove as exc:
        return JSONResponse(positions.refusal(exc), status_code=422)
    move, gave_up = await search(request, positions.hint, puzzle, laid)
    return {"move": move, "gave_up": gave_up, "obstacle": positions.obstacle(puzzle.region)}


@router.post("/{name}/solution", summary="A whole tiling (from the tiles laid if possible)")
async def solve(name: str, body: Position, request: Request) -> Any:
    puzzle = _puzzle(name)
    if isinstance(puzzle, JSONResponse):
        return puzzle
    try:
        laid = positions.read_position(puzzle, body.tiles)
    except IllegalMove as exc:
        return JSONResponse(positions.refusal(exc), status_code=422)
    found, gave_up = await search(request, positions.complete, puzzle, laid)
    if found is not None:
        tiles = [positions.write(*p) for p in laid + found]
        return {"tiles": tiles, "kept": len(laid), "gave_up": False}
    whole = await run_in_threadpool(positions.solution, name)
    fresh = [positions.write(*p) for p in whole] if whole else None
    return {"tiles": fresh, "kept": 0, "gave_up": gave_up}
