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
    assert set(LESSONS) == set(tablier.game_ids())


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
        # a written move is offered as a template ("answer:<text>"), not word by word
        legal = {str(m) for m in state.legal_moves(lesson.learner) if "<" not in str(m)}
        for move in step.expect:
            state.clone().apply(lesson.learner, move)  # the engine takes it
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
            # the engine's own reason, in both languages, without the notation
            for lang, this in (("fr", "Ce coup"), ("en", "This move")):
                said, full = answer.said[lang], caught.value.text(lang)
                assert refused.move not in said
                assert said in full or full.replace(refused.move, this, 1) == said
        # a legal move that is not the lesson's gets the step's friendly words
        others = sorted(legal - set(step.expect))
        if step.expect and others:
            answer = judge(lesson, index, others[0])
            assert answer.verdict == "legal"
            assert answer.said == (step.retry or step.ask)
        for text in (step.title, step.ask, step.explain, step.retry or step.ask):
            assert text["fr"].strip() and text["en"].strip() and text["fr"] != text["en"]


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_the_lesson_ends_with_the_learner_winning(lesson: Lesson) -> None:
    last = len(lesson.steps) - 1
    step = lesson.steps[last]
    state = position(lesson, last)
    if step.expect:
        state.apply(lesson.learner, step.expect[0])
    if not lesson.to_the_end:
        # a lesson that stops before the end (QuiAdiQuoi) ends with a step to read
        assert not step.expect and not state.is_terminal()
        return
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


def test_a_written_answer_is_taken_as_the_engine_takes_it() -> None:
    from tablier.tutorials import find

    lesson = find("quiadiquoi-quotes")
    assert lesson is not None
    keys = {"answer:Louis XIV": 3, "answer:Madame Bovary, c'est moi.": 5}
    for expected, index in keys.items():
        assert lesson.steps[index].expect == (expected,)
    # small differences the engine forgives are the lesson's answer too
    for said in ("answer:louis xiv", "answer:Louis XIV ", "answer:Loui XIV"):
        assert judge(lesson, 3, said).verdict == "expected", said
    assert judge(lesson, 5, "answer:madame bovary cest moi").verdict == "expected"
    assert judge(lesson, 6, "recite:Madame Bovary c'est moi").verdict == "expected"
    # a wrong name is legal but not the lesson's: the step asks again, nothing is played
    wrong = judge(lesson, 3, "answer:Charlemagne")
    assert wrong.verdict == "legal" and wrong.after is None
    assert wrong.said == lesson.steps[3].retry
