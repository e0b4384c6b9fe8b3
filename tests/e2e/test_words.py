"""Whole games against the computer, played by clicks, in which no visible text is the
game's notation or a word of the other language.

After each of the player's moves, and on the replay at the end, the page's visible text
(less the opt-in notation field) is searched for that game's notation and for words of
the other language. The notation stays in the moves' tooltips.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from e2e_helpers import DESKTOP, PHONE, expect, page_errors

pytestmark = pytest.mark.e2e

NOTATION = {
    "kwinty": re.compile(r"\b[a-q][1-9][hv]\b"),
    "turris": re.compile(r"\b[VH][a-c][1-3](?:[a-c][1-3])?\b|\bx[a-c][1-3]@\d"),
    "counterplays": re.compile(r"\b[A-Z]:-?\d+,-?\d+"),
    "quiwin": re.compile(r"\b[VJBOR](?:2[2-5]|\?)(?!\w)|\bswap \d"),
}
# words of the other language, as whole words (in French, also the moves' English
# names: `skip`, `transfer`, `swap`...)
ENGLISH = re.compile(
    r"\b(?:the|plays|played|wins|level|pass|passes|skip|swap|transfer|move|moves|piece|pieces|"
    r"tile|tiles|White|Black|draw|None|lines4|highest|lowest|ends|strict|random)\b"
)
FRENCH = re.compile(
    r"\b(?:pose|joue|niveau|pièces?|tuiles?|passe|gagne|partie|coups?|Blanc|Noir|"
    r"Ordinateur|hasard|sans|avec|vous)\b"
)

# the page's visible text, less the notation field a player may open
VISIBLE_TEXT = """() => {
  const text = document.body.innerText;
  const field = document.querySelector('form.notation');
  return field ? text.replace(field.innerText, '') : text;
}"""

# the move list grew past `before`, or the game is over
MOVED = """(before) => !!document.querySelector('.banner-over') || Number(
  document.querySelector('.moves-panel h2 small')?.innerText.replace(/[()]/g, '')) > before"""

BOARD_READY = {
    "kwinty": ".kwinty-wall .hit.playable",
    "turris": "turris-board .tr-pad-cell.playable, turris-board [data-move=pass], "
    "turris-board .tr-bonus",
    "counterplays": "counterplays-board .cp-tray.active .cp-tile:not([disabled])",
    "quiwin": ".qw-prompt button.action, .qw-hand.active button.tile",
}


def check_words(page: Any, game: str, lang: str, where: str) -> None:
    text: str = page.evaluate(VISIBLE_TEXT)
    notation = NOTATION[game].search(text)
    assert notation is None, f"{where}: notation {notation.group(0)!r} shown:\n{text}"
    other = (ENGLISH if lang == "fr" else FRENCH).search(text)
    assert other is None, f"{where}: {other.group(0)!r} is not {lang}:\n{text}"


def move_count(page: Any) -> int:
    return int(page.locator(".moves-panel h2 small").inner_text().strip("()"))


def kwinty_move(page: Any, rng: random.Random) -> None:
    cells = page.locator(".kwinty-wall .hit.playable")
    cells.nth(rng.randrange(cells.count())).click()


def turris_move(page: Any, rng: random.Random) -> None:
    if page.locator("turris-board .tr-bonus").count():
        remove = page.locator("turris-board [data-action=bonus-remove]:not([disabled])")
        if remove.count() and rng.random() < 0.5:
            remove.click()
            page.locator("turris-board .tr-removals [data-move]").first.click()
        else:
            page.locator("turris-board [data-move=skip]").click()
        return
    if page.locator("turris-board [data-move=pass]").count():
        page.locator("turris-board [data-move=pass]").click()
        return
    cells = page.locator("turris-board .tr-pad-cell.playable")
    cells.nth(rng.randrange(cells.count())).click()
    options = page.locator("turris-board .tr-options [data-move]")
    expect(options.first).to_be_visible()
    options.nth(rng.randrange(options.count())).click()


def counterplays_move(page: Any, rng: random.Random) -> None:
    board = "counterplays-board"
    tiles = page.locator(f"{board} .cp-tray.active .cp-tile:not([disabled])")
    tiles.nth(rng.randrange(tiles.count())).click()
    for i in range(13):
        if page.locator(f"{board} .cp-spots polygon.now").count():
            break
        page.locator(f"{board} [data-action={'flip' if i == 6 else 'rotate'}]").click()
    spots = page.locator(f"{board} .cp-spots polygon.now")
    spot = spots.nth(rng.randrange(spots.count()))
    spot.hover()
    expect(page.locator(f"{board} .ghost.snapped")).to_have_count(1)
    spot.click()


def quiwin_move(page: Any, rng: random.Random) -> None:
    actions = page.locator(".qw-prompt button.action")
    if actions.count():
        actions.nth(rng.randrange(actions.count())).click()
        return
    hand = page.locator(".qw-hand.active button.tile")
    hand.nth(rng.randrange(hand.count())).click()


MOVES: dict[str, Callable[[Any, random.Random], None]] = {
    "kwinty": kwinty_move,
    "turris": turris_move,
    "counterplays": counterplays_move,
    "quiwin": quiwin_move,
}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", list(MOVES))
def test_a_whole_game_in_words(web_server: Any, open_context: Any, game: str, lang: str) -> None:
    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    if lang == "en":
        page.click("[data-lang=en]")
        expect(page.locator("html")).to_have_attribute("lang", "en")
    page.click(f"[data-game={game}] [data-action=create]")
    # the computer is what the dialog offers first
    expect(page.locator("dialog input[name=opponent][value=computer]")).to_be_checked()
    page.select_option("dialog #level", "random")
    if page.locator("dialog #first").count():
        page.select_option("dialog #first", "me")
    check_words(page, game, lang, "create dialog")
    page.click("dialog button[type=submit]")
    page.wait_for_url("**/?room=*")
    rng = random.Random(f"{game}-{lang}")
    ready = page.locator(f".banner-over, {BOARD_READY[game]}")
    # the engine's hint is said in words too
    expect(ready.first).to_be_visible(timeout=30_000)
    # nobody plays from elsewhere: no "online" dot to worry about
    expect(page.locator(".conn")).to_have_count(0)
    page.click("[data-action=hint]")
    expect(page.get_by_text("moteur" if lang == "fr" else "engine")).to_be_visible()
    check_words(page, game, lang, "hint")
    made = 0
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, f"{game}: the game did not end in time"
        expect(ready.first).to_be_visible(timeout=30_000)
        if page.locator(".banner-over").count():
            break
        before = move_count(page)
        try:
            MOVES[game](page, rng)
        except AssertionError:
            continue  # the board was redrawn under the click: look again
        page.wait_for_function(MOVED, arg=before)
        made += 1
        check_words(page, game, lang, f"after move {made}")
    assert made > 3
    # the last move is said above the board, with its player's name
    last = page.locator(".last-move")
    expect(last).to_be_visible()
    assert last.inner_text().startswith("Dernier coup : " if lang == "fr" else "Last move: ")
    check_words(page, game, lang, "the end")
    said = page.locator(".moves .mv .mv-words")
    assert said.count() > 3
    # the notation is still there for those who want it: in each move's tooltip
    titles = said.evaluate_all("els => els.map(e => e.title)")
    assert any(NOTATION[game].search(title) for title in titles)
    page.click("[data-action=replay]")
    expect(page.locator(".replay-caption")).to_be_visible()
    page.click("[data-action=prev]")
    check_words(page, game, lang, "replay")
    assert errors == []


def test_counterplays_on_a_phone_confirms_in_words(web_server: Any, chromium: Any) -> None:
    """Taps on a phone: the bar under the finger says only its buttons (no stray "null"
    beside "Poser"), and nothing on screen is notation."""
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="fr-FR")
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        errors = page_errors(page)
        page.goto(web_server.url + "/")
        page.locator("[data-game=counterplays] [data-action=create]").tap()
        page.select_option("dialog #level", "random")
        page.select_option("dialog #first", "me")
        page.locator("dialog button[type=submit]").tap()
        page.wait_for_url("**/?room=*")
        board = "counterplays-board"
        rng = random.Random(3)
        single = 0
        for made in range(6):
            tiles = page.locator(f"{board} .cp-tray.active .cp-tile:not([disabled])")
            expect(tiles.first).to_be_visible(timeout=30_000)
            tiles.nth(rng.randrange(tiles.count())).tap()
            for i in range(13):
                if page.locator(f"{board} .cp-spots polygon.now").count():
                    break
                page.locator(f"{board} [data-action={'flip' if i == 6 else 'rotate'}]").tap()
            spots = page.locator(f"{board} .cp-spots polygon.now")
            spots.nth(rng.randrange(spots.count())).tap()
            bar = page.locator(f"{board} .cp-confirm")
            expect(bar).to_be_visible()
            assert "null" not in bar.inner_text()
            single += bar.locator("[data-action=next]").count() == 0
            assert bar.locator("[data-action=confirm]").inner_text() == "Poser"
            before = move_count(page)
            bar.locator("[data-action=confirm]").tap()
            page.wait_for_function(MOVED, arg=before)
            check_words(page, "counterplays", "fr", f"phone, move {made + 1}")
        # the case that wrote "null": a spot only one placement covers
        assert single > 0
        assert errors == []
    finally:
        context.close()
