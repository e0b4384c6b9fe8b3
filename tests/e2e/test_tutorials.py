"""The guided first games in the browser: each game's lessons completed on the real
board, by clicks on a desktop and by taps on a 360-px phone. Each step's refused
examples are tried first (the engine's refusal is shown), then the lesson's move; a
screenshot of every step goes to the screenshots folder."""

from __future__ import annotations

from typing import Any

import pytest
from e2e_helpers import DESKTOP, PHONE, expect, page_errors, shot

from tablier.tutorials import LESSONS, Lesson

pytestmark = pytest.mark.e2e


def _press(page: Any, locator: Any, touch: bool) -> None:
    if touch:
        locator.tap()
    else:
        locator.click()


def _kwinty(page: Any, move: str, touch: bool) -> bool:
    """Play `move` as a person does: the orientation button, then the column."""
    board = page.locator("kwinty-board")
    if move == "pass":
        _press(page, board.locator("[data-move=pass]"), touch)
        return True
    column = board.locator(f".hits rect[data-col={move[0]}]")
    for _ in range(2):
        if column.get_attribute("data-move") == move:
            _press(page, column, touch)
            if touch:  # the first touch shows where the piece lands, the second plays
                _press(page, column, touch)
            return True
        _press(page, board.locator("[data-action=rotate]"), touch)
    return False


def _turris(page: Any, move: str, touch: bool) -> bool:
    """A column of the base plan, then the placement among its choices; a removal by
    the bonus's buttons. Moves the board does not offer (it explains why itself) are
    left alone."""
    board = page.locator("turris-board")
    if move.startswith("x"):
        if board.locator(".tr-removals").count() == 0:
            _press(page, board.locator("[data-action=bonus-remove]"), touch)
        button = board.locator(f".tr-removals [data-move='{move}']")
        if not button.count():
            return False
        _press(page, button, touch)
        return True
    if move in ("skip", "pass"):
        _press(page, board.locator(f"[data-move={move}]"), touch)
        return True
    cell = board.locator(f".tr-pad-cell[data-cell={move[1:3]}]")
    _press(page, cell, touch)
    option = board.locator(f".tr-options [data-move={move}]")
    expect(option).to_be_visible()
    _press(page, option, touch)
    return True


def _counterplays(page: Any, move: str, touch: bool) -> bool:
    """The tile in the tray, then a lit triangle of the table: with a mouse, the tile is
    turned until the placement under the pointer is the one wanted; with taps, the
    placements covering the tapped triangle are looked through and one is confirmed."""
    board = page.locator("counterplays-board")
    letter, cells = move[0], move[2:].split(";")
    if not board.locator(f".cp-tray.active .cp-tile.chosen[data-letter={letter}]").count():
        _press(page, board.locator(f".cp-tray.active .cp-tile[data-letter={letter}]"), touch)
    if touch:
        _press(page, board.locator(f'.cp-spots polygon[data-cell="{cells[0]}"]'), touch)
        ghost = board.locator(".ghost.pending")
        for _ in range(40):
            expect(ghost).to_have_count(1)
            if ghost.get_attribute("data-move") == move:
                _press(page, board.locator(".cp-confirm [data-action=confirm]"), touch)
                return True
            _press(page, board.locator(".cp-confirm [data-action=next]"), touch)
        return False
    for turn in range(12):
        for cell in cells:
            spot = board.locator(f'.cp-spots polygon.now[data-cell="{cell}"]')
            if not spot.count():
                continue
            spot.hover()
            ghost = board.locator(".ghost.snapped")
            if ghost.count() and ghost.get_attribute("data-move") == move:
                spot.click()
                return True
        _press(
            page,
            board.locator("[data-action=flip]" if turn == 5 else "[data-action=rotate]"),
            touch,
        )
    return False


def _quiwin(page: Any, move: str, touch: bool) -> bool:
    """A tile of the hand, an action pawn, or the tile to give up: each is a button."""
    button = page.locator(f'quiwin-board [data-move="{move}"]:not([disabled])').first
    _press(page, button, touch)
    return True


def _quiadiquoi(page: Any, move: str, touch: bool) -> bool:
    """A compartment then the way to pay for it; a written answer typed in its field
    and sent; every other decision is a button."""
    board = page.locator("quiadiquoi-board")
    if move.startswith("take "):
        _press(page, board.locator(f"button[data-comp='{move.split()[1]}']"), touch)
        _press(page, board.locator(f'.qq-ways [data-move="{move}"]'), touch)
    elif ":" in move:
        verb, text = move.split(":", 1)
        field = board.locator(f"input[name={verb}]")
        _press(page, field, touch)
        field.fill(text)
        _press(page, board.locator(f"[data-action={verb}]"), touch)
    else:
        _press(page, board.locator(f'[data-move="{move}"]').first, touch)
    return True


