"""Guided first games ("Apprendre en jouant"): each game's lessons as data, replayed
through the engine (see `model`)."""

from __future__ import annotations

from tablier.tutorials import counterplays, kwinty, quiadiquoi, quiwin, turris
from tablier.tutorials.model import (
    Answer,
    Lesson,
    Position,
    Refused,
    Step,
    judge,
    offered,
    position,
)

LESSONS: dict[str, tuple[Lesson, ...]] = {
    "counterplays": counterplays.LESSONS,
    "kwinty": kwinty.LESSONS,
    "quiadiquoi": quiadiquoi.LESSONS,
    "quiwin": quiwin.LESSONS,
    "turris": turris.LESSONS,
}


def lessons(game_id: str) -> tuple[Lesson, ...]:
    return LESSONS.get(game_id, ())


def find(key: str) -> Lesson | None:
    return next(
        (lesson for group in LESSONS.values() for lesson in group if lesson.key == key), None
    )


__all__ = [
    "LESSONS",
    "Answer",
    "Lesson",
    "Position",
    "Refused",
    "Step",
    "find",
    "judge",
    "lessons",
    "offered",
    "position",
]
