"""Every step of every guided lesson replays through the engine: its position is
reached by legal moves, its expected moves are legal, its refused examples are refused
by the engine with the rule the lesson names, and a lesson's last move ends the game."""

from __future__ import annotations

import pytest

import tablier
from tablier.core.errors import IllegalMove
from tablier.tutorials import LESSONS, Lesson, judge, offered, position

ALL = [lesson for group in LESSONS.values() for lesson in group]


def _rule(exc: IllegalMove) -> str:
    # some games wrap the broken rule in a general refusal: the rule is the inner code
    inner = exc.params.get("reason")
    return str(getattr(inner, "code", exc.code))


def test_every_game_with_lessons_is_a_registered_game_and_keys_are_unique() -> None:
    assert set(LESSONS) <= set(tablier.game_ids())
    keys = [lesson.key for lesson in ALL]
    assert len(keys) == len(set(keys))
    assert {"counterplays", "kwinty", "turris"} <= set(LESSONS)


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_each_step_replays_and_its_moves_are_judged_by_the_engine(lesson: Lesson) -> None:
    for index, step in enumerate(lesson.steps):
        state = position(lesson, index)
        # only a closing step to read may show the finished game
        closing = index == len(lesson.steps) - 1 and not step.expect
        assert closing or not state.is_terminal(), (lesson.key, index)
        offer = offered(lesson, index, state)
        if step.expect:
            assert lesson.learner in state.current_players(), (lesson.key, index)
        legal = {str(m) for m in state.legal_moves(lesson.learner)}
        for move in step.expect:
            assert move in legal, (lesson.key, index, move)
            assert judge(lesson, index, move).verdict == "expected"
        for refused in step.refused:
            assert refused.move not in legal
            # the board offers it, so the learner can try it and hear the rule
            assert refused.move in offer
            trial = state.clone()
            with pytest.raises(IllegalMove) as caught:
                trial.apply(lesson.learner, refused.move)
            assert _rule(caught.value).endswith(":" + refused.code), (lesson.key, index)
            answer = judge(lesson, index, refused.move)
            assert answer.verdict == "refused" and answer.after is None
            # the engine's own words, in both languages
            assert answer.said["fr"] == caught.value.text("fr")
            assert answer.said["en"] == caught.value.text("en")
        # a legal move that is not the lesson's gets the step's friendly words
        others = sorted(legal - set(step.expect))
        if step.expect and others:
            answer = judge(lesson, index, others[0])
            assert answer.verdict == "legal"
            assert answer.said == (step.retry or step.ask)
        for said in (step.title, step.ask, step.explain, step.retry or step.ask):
            assert said["fr"].strip() and said["en"].strip() and said["fr"] != said["en"]


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_the_lesson_ends_with_the_learner_winning(lesson: Lesson) -> None:
    last = len(lesson.steps) - 1
    step = lesson.steps[last]
    state = position(lesson, last)
    if step.expect:
        state.apply(lesson.learner, step.expect[0])
    assert state.is_terminal()
    assert state.returns()[lesson.learner] == 1.0


def test_a_wrong_setup_is_caught_by_the_engine() -> None:
    # the replay is the engine's: a lesson whose scripted reply is illegal cannot load
    lesson = ALL[0]
    broken = type(lesson.steps[1])(
        title=lesson.steps[1].title,
        ask=lesson.steps[1].ask,
        explain=lesson.steps[1].explain,
        setup=((1, "a9h"),),
    )
    bad = type(lesson)(
        game=lesson.game,
        key="broken",
        title=lesson.title,
        intro=lesson.intro,
        start=lesson.start,
        learner=lesson.learner,
        steps=(lesson.steps[0], broken),
    )
    with pytest.raises(IllegalMove):
        position(bad, 1)
