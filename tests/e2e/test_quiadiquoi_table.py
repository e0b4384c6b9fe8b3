"""QuiAdiQuoi without phones: one device passed around the table, and practice against
the computer. Both are created from the lobby and played by taps, as people do."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import DESKTOP, PHONE, expect, page_errors, wait_until

pytestmark = pytest.mark.e2e

SHOTS = Path(os.environ.get("TABLIER_SHOTS", Path(__file__).resolve().parent / "screenshots"))


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"table-{name}.png"), full_page=True, animations="disabled")


def create(page: Any, opponent: str, level: str | None = None) -> None:
    """A three-player game from the lobby's dialog; answers untimed (people read slowly)."""
    page.click("[data-game=quiadiquoi] [data-action=create]")
    page.check(f"dialog input[name=opponent][value={opponent}]")
    if level:
        page.select_option("dialog #level", level)
    page.select_option("dialog #players", "3")
    page.locator("dialog details.variants summary").click()
    page.fill("dialog #opt-quiadiquoi-answer_seconds", "600")
    page.click("dialog button[type=submit]")
    page.wait_for_url("**/?room=*")


def under_overlay(page: Any) -> str:
    text: str = page.evaluate(
        "() => [...document.querySelectorAll('main > *:not(.overlay)')]"
        ".map((e) => e.textContent).join(' ')"
    )
    return text


def draw_first_compartment(page: Any) -> None:
    page.locator("quiadiquoi-board button.qq-comp:not([disabled])").first.click()
    page.locator(".qq-ways [data-move]").first.click()


def answer(page: Any, text: str) -> None:
    field = page.locator("#qq-answer")
    expect(field).to_be_visible()
    field.fill(text)
    page.locator('[data-action="answer"]').click()


REDRAW = """(extra) => {
    const b = document.querySelector('quiadiquoi-board');
    const state = JSON.parse(JSON.stringify(b.view.state));
    state.legal_moves = state.legal_moves.filter((m) => !m.startsWith('name:')).concat(extra);
    b.render({...b.view, state});
}"""


def typed_words_survive_a_redraw(page: Any) -> None:
    """Both fields of the form naming a quotation keep what is typed when the page redraws.

    The form is offered by the steal die; here the position the server sent is drawn again
    with that offer added, as another player's move redraws it while someone types.
    """
    page.evaluate(REDRAW, ["name:<author>|<quote>"])
    form = page.locator("quiadiquoi-board form.qq-name")
    form.locator("input[name=author]").fill("Molière")
    form.locator("input[name=quote]").fill("Le petit chat est mort")
    page.evaluate(REDRAW, ["name:<author>|<quote>"])
    expect(form.locator("input[name=author]")).to_have_value("Molière")
    expect(form.locator("input[name=quote]")).to_have_value("Le petit chat est mort")
    page.evaluate(REDRAW, [])
    expect(form).to_have_count(0)


def hand_over(page: Any, to: str) -> None:
    overlay = page.locator(".overlay .handover")
    expect(overlay).to_be_visible()
    expect(overlay).to_contain_text(to)
    page.click("[data-action=handover]")
    expect(overlay).to_be_hidden()


def seat_names(page: Any) -> tuple[str, str, str]:
    """(the principal, the reader, the third player) as the seat strip names them."""
    strip = page.locator(".players .player")
    wait_until(lambda: strip.count() == 3, what="the three seats")
    texts = [strip.nth(i).inner_text() for i in range(3)]
    names = [strip.nth(i).locator("strong").first.inner_text().strip() for i in range(3)]
    reader = next(i for i, text in enumerate(texts) if "lecteur" in text)
    principal = (reader + 1) % 3
    return names[principal], names[reader], names[(reader + 2) % 3]


