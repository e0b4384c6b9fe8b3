"""On a 360×740 phone, the decision a player must make is on screen without scrolling.

A whole game against the computer is played by taps. Each time it is the player's turn,
before the test touches anything, the controls of the decision (Qui'win's action window
or hand, Turris's base plan or bonus choices, then the column's choices, Counterplays'
tray with the board's lit places, Kwinty's wall) must lie inside the viewport: the page
brings them there itself. At the end, the result banner is on screen.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import PHONE, expect, page_errors

pytestmark = pytest.mark.e2e

SHOTS = Path("/work/helpers/shots/phones")

# every match lies within the viewport (a little slack for borders) and is not under
# the sticky header: what the page shows at its top and bottom edges is the match
# itself; returns the offending boxes to say what was off-screen
OFF_SCREEN = """(sel) => [...document.querySelectorAll(sel)]
  .filter((el) => el.getClientRects().length)
  .filter((el) => {
    const r = el.getBoundingClientRect();
    if (r.top < -1 || r.bottom > window.innerHeight + 1 || r.left < -1
      || r.right > window.innerWidth + 1) return true;
    const x = Math.min(Math.max(r.left + r.width / 2, 1), window.innerWidth - 1);
    const seen = (y) => {
      const hit = document.elementFromPoint(x, y);
      return !!hit && (el.contains(hit) || hit.contains(el));
    };
    const edge = Math.min(4, r.height / 2);
    return !seen(r.top + edge) || !seen(r.bottom - edge);
  })
  .map((el) => {
    const r = el.getBoundingClientRect();
    return [el.className.baseVal ?? el.className, Math.round(r.top), Math.round(r.bottom)];
  })"""

# indexes of the matches whose centre is on screen and lands on their own drawing (not on
# a button or panel laid over it)
TOUCHABLE = """(sel) => [...document.querySelectorAll(sel)].flatMap((el, i) => {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return [];
  const hit = document.elementFromPoint(x, y);
  return hit && (hit === el || el.ownerSVGElement?.contains(hit)) ? [i] : [];
})"""

# resolves once the page has not scrolled for five frames in a row
SETTLED = """() => new Promise((resolve) => {
  let last = scrollY, calm = 0;
  const look = () => {
    calm = scrollY === last ? calm + 1 : 0;
    last = scrollY;
    if (calm >= 5) resolve(true); else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""


class Redrawn(AssertionError):
    """The board changed under a tap: the test looks again (a few times at most)."""


MOVED = """(before) => !!document.querySelector('.banner-over') || Number(
  document.querySelector('.moves-panel h2 small')?.innerText.replace(/[()]/g, '')) > before"""

# the first control of a decision, per game, and everything the player must see for it
READY = {
    "quiwin": ".qw-prompt button.action, .qw-hand.active button.tile",
    "turris": "turris-board .tr-pad-cell.playable, turris-board [data-move=pass], "
    "turris-board .tr-bonus",
    "counterplays": "counterplays-board .cp-tray.active .cp-tile:not([disabled])",
    # no piece fits anywhere: the rules make the player pass, with the board's button
    "kwinty": ".kwinty-wall .hit.playable, kwinty-board [data-move=pass]",
}
DECISION = {
    "quiwin": ".qw-prompt h3, .qw-prompt button.action, .qw-hand.active",
    "turris": "turris-board .tr-pad, turris-board [data-move=pass], turris-board .tr-bonus",
    "counterplays": "counterplays-board .cp-tray.active .cp-tray-tiles",
    "kwinty": ".kwinty-wall",
}


def on_screen(page: Any, selector: str, where: str) -> None:
    """Every match is inside the viewport (waiting a moment for the page's own scroll)."""
    deadline = time.monotonic() + 5
    off: list[Any] = []
    while time.monotonic() < deadline:
        off = page.evaluate(OFF_SCREEN, selector)
        if not off and page.locator(selector).count():
            return
        time.sleep(0.1)
    height = page.evaluate("window.innerHeight")
    raise AssertionError(f"{where}: {selector} off-screen {off} (viewport {height} high)")


def move_count(page: Any) -> int:
    return int(page.locator(".moves-panel h2 small").inner_text().strip("()"))


def quiwin_move(page: Any, rng: random.Random) -> None:
    actions = page.locator(".qw-prompt button.action")
    if actions.count():
        actions.nth(rng.randrange(actions.count())).tap()
        return
    hand = page.locator(".qw-hand.active button.tile")
    hand.nth(rng.randrange(hand.count())).tap()


def turris_move(page: Any, rng: random.Random) -> None:
    board = "turris-board"
    if page.locator(f"{board} .tr-bonus").count():
        page.locator(f"{board} [data-move=skip]").tap()
        return
    if page.locator(f"{board} [data-move=pass]").count():
        page.locator(f"{board} [data-move=pass]").tap()
        return
    cells = page.locator(f"{board} .tr-pad-cell.playable")
    cells.nth(rng.randrange(cells.count())).tap()
    options = page.locator(f"{board} .tr-options [data-move]")
    expect(options.first).to_be_visible()
    # the column's choices come where the player looks: on screen, with the plan
    on_screen(page, f"{board} .tr-options [data-move], {board} .tr-pad", "turris choices")
    options.nth(rng.randrange(options.count())).tap()


def counterplays_move(page: Any, rng: random.Random) -> None:
    board = "counterplays-board"
    tiles = page.locator(f"{board} .cp-tray.active .cp-tile:not([disabled])")
    tiles.nth(rng.randrange(tiles.count())).tap()
    # a tap that landed as the tray was redrawn chose nothing: the tools never came
    try:
        expect(page.locator(f"{board} [data-action=rotate]")).to_be_visible(timeout=5_000)
    except AssertionError as err:
        raise Redrawn("counterplays: the tapped tile was not chosen (redrawn?)") from err
    for i in range(13):
        if page.locator(f"{board} .cp-spots polygon.now").count():
            break
        page.locator(f"{board} [data-action={'flip' if i == 6 else 'rotate'}]").tap()
    # the lit places and the tray are on screen together
    on_screen(page, f"{board} .cp-board, {board} .cp-tray.active", "counterplays spots")
    spots = page.locator(f"{board} .cp-spots polygon.now")
    # a lit place the table's frame cuts off cannot be touched: a person taps one they
    # see, so the test taps a lit place whose middle is the place itself on screen
    # the page may still be bringing the tray into view: a finger waits for it to settle
    page.evaluate(SETTLED)
    reachable = page.evaluate(TOUCHABLE, f"{board} .cp-spots polygon.now")
    assert reachable, "counterplays: no lit place can be touched"
    spots.nth(rng.choice(reachable)).tap()
    confirm = page.locator(f"{board} .cp-confirm [data-action=confirm]")
    try:
        expect(confirm).to_be_visible(timeout=5_000)
    except AssertionError as err:
        raise Redrawn("counterplays: the tapped place offered nothing (moved?)") from err
    confirm.tap()


def kwinty_move(page: Any, rng: random.Random) -> None:
    cells = page.locator(".kwinty-wall .hit.playable")
    if not cells.count() and page.locator("kwinty-board [data-move=pass]").count():
        on_screen(page, "kwinty-board [data-move=pass]", "kwinty pass")
        page.locator("kwinty-board [data-move=pass]").tap()
        return
    cell = cells.nth(rng.randrange(cells.count()))
    # a first touch shows where the piece lands, a second on the same column plays it
    cell.tap()
    expect(page.locator(".preview .piece.ghost")).to_have_count(1)
    on_screen(page, ".kwinty-wall", "kwinty landing")
    cell.tap()


MOVES: dict[str, Callable[[Any, random.Random], None]] = {
    "quiwin": quiwin_move,
    "turris": turris_move,
    "counterplays": counterplays_move,
    "kwinty": kwinty_move,
}


@pytest.mark.parametrize("game", list(MOVES))
def test_the_decision_is_on_screen_on_a_phone(web_server: Any, chromium: Any, game: str) -> None:
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="fr-FR")
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        errors = page_errors(page)
        page.goto(web_server.url + "/")
        page.locator(f"[data-game={game}] [data-action=create]").tap()
        page.select_option("dialog #level", "random")
        if page.locator("dialog #first").count():
            page.select_option("dialog #first", "me")
        page.locator("dialog button[type=submit]").tap()
        page.wait_for_url("**/?room=*")
        rng = random.Random(f"phone-{game}")
        ready = page.locator(f".banner-over, {READY[game]}")
        made = 0
        actions_seen = 0
        retries = 0
        deadline = time.monotonic() + 300
        while True:
            assert time.monotonic() < deadline, f"{game}: the game did not end in time"
            expect(ready.first).to_be_visible(timeout=30_000)
            if page.locator(".banner-over").count():
                break
            on_screen(page, DECISION[game], f"{game}, decision {made + 1}")
            if made in (0, 5) and SHOTS.is_dir():
                page.screenshot(path=str(SHOTS / f"{game}-decision-{made + 1}.png"))
            if game == "quiwin" and page.locator(".qw-prompt button.action").count():
                actions_seen += 1
                if actions_seen == 1 and SHOTS.is_dir():
                    page.screenshot(path=str(SHOTS / "quiwin-actions.png"))
            before = move_count(page)
            try:
                MOVES[game](page, rng)
            except AssertionError as err:
                if "off-screen" in str(err):
                    raise
                # the board was redrawn under the tap: look again, but not forever
                retries += 1
                assert retries <= 5, f"{game}: taps kept missing: {err}"
                continue
            page.wait_for_function(MOVED, arg=before)
            made += 1
        assert made > 3
        # Qui'win's action window (Passer/Changer/Transférer) was among the decisions
        assert game != "quiwin" or actions_seen > 0
        on_screen(page, ".banner-over", f"{game}, the end")
        if SHOTS.is_dir():
            page.screenshot(path=str(SHOTS / f"{game}-end.png"))
        assert errors == []
    finally:
        context.close()
