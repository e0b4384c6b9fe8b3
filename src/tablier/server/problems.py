"""Problems from real games over HTTP (`tablier.puzzles`): the list, one problem, the
problem of the day, the verdict on a try, and the Glicko-2 update of a player's rating.

The check is done here: a problem is sent without its key move, and the solution (the
key move's line, and the engine's refutation of a wrong move) comes back only with the
verdict on the player's first try.
"""

from __future__ import annotations

import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from tablier.core.errors import IllegalMove
from tablier.core.state import State
from tablier.puzzles import rating as glicko
from tablier.puzzles import store
from tablier.puzzles.verify import METHODS, fast_key
from tablier.server.solo_state import solo_state_message
from tablier.server.words import spoken_moves

router = APIRouter(tags=["problems"])
GameQuery = Annotated[str | None, Query(max_length=40)]


class Try(BaseModel):
    model_config = ConfigDict(extra="forbid")
    move: str = Field(min_length=1, max_length=200)


class Result(BaseModel):
    """The player's rating as the browser keeps it, and how the try went."""

    model_config = ConfigDict(extra="forbid")
    solved: bool
    rating: float = Field(default=glicko.START[0], ge=0, le=4000)
    rd: float = Field(default=glicko.START[1], gt=0, le=500)
    vol: float = Field(default=glicko.START[2], gt=0, le=1)
    problem_rating: float | None = Field(default=None, ge=0, le=4000)
    problem_rd: float | None = Field(default=None, gt=0, le=500)


def _missing(problem_id: str) -> JSONResponse:
    return JSONResponse({"error": f"no problem {problem_id!r}"}, status_code=404)


def _state_message(state: State, seat: int, *, can_play: bool) -> dict[str, Any]:
    """The message a room sends a seat (docs/protocol.md), so the game's real board draws it."""
    legal = [str(m) for m in state.legal_moves(seat)] if can_play else []
    return solo_state_message(state, seat, legal)


def _summary(problem: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": problem["id"],
        "game": problem["game"],
        "seat": problem["seat"],
        "rating": problem["rating"],
        "win_in": problem["win_in"],
        "legal": problem["legal"],
        "tempting": problem["tempting"],
        # "forced": a forced win in `win_in` own moves; "exact": the move that wins the game
        "kind": METHODS[problem["game"]],
    }


def _view(problem: dict[str, Any]) -> dict[str, Any]:
    state = store.position(problem)
    pool = store.problems(problem["game"])
    at = next(i for i, p in enumerate(pool) if p["id"] == problem["id"])
    return {
        **_summary(problem),
        "number": at + 1,
        "count": len(pool),
        "next": pool[(at + 1) % len(pool)]["id"],
        "state": _state_message(state, problem["seat"], can_play=True),
    }


def _played(state: State, moves: list[list[Any]]) -> list[dict[str, Any]]:
    """Moves played on from `state` (which they change), each with its words and the
    position it leaves."""
    shown: list[dict[str, Any]] = []
    for player, move in moves:
        state.apply(player, move)
        words = spoken_moves(state, None)
        shown.append({
            "player": player,
            "move": move,
            "words": words[-1] if words else None,
            "state": _state_message(state, player, can_play=False),
        })  # fmt: skip
    return shown


def _canonical(state: State, seat: int, text: str) -> str:
    """The legal move `text` names, in its canonical notation (a Turris removal may name
    either cube); IllegalMove when it names none."""
    legal = [str(m) for m in state.legal_moves(seat)]
    if text in legal:
        return text
    probe = state.clone()
    probe.apply(seat, text)
    reached = fast_key(probe)
    for move in legal:
        other = state.clone()
        other.apply(seat, move)
        if fast_key(other) == reached:
            return move
    return text


@router.get("/api/problems", summary="The problems from real games, per game")
async def list_problems(game: GameQuery = None) -> Any:
    if game is not None and game not in METHODS:
        return JSONResponse(
            {"error": f"no problems for {game!r}; the games: {', '.join(store.GAMES)}"},
            status_code=404,
        )
    games = [game] if game else list(store.GAMES)
    return {
        "counts": {g: len(store.problems(g)) for g in games},
        "problems": [_summary(p) for g in games for p in store.problems(g)],
    }


@router.get("/api/problems/daily", summary="The problem of the day")
async def daily_problem(
    day: Annotated[datetime.date | None, Query(alias="date")] = None,
    game: GameQuery = None,
) -> Any:
    if game is not None and game not in METHODS:
        return JSONResponse({"error": f"no problems for {game!r}"}, status_code=404)
    chosen = store.daily(day or datetime.datetime.now(datetime.UTC).date(), game)
    if chosen is None:
        return JSONResponse({"error": "no problem shipped"}, status_code=404)
    return _view(chosen)


@router.get("/api/problems/{problem_id}", summary="One problem, without its solution")
async def one_problem(problem_id: str) -> Any:
    problem = store.find(problem_id)
    return _missing(problem_id) if problem is None else _view(problem)


@router.post("/api/problems/{problem_id}/try", summary="The verdict on a move, and the solution")
async def try_move(problem_id: str, body: Try) -> Any:
    problem = store.find(problem_id)
    if problem is None:
        return _missing(problem_id)
    seat = problem["seat"]
    state = store.position(problem)
    try:
        move = _canonical(state, seat, body.move)
    except IllegalMove as exc:
        return JSONResponse(
            {"error": exc.text("en"), "code": exc.code, "params": dict(exc.params),
             "message": {"fr": exc.text("fr"), "en": exc.text("en")}},
            status_code=400,
        )  # fmt: skip
    solved = move == problem["key"]
    answer: list[list[Any]] = [] if solved else problem["refutations"].get(move, [])
    tried = _played(state.clone(), [[seat, move], *answer])
    return {
        "solved": solved,
        "move": move,
        # for a wrong move: -1 it loses, 0 it does not win, 1 it wins but more slowly
        "outcome": 1 if solved else problem["outcomes"].get(move, 0),
        "played": tried[0],
        "refutation": tried[1:],
        "solution": _played(state, problem["line"]),
        "win_in": problem["win_in"],
    }


@router.post("/api/problems/{problem_id}/result", summary="Glicko-2 ratings after a try")
async def result(problem_id: str, body: Result) -> Any:
    problem = store.find(problem_id)
    if problem is None:
        return _missing(problem_id)
    player = glicko.Rating(body.rating, body.rd, body.vol)
    own = glicko.Rating(
        body.problem_rating if body.problem_rating is not None else float(problem["rating"]),
        body.problem_rd if body.problem_rd is not None else glicko.PROBLEM_RD,
        glicko.PROBLEM_VOL,
    )
    new_player, new_problem = glicko.after_try(player, own, body.solved)
    return {"player": new_player.data(), "problem": new_problem.data()}
