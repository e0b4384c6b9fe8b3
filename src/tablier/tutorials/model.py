"""A guided first game as data: positions reached by replaying moves through the engine.

A `Lesson` is one game (options, seed, seats) and a list of `Step`s. Each step starts
where the previous one ended (its learner's move played), after the step's own `setup`
moves (the computer's scripted replies); a step with `restart` starts afresh from a new
position instead. The engine is the only judge: a try is refused with the engine's own
reason, a legal move that is not the lesson's gets the step's friendly `retry` words.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import tablier
from tablier.core.errors import IllegalMove
from tablier.core.messages import Message
from tablier.core.state import State

# a text in both languages: {"fr": ..., "en": ...}
Said = Mapping[str, str]
Played = tuple[int, str]


def say(fr: str, en: str) -> Said:
    return {"fr": fr, "en": en}


@dataclass(frozen=True)
class Refused:
    """A try the board offers although the engine refuses it: the lesson's example of a
    rule, refused with the engine's code `code` (its key, e.g. "refusal.short_faces")."""

    move: str
    code: str


@dataclass(frozen=True)
class Position:
    """A fresh position: the lesson's game with these options, dealt by `seed`, and
    `moves` replayed from the start."""

    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 1
    moves: Sequence[Played] = ()
    num_players: int | None = None
    # more arguments of `new_state` (Qui'win's explicit `deal`...)
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    title: Said
    ask: Said
    # what the learner reads once the step is done
    explain: Said
    # the moves the lesson wants; the first is the one the lesson goes on with.
    # Empty: a step to read, the learner presses "Continuer".
    expect: Sequence[str] = ()
    # said to a legal move that is not the lesson's
    retry: Said | None = None
    refused: Sequence[Refused] = ()
    # moves played before the step asks (the computer's replies, scripted)
    setup: Sequence[Played] = ()
    restart: Position | None = None


@dataclass(frozen=True)
class Lesson:
    game: str
    key: str
    title: Said
    intro: Said
    start: Position
    learner: int
    steps: Sequence[Step]
    # False: the lesson stops before the game is over (it says how the game is won)
    to_the_end: bool = True


def _fresh(lesson: Lesson, start: Position) -> State:
    game = tablier.load(lesson.game, **dict(start.options))
    extra = dict(start.extra)
    if start.num_players is not None:
        extra["num_players"] = start.num_players
    state = game.new_state(seed=start.seed, **extra)
    for player, move in start.moves:
        state.apply(player, move)
    return state


def position(lesson: Lesson, index: int) -> State:
    """The position in which step `index` asks its question (its setup played)."""
    if not 0 <= index < len(lesson.steps):
        raise IndexError(f"{lesson.key} has no step {index}")
    state = _fresh(lesson, lesson.start)
    for i, step in enumerate(lesson.steps[: index + 1]):
        if step.restart is not None:
            state = _fresh(lesson, step.restart)
        for player, move in step.setup:
            state.apply(player, move)
        if i < index and step.expect:
            state.apply(lesson.learner, step.expect[0])
    return state


Verdict = Literal["expected", "legal", "refused"]

# what stands for the refused move in the engine's sentence: the learner just made it
THIS_MOVE: Said = say("Ce coup", "This move")


def refusal_words(exc: IllegalMove) -> Said:
    """The engine's reason for a refusal, in words: the rule itself where the refusal
    wraps one ("'Vb2' est refusé : <rule>"), else the sentence with "this move" in
    place of the notation."""
    for key in ("reason", "why"):
        inner = exc.params.get(key)
        if isinstance(inner, Message):
            return inner.texts()
    if "move" in exc.params:
        return Message(exc.reason.code, {**exc.params, "move": THIS_MOVE}).texts()
    return exc.reason.texts()


@dataclass(frozen=True)
class Answer:
    verdict: Verdict
    # the engine's refusal (code and texts) or the step's words
    code: str | None
    said: Said
    after: State | None


def judge(lesson: Lesson, index: int, move: str) -> Answer:
    """What the lesson says to the learner's `move` in step `index`."""
    step = lesson.steps[index]
    state = position(lesson, index)
    trial = state.clone()
    try:
        trial.apply(lesson.learner, move)
    except IllegalMove as exc:
        return Answer("refused", exc.code, refusal_words(exc), None)
    if move in step.expect or str(trial.history[-1][1]) in step.expect:
        return Answer("expected", None, step.explain, trial)
    if step.expect and _same_as_expected(state, lesson.learner, step.expect[0], trial):
        # a written answer the engine takes as the expected one (accents, a surname...)
        return Answer("expected", None, step.explain, trial)
    return Answer("legal", None, step.retry or step.ask, None)


def _seen(state: State) -> str:
    seen = dict(state.observation(None))
    seen.pop("moves", None)
    return json.dumps(seen, sort_keys=True, ensure_ascii=False)


def _same_as_expected(state: State, learner: int, expected: str, trial: State) -> bool:
    """Whether `trial` (the learner's written move played) is the position the expected
    move makes, as everyone sees it, the learner's own words aside: the engine took
    both the same way (accents, a surname, a small typo...)."""
    kind, colon, words = expected.partition(":")
    played = str(trial.history[-1][1])
    if not colon or not played.startswith(kind + ":"):
        return False
    wanted = state.clone()
    wanted.apply(learner, expected)
    own = json.dumps(played.partition(":")[2], ensure_ascii=False)
    return _seen(trial).replace(own, json.dumps(words, ensure_ascii=False)) == _seen(wanted)


def offered(lesson: Lesson, index: int, state: State) -> list[str]:
    """The moves the board lets the learner try: the legal ones and the lesson's
    refused examples (so a rule can be tried and heard)."""
    if lesson.learner not in state.current_players():
        return []
    legal = [str(m) for m in state.legal_moves(lesson.learner)]
    extra = [r.move for r in lesson.steps[index].refused if r.move not in legal]
    return legal + extra