PLAYERS = {
    "counterplays": _counterplays,
    "kwinty": _kwinty,
    "quiadiquoi": _quiadiquoi,
    "quiwin": _quiwin,
    "turris": _turris,
}


def _feedback(page: Any, kind: str, tries: int | None = None) -> None:
    """The page's answer; `tries`: the answers heard in the step so far, this one too
    (so an earlier answer still on screen is not taken for this one)."""
    where = f".tut-feedback[data-feedback={kind}]"
    if tries is not None:
        where += f"[data-try='{tries}']"
    expect(page.locator(where)).to_be_visible()


def _complete(page: Any, lesson: Lesson, touch: bool, name: str) -> None:
    play = PLAYERS[lesson.game]
    for index, step in enumerate(lesson.steps):
        expect(page.locator(f".tut-panel[data-step='{index}']")).to_be_visible()
        if step.expect:
            expect(page.locator(".tut-feedback.tut-wait")).to_be_visible()
        shot(page, f"{name}-{lesson.key}-{index + 1:02d}")
        tries = 0
        for refused in step.refused:
            if play(page, refused.move, touch):
                tries += 1
                _feedback(page, "refused", tries)
        if step.expect:
            assert play(page, step.expect[0], touch)
            _feedback(page, "ok", tries + 1)
            # the lesson's explanation, in French
            expect(page.locator(".tut-feedback.tut-ok")).to_contain_text(step.explain["fr"][:30])
        else:
            _feedback(page, "read")
        _press(page, page.locator("[data-action=continue]"), touch)


def _run(page: Any, base: str, game: str, touch: bool, name: str) -> None:
    errors = page_errors(page)
    page.goto(base + "/")
    learn = page.locator(f".game-card[data-game={game}] [data-action=learn]")
    # a first-time visitor: the guided game stands out on the card
    expect(learn).to_have_attribute("title", "Nouveau ? Commencez ici")
    _press(page, learn, touch)
    lessons = LESSONS[game]
    for number, lesson in enumerate(lessons):
        _complete(page, lesson, touch, name)
        expect(page.locator(".tut-end")).to_be_visible()
        if number + 1 < len(lessons):
            _press(page, page.locator("[data-action=next-lesson]"), touch)
    shot(page, f"{name}-{game}-done")
    _press(page, page.locator("[data-action=to-lobby]"), touch)
    # a real game next: the new-game dialog of this game is open in the lobby
    expect(page.locator("dialog[open]")).to_be_visible()
    # done: the card no longer calls the newcomer
    expect(learn).to_have_attribute("title", "Partie guidée faite")
    assert not errors, errors


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_guided_game_by_clicks(web_server: Any, open_context: Any, game: str) -> None:
    page = open_context(DESKTOP).new_page()
    _run(page, web_server.url, game, touch=False, name="tutorial-desktop")


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_guided_game_by_taps_on_a_phone(web_server: Any, chromium: Any, game: str) -> None:
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="fr-FR")
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        _run(page, web_server.url, game, touch=True, name="tutorial-phone")
        # nothing wider than the phone
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()


def test_a_refusal_says_the_engines_reason_and_a_wrong_legal_move_says_try_again(
    web_server: Any, open_context: Any
) -> None:
    page = open_context(DESKTOP).new_page()
    page.goto(web_server.url + "/?learn=kwinty&lesson=kwinty-wall&step=1")
    expect(page.locator(".tut-panel[data-step='1']")).to_be_visible()
    assert _kwinty(page, "n1h", touch=False)
    expect(page.locator(".tut-feedback.tut-refused")).to_contain_text("doit toucher")
    # a legal move that is not the lesson's: the page asks again, nothing is played
    assert _kwinty(page, "k2h", touch=False)
    _feedback(page, "retry")
    expect(page.locator("[data-action=continue]")).to_have_count(0)


def test_the_lesson_speaks_english_when_asked(web_server: Any, open_context: Any) -> None:
    from tablier.tutorials import find

    lesson = find("turris-tower")
    assert lesson is not None
    page = open_context(DESKTOP).new_page()
    page.goto(web_server.url + "/?learn=turris")
    expect(page.locator(".tut-panel[data-step='0']")).to_be_visible()
    page.click("[data-lang=en]")
    expect(page.locator(".tut-panel h2")).to_have_text(lesson.steps[0].title["en"])
    expect(page.locator(".tut-ask")).to_have_text(lesson.steps[0].ask["en"])
    assert _turris(page, "Vb2", touch=False)
    # the engine's reason, in English, without the notation
    refusal = page.locator(".tut-feedback.tut-refused")
    expect(refusal).to_contain_text("Refused:")
    expect(refusal).to_contain_text("the centre b2 of level 1")
    expect(refusal).not_to_contain_text("Vb2")
