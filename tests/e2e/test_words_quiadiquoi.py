"""A whole QuiAdiQuoi game against two computers, played by clicks, in which no visible
text is the game's notation or a word of the other language.

The page's visible text (less the opt-in notation field) is read after each of the
player's moves, while the computers play, at the end and on the replay. The computers
are the strongest guests so that one of them wins in a few minutes; the player draws,
answers, judges, recites and discards as a person would. The same words are read on one
device passed around the table, hand-over screens included, until a first card is won.
The deck is French: its quotations, authors and clues are content, not interface, and are
left out of the English search.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import DESKTOP, expect, page_errors

pytestmark = pytest.mark.e2e

SHOTS = Path(os.environ.get("TABLIER_SHOTS", Path(__file__).resolve().parent / "screenshots"))

MOVES = r"accept|refuse|abstain|claim|timeout|clue|stop|pass"
CATEGORY_KEYS = r"histoire|litterature|penseurs"
# what the engine writes (`take 1 with penseurs`, `answer:…`, `return p02`…) and the
# computers' moves as words were once shown ("Ordinateur (moyen) joue accept.");
# "Expected answer: …" is English, not notation: a move's words follow its colon at once
NOTATION = re.compile(
    rf"\btake \d\b|\b(?:answer|recite|name):\S|<(?:text|author|quote)>"
    rf"|\b(?:steal|send|return) [a-z]\d\d\b|\b(?:with|discard) (?:{CATEGORY_KEYS})\b"
    rf"|\b(?:joue|plays?) (?:{MOVES})\b"
)
# in French, the moves' English names count as English words too (not `refuse`: French)
ENGLISH = re.compile(
    r"\b(?:the|plays|wins|player|players|answer|answers|card|cards|token|tokens|pebbles?|"
    r"reader|tournament|round|compartment|clues?|None|blank|magic|mixed|separate|blue|"
    r"accept|abstain|claim|timeout|clue|stop|pass)\b"
)
FRENCH = re.compile(
    r"\b(?:joue|joueurs?|gagne|partie|cartes?|jetons?|galets?|lecteur|tournoi|tour|"
    r"compartiment|indices?|répond|réponse|Ordinateur|vous|sans|avec|passe)\b"
)

PHASE = "() => document.querySelector('quiadiquoi-board')?.view?.state?.observation?.phase"

VISIBLE_TEXT = """() => {
  const text = document.body.innerText;
  const field = document.querySelector('form.notation');
  return field ? text.replace(field.innerText, '') : text;
}"""


@functools.cache
def deck_texts() -> tuple[str, ...]:
    """The French deck's own words (quotations, authors, clues, anecdotes): content the
    English interface shows as it is, so they are left out of the search."""
    from tablier.core import registry

    texts: set[str] = set()
    for card in registry.load("quiadiquoi").deck.cards:  # type: ignore[attr-defined]
        texts.update((card.quote, card.author, card.source, card.anecdote or ""))
        texts.update(card.author_clues + card.quote_clues + card.aliases + card.alternatives)
    return tuple(sorted((t for t in texts if t), key=len, reverse=True))


def check_words(page: Any, lang: str, where: str) -> None:
    text: str = page.evaluate(VISIBLE_TEXT)
    for content in deck_texts():
        text = text.replace(content, "…")
    notation = NOTATION.search(text)
    assert notation is None, f"{where}: notation {notation.group(0)!r} shown:\n{text}"
    other = (ENGLISH if lang == "fr" else FRENCH).search(text)
    assert other is None, f"{where}: {other.group(0)!r} is not {lang}:\n{text}"


def create_against_computers(page: Any, lang: str) -> None:
    """Three seats, two expert computers; a long answer time (the player is a test)."""
    page.click("[data-game=quiadiquoi] [data-action=create]")
    page.check("dialog input[name=opponent][value=computer]")
    page.select_option("dialog #level", "expert")
    page.select_option("dialog #players", "3")
    page.locator("dialog details.variants summary").click()
    # every option and value is labelled in the page's language
    check_words(page, lang, "create dialog")
    page.fill("dialog #opt-quiadiquoi-answer_seconds", "600")
    page.click("dialog button[type=submit]")
    page.wait_for_url("**/?room=*")


def one_step(page: Any) -> bool:
    """The player's decision, if the page asks one; True when a move was sent."""
    yours = ".qq-yours"
    if page.locator("#qq-answer").is_visible():
        page.locator("#qq-answer").fill("Victor Hugo")
        page.locator('[data-action="answer"]').click()
    elif page.locator(f"{yours} [data-move=accept]").count():
        right = page.locator(".qq-proposed-right").count() > 0
        page.locator(f'{yours} [data-move="{"accept" if right else "refuse"}"]').click()
    elif page.locator(f'{yours} button.qq-comp[data-comp="3"]:not([disabled])').count():
        page.locator(f'{yours} button.qq-comp[data-comp="3"]').click()
        page.locator(".qq-ways [data-move]").first.click()
    elif page.locator(f"{yours} button.qq-comp:not([disabled])").count():
        page.locator(f"{yours} button.qq-comp:not([disabled])").first.click()
        page.locator(".qq-ways [data-move]").first.click()
    elif page.locator(f"{yours} [data-move=pass]").count():
        page.locator(f"{yours} [data-move=pass]").click()
    elif page.locator(f"{yours} [data-move]").count():
        page.locator(f"{yours} [data-move]").first.click()
    else:
        return False
    return True


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_whole_quiadiquoi_game_in_words(web_server: Any, open_context: Any, lang: str) -> None:
    from playwright.sync_api import Error as PlaywrightError

    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    if lang == "en":
        page.click("[data-lang=en]")
        expect(page.locator("html")).to_have_attribute("lang", "en")
    create_against_computers(page, lang)
    expect(page.locator("quiadiquoi-board")).to_be_visible()
    made = 0
    looks = 0
    phases: set[str] = set()
    deadline = time.monotonic() + 240
    page.set_default_timeout(4000)
    try:
        while not page.locator(".banner-over").count():
            assert time.monotonic() < deadline, f"the game did not end in time ({made} moves)"
            moved = False
            # the page redraws as the computers play: a vanished button is tried again
            with contextlib.suppress(PlaywrightError):
                moved = one_step(page)
            made += moved
            looks += 1
            phases.add(str(page.evaluate(PHASE)))
            if moved or looks % 10 == 0:
                check_words(page, lang, f"after {made} moves of the player")
            page.wait_for_timeout(150)
    finally:
        page.set_default_timeout(30_000)
    assert made > 3
    # a card won opens a tournament: its recitations were read too
    assert {"choose", "answer", "verdict", "recite"} <= phases, phases
    check_words(page, lang, "the end")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"words-quiadiquoi-end-{lang}.png"), full_page=True)
    said = page.locator(".moves .mv .mv-words")
    assert said.count() > 10
    # the notation stays there for those who want it: in each move's tooltip
    titles = said.evaluate_all("els => els.map(e => e.title)")
    assert any(NOTATION.search(title) or re.search(MOVES, title) for title in titles)
    page.click("[data-action=replay]")
    expect(page.locator(".replay-caption")).to_be_visible()
    page.click("[data-action=prev]")
    check_words(page, lang, "replay")
    assert errors == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_one_device_passed_around_speaks_in_words(
    web_server: Any, open_context: Any, lang: str
) -> None:
    """Three people on one screen, the device handed over between them (the hand-over
    screens included), until the first card is won: words only, in the page's language."""
    from playwright.sync_api import Error as PlaywrightError
    from test_quiadiquoi_table import create, one_step

    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    if lang == "en":
        page.click("[data-lang=en]")
        expect(page.locator("html")).to_have_attribute("lang", "en")
    create(page, "local")
    known: dict[str, str] = {}  # the face shown -> the answer the reader's screen showed
    won = page.locator(".players .player .qq-won, quiadiquoi-board .qq-holdings .qq-won")
    handovers = 0
    page.set_default_timeout(4000)
    try:
        for step in range(1500):
            if won.count():
                break
            handovers += page.locator(".overlay .handover").is_visible()
            check_words(page, lang, f"one device, step {step}")
            with contextlib.suppress(PlaywrightError):
                one_step(page, known)
            page.wait_for_timeout(150)
        else:
            raise AssertionError("no card was won")
    finally:
        page.set_default_timeout(30_000)
    assert handovers > 3
    check_words(page, lang, "one device, a card won")
    assert errors == []
