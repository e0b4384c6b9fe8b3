"""The guided first games over HTTP: each step's position as the learner sees it, and
the engine's verdict on a move the learner tries (see `tablier.tutorials`).

Nothing is kept between requests: a step's position is replayed from the lesson's data.
The moves a step expects are never sent ahead; the board offers the legal moves and the
lesson's refused examples, and the server judges what the learner plays.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from tablier.core.state import State
from tablier.server.solo_state import solo_state_message
from tablier.server.words import spoken_moves
from tablier.tutorials import Lesson, find, judge, lessons, offered, position

router = APIRouter(tags=["tutorials"])


class Try(BaseModel):
    model_config = ConfigDict(extra="forbid")
    move: str = Field(min_length=1, max_length=200)


def _missing(what: str) -> JSONResponse:
    return JSONResponse({"error": what}, status_code=404)


def _lesson(game_id: str, key: str) -> Lesson | None:
    lesson = find(key)
    return lesson if lesson is not None and lesson.game == game_id else None


def _state_message(lesson: Lesson, index: int, state: State, *, can_play: bool) -> dict[str, Any]:
    """The same message a room sends a seat (docs/protocol.md), so the real board draws it."""
    seat = lesson.learner
    return solo_state_message(state, seat, offered(lesson, index, state) if can_play else [])


def _recent(state: State, seat: int, count: int) -> list[dict[str, Any]]:
    """The last `count` moves as `seat` may know them: who, and the words (the move
    list's own, so a secret choice stays secret)."""
    moves = state.public_history(seat)
    said = spoken_moves(state, seat)
    if not count or len(moves) != len(state.history) or len(said) != len(moves):
        return []
    return [
        {"seat": player, "words": words}
        for (player, _), words in zip(moves[-count:], said[-count:], strict=True)
        if words is not None
    ]


def _summary(lesson: Lesson) -> dict[str, Any]:
    return {
        "key": lesson.key,
        "game": lesson.game,
        "title": dict(lesson.title),
        "intro": dict(lesson.intro),
        "learner": lesson.learner,
        "steps": len(lesson.steps),
    }


@router.get("/api/tutorials/{game_id}", summary="A game's guided lessons")
async def game_lessons(game_id: str) -> Any:
    found = lessons(game_id)
    if not found:
        return _missing(f"no lesson for {game_id!r}")
    return {"game": game_id, "lessons": [_summary(lesson) for lesson in found]}


@router.get("/api/tutorials/{game_id}/{key}/{index}", summary="One step of a lesson")
async def lesson_step(game_id: str, key: str, index: int) -> Any:
    lesson = _lesson(game_id, key)
    if lesson is None:
        return _missing(f"no lesson {key!r} for {game_id!r}")
    if not 0 <= index < len(lesson.steps):
        return _missing(f"lesson {key!r} has {len(lesson.steps)} steps")
    step = lesson.steps[index]
    state = position(lesson, index)
    asks = bool(step.expect)
    return {
        # what the other seats just did (the step's scripted moves), in words
        "before": _recent(state, lesson.learner, len(step.setup)),
        "lesson": _summary(lesson),
        "index": index,
        "title": dict(step.title),
        "ask": dict(step.ask),
        # a step to read: its explanation comes with it
        "asks_move": asks,
        "explain": None if asks else dict(step.explain),
        "state": _state_message(lesson, index, state, can_play=asks),
    }


@router.post("/api/tutorials/{game_id}/{key}/{index}", summary="Judge the learner's move")
async def try_move(game_id: str, key: str, index: int, body: Try) -> Any:
    lesson = _lesson(game_id, key)
    if lesson is None:
        return _missing(f"no lesson {key!r} for {game_id!r}")
    if not 0 <= index < len(lesson.steps) or not lesson.steps[index].expect:
        return JSONResponse({"error": "this step asks for no move"}, status_code=400)
    answer = judge(lesson, index, body.move)
    return {
        "verdict": answer.verdict,
        "code": answer.code,
        "said": dict(answer.said),
        "state": None
        if answer.after is None
        else _state_message(lesson, index, answer.after, can_play=False),
    }