def test_one_device_passed_between_the_reader_and_the_players(
    web_server: Any, open_context: Any
) -> None:
    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    create(page, "local")
    principal, reader, third = seat_names(page)
    if page.locator(".overlay .handover").is_visible():
        hand_over(page, principal)
    # the principal player draws and answers wrongly
    expect(page.locator("quiadiquoi-board .qq-me")).to_contain_text(principal)
    typed_words_survive_a_redraw(page)
    draw_first_compartment(page)
    expect(page.locator("quiadiquoi-board .qq-card .qq-shown")).to_be_visible()
    expect(page.locator(".qq-secret")).to_have_count(0)  # not the reader: no answer shown
    answer(page, "Personne")
    # the reader judges: the device goes to him, and nothing is shown until he is ready
    overlay = page.locator(".overlay .handover")
    expect(overlay).to_contain_text(reader)
    # the rules' words: a quiz has an answer to hide, not pieces
    expect(overlay).to_contain_text("La réponse")
    expect(overlay).not_to_contain_text("pièces")
    shot(page, "handover-desktop")
    assert page.locator("quiadiquoi-board .qq-card, .qq-secret").count() == 0
    page.click("[data-action=handover]")
    secret = page.locator(".qq-secret strong")
    expect(secret).to_be_visible()
    right = secret.inner_text().strip()
    shot(page, "reader-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "reader-phone")
    page.set_viewport_size(DESKTOP)
    page.locator('.qq-yours [data-move="refuse"]').click()
    # the next player gets the device: the answer the reader saw is gone
    expect(overlay).to_contain_text(third)
    assert right not in under_overlay(page)
    page.click("[data-action=handover]")
    expect(page.locator(".qq-secret")).to_have_count(0)
    assert right not in page.locator("quiadiquoi-board").inner_text()
    answer(page, right)
    hand_over(page, reader)
    page.locator('.qq-yours [data-move="accept"]').click()
    # read in one go: the next hand-over may hide the page right after the verdict
    listed: list[str] = [""]

    def answer_listed() -> bool:
        listed[0] = page.evaluate(
            "() => document.querySelector('.moves-panel .moves')?.innerText ?? ''"
        )
        # "répond" or "a répondu": the move is listed, its words are not
        return "répond" in listed[0]

    wait_until(answer_listed, what="the answer in the move list")
    assert right not in listed[0]  # the words are not written down
    # the preparation round wins tokens; play on, passing the device, until a card is won
    play_until_a_card_is_won(page)
    shot(page, "won-desktop")
    assert errors == []


def play_until_a_card_is_won(page: Any) -> None:
    """Each player answers what the reader's screen showed earlier, or a wrong name.

    The page redraws as the server answers, and a hand-over can cover it at any moment:
    a step that meets a vanished element is simply tried again on the next look.
    """
    from playwright.sync_api import Error as PlaywrightError

    known: dict[str, str] = {}  # the face shown -> the answer, as read by the reader
    cards = page.locator(".players .player").filter(has_text="1 carte")
    page.set_default_timeout(4000)
    try:
        for step in range(1500):
            if os.environ.get("QQ_DEBUG"):
                print(step, page.locator("main").inner_text()[:300].replace("\n", " | "))
            if cards.count():
                return
            with contextlib.suppress(PlaywrightError):
                one_step(page, known)
            page.wait_for_timeout(150)
    finally:
        page.set_default_timeout(30_000)
    shot(page, "stuck")
    raise AssertionError("no card was won")


def one_step(page: Any, known: dict[str, str]) -> None:
    if page.locator(".overlay .handover").is_visible():
        page.click("[data-action=handover]")
    elif page.locator(".qq-secret strong").is_visible():
        shown = face_shown(page)
        if shown is None:  # the board is between two drawings
            return
        said = page.locator(".qq-secret strong").inner_text().strip()
        known[shown] = said
        known.setdefault(said, shown.strip("« »"))  # the card turned over asks back
        verdicts = page.locator(".qq-yours [data-move=accept], .qq-yours [data-move=refuse]")
        if verdicts.count():
            right = page.locator(".qq-proposed-right").count() > 0
            page.locator(f'.qq-yours [data-move="{"accept" if right else "refuse"}"]').click()
    elif page.locator("#qq-answer").is_visible():
        shown = face_shown(page)
        if shown is None:
            return
        # as answer() does, without waiting on a field a hand-over may have just hidden
        page.locator("#qq-answer").fill(known.get(shown, "Personne"))
        page.locator('[data-action="answer"]').click()
    elif page.locator('.qq-yours button.qq-comp[data-comp="3"]:not([disabled])').count():
        # the turned cards (their author shown) are the ones that are won
        page.locator('.qq-yours button.qq-comp[data-comp="3"]').click()
        page.locator(".qq-ways [data-move]").first.click()
    elif page.locator(".qq-yours button.qq-comp:not([disabled])").count():
        draw_first_compartment(page)
    elif page.locator('.qq-yours [data-move="pass"]').count():
        page.locator('.qq-yours [data-move="pass"]').click()
    elif page.locator(".qq-yours [data-move]").count():
        page.locator(".qq-yours [data-move]").first.click()


def face_shown(page: Any) -> str | None:
    """The face of the card being asked, or None while the board redraws."""
    from playwright.sync_api import Error as PlaywrightError

    face = page.locator("quiadiquoi-board .qq-card .qq-shown")
    if not face.count():
        return None
    try:
        return str(face.first.inner_text(timeout=2000))
    except PlaywrightError:
        return None


def test_practice_against_the_computer(web_server: Any, open_context: Any) -> None:
    page = open_context(PHONE).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    create(page, "computer", level="medium")
    moves = page.locator(".moves-panel h2 small")
    answered = False
    deadline_moves = 0
    for _ in range(600):
        if page.locator("#qq-answer").is_visible():
            answer(page, "Victor Hugo")
            answered = True
        elif page.locator(".qq-yours button.qq-comp:not([disabled])").count():
            draw_first_compartment(page)
        elif page.locator(".qq-yours [data-move]").count():
            page.locator(".qq-yours [data-move]").first.click()
        count = int(moves.inner_text().strip("()"))
        if answered and count >= 8:
            deadline_moves = count
            break
        page.wait_for_timeout(100)
    assert answered, "the human never got to answer"
    assert deadline_moves >= 8, "the computers did not play"
    # the guests answer in words or abstain: never a blank form, never the clock run out
    board = page.locator("quiadiquoi-board").inner_text()
    assert "<text>" not in board
    mine = page.locator(".players .player.mine").get_attribute("data-seat")
    steps = page.locator(".moves-panel .moves li")
    computer_steps = [
        steps.nth(i).inner_text()
        for i in range(steps.count())
        if f"seat-{mine}" not in (steps.nth(i).get_attribute("class") or "").split()
    ]
    assert computer_steps and not any("temps écoulé" in text for text in computer_steps)
    shot(page, "practice-phone")
    wait_until(lambda: page.locator(".banner-error").count() == 0, what="no error")
    assert errors == []
