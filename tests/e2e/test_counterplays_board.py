"""Counterplays in a real browser: whole games played by clicking and by tapping the board.

Every move is made as a person makes it: a tile chosen in the tray, turned with the
board's buttons when it has no place this way round, then a click (or taps and
"Place") on a lit spot of the table. The final count the board shows is compared with
the engine's own outcome of the recorded game.
"""

from __future__ import annotations

import json
import os
import random
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import tablier

pytestmark = pytest.mark.e2e

SHOTS = Path(os.environ.get("TABLIER_SHOTS", Path(__file__).resolve().parent / "screenshots"))
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}
BOARD = "counterplays-board"
MY_TRAY = f"{BOARD} .cp-tray.active"


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as pw_expect

    pw_expect.set_options(timeout=30_000)
    return pw_expect(target)


def shot(page: Any, name: str, *, full: bool = False, at: str | None = None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    if at is not None:
        # the part shown starts just under the page's sticky header
        page.evaluate(
            "(sel) => { document.querySelector(sel).scrollIntoView({block: 'start'});"
            " window.scrollBy(0, -56); }",
            at,
        )
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full, animations="disabled")


def page_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def start_against_computer(page: Any, url: str) -> str:
    page.goto(url + "/")
    page.click("[data-game=counterplays] [data-action=create]")
    page.check("dialog input[name=opponent][value=computer]")
    page.select_option("dialog #level", "random")
    page.select_option("dialog #first", "me")
    page.click("dialog button[type=submit]")
    page.wait_for_url("**/?room=*")
    room: str = page.url.split("room=")[1].split("&")[0]
    return room


def record_of(url: str, room: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{url}/api/rooms/{room}/games/1/record", timeout=10) as answer:
        record: dict[str, Any] = json.load(answer)
    return record


def my_turn_or_over(page: Any) -> str:
    """Waits until this page may move (a tile of its tray is enabled) or the game is over."""
    either = page.locator(f"{MY_TRAY} .cp-tile:not([disabled]), {BOARD} .cp-count:not([hidden])")
    expect(either.first).to_be_visible()
    return "over" if page.locator(f"{BOARD} .cp-count:not([hidden])").count() else "turn"


def choose_tile_and_turn(page: Any, rng: random.Random, touch: bool) -> None:
    """Chooses a tile of the tray, turns it once, and turns on until it has a place."""
    tiles = page.locator(f"{MY_TRAY} .cp-tile:not([disabled])")
    tile = tiles.nth(rng.randrange(tiles.count()))
    letter = tile.get_attribute("data-letter")
    (tile.tap if touch else tile.click)()
    expect(page.locator(f"{MY_TRAY} .cp-tile.chosen[data-letter={letter}]")).to_be_visible()
    # the chosen tile's legal spots light up on the board
    expect(page.locator(f"{BOARD} .cp-spots polygon").first).to_be_attached()
    rotate = page.locator(f"{BOARD} [data-action=rotate]")
    flip = page.locator(f"{BOARD} [data-action=flip]")
    (rotate.tap if touch else rotate.click)()
    for i in range(12):
        if page.locator(f"{BOARD} .cp-spots polygon.now").count():
            return
        button = flip if i == 5 else rotate
        (button.tap if touch else button.click)()
    raise AssertionError(f"tile {letter} lit spots but no turn of it has a place")


def hint_has_its_own_line(page: Any) -> None:
    """On a phone the tool bar is a flexible row and the long hint wraps below the count,
    even when no other board's styles were loaded first."""
    tools = page.locator(f"{BOARD} .cp-tools")
    assert tools.evaluate("(e) => getComputedStyle(e).display") == "flex"
    count = page.locator(f"{BOARD} .cp-count-here").bounding_box()
    hint = page.locator(f"{BOARD} .cp-tools .hint-touch").bounding_box()
    assert count is not None and hint is not None
    assert hint["y"] >= count["y"] + count["height"] - 1


def place_by_click(page: Any, rng: random.Random) -> str:
    spots = page.locator(f"{BOARD} .cp-spots polygon.now")
    spot = spots.nth(rng.randrange(spots.count()))
    spot.hover()
    ghost = page.locator(f"{BOARD} .ghost.snapped")
    expect(ghost).to_have_count(1)
    move: str = ghost.get_attribute("data-move")
    legal = page.evaluate(f"document.querySelector('{BOARD}').view.state.legal_moves")
    assert move in legal
    spot.click()
    return move


def place_by_taps(page: Any, rng: random.Random, *, resend: bool = False) -> str:
    spots = page.locator(f"{BOARD} .cp-spots polygon.now")
    spots.nth(rng.randrange(spots.count())).tap()
    bar = page.locator(f"{BOARD} .cp-confirm")
    expect(bar).to_be_visible()
    ghost = page.locator(f"{BOARD} .ghost.pending")
    expect(ghost).to_have_count(1)
    if resend:
        # the server sends the same position again (a presence change does): the
        # placement on offer must stay, not vanish under the player's finger
        offered = ghost.get_attribute("data-move")
        page.evaluate(
            f"(() => {{ const b = document.querySelector('{BOARD}');"
            " b.render({...b.view, state: JSON.parse(JSON.stringify(b.view.state))}); })()"
        )
        expect(bar).to_be_visible()
        expect(ghost).to_have_attribute("data-move", offered)
    if bar.locator("[data-action=next]").count():
        # several placements cover the spot: look at the next one before choosing
        first = ghost.get_attribute("data-move")
        bar.locator("[data-action=next]").tap()
        expect(ghost).not_to_have_attribute("data-move", first)
    move: str = ghost.get_attribute("data-move")
    bar.locator("[data-action=confirm]").tap()
    return move


def play_whole_game(page: Any, url: str, room: str, *, touch: bool, name: str) -> None:
    rng = random.Random(17 if touch else 5)
    mine: list[str] = []
    while my_turn_or_over(page) == "turn":
        choose_tile_and_turn(page, rng, touch)
        if len(mine) == 3:
            if touch:
                hint_has_its_own_line(page)
            shot(page, f"{name}-choosing", at=BOARD)
        before = page.evaluate(f"document.querySelector('{BOARD}').view.state.move_count")
        if touch:
            mine.append(place_by_taps(page, rng, resend=not mine))
        else:
            mine.append(place_by_click(page, rng))
        page.wait_for_function(
            f"document.querySelector('{BOARD}').view.state.move_count > {before}"
        )
        top = page.evaluate(f"document.querySelector('{BOARD}').view.state.observation.top_level")
        if top >= 3 and not (SHOTS / f"{name}-stack.png").exists():
            shot(page, f"{name}-stack", at=BOARD)
    assert len(mine) == 12
    record = record_of(url, room)
    assert [m for p, m in record["moves"] if p == 0] == mine
    outcome = tablier.replay(record).outcome()
    assert outcome is not None
    rows = page.locator(f"{BOARD} .cp-count-table tbody tr")
    shown = [
        (
            int(rows.nth(i).get_attribute("data-level")),
            int(rows.nth(i).get_attribute("data-white")),
            int(rows.nth(i).get_attribute("data-black")),
        )
        for i in range(rows.count())
    ]
    counts = outcome["counts"]
    # read from the top level down, as the default goal decides
    assert shown == [(k, counts[k - 1][0], counts[k - 1][1]) for k in range(len(counts), 0, -1)]
    deciding = page.locator(f"{BOARD} .cp-count-table tr.deciding")
    if outcome["decided_at_level"] is None:
        expect(deciding).to_have_count(0)
    else:
        expect(deciding).to_have_attribute("data-level", str(outcome["decided_at_level"]))
    page.locator(f"{BOARD} .cp-count").scroll_into_view_if_needed()
    shot(page, f"{name}-end")


def test_a_whole_game_against_the_computer_by_clicking(web_server: Any, open_context: Any) -> None:
    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    room = start_against_computer(page, web_server.url)
    expect(page.locator(f"{MY_TRAY} .cp-tile")).to_have_count(12)
    play_whole_game(page, web_server.url, room, touch=False, name="desktop")
    # the replay draws each step with the same board, the server's views in hand
    page.click("[data-action=replay]")
    expect(page.locator(f"{BOARD} .cp-mark").first).to_be_visible()
    page.click("[aria-label='Début']")
    expect(page.locator(f"{BOARD} .cp-mark")).to_have_count(0)
    page.click("[data-action=next]")
    expect(page.locator(f"{BOARD} .cp-mark")).to_have_count(1)
    expect(page.locator(".replay-caption")).to_contain_text("niveau 1")
    assert errors == []


def test_a_whole_game_on_a_phone_by_taps(web_server: Any, chromium: Any) -> None:
    context = chromium.new_context(viewport=PHONE, locale="fr-FR", has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        errors = page_errors(page)
        room = start_against_computer(page, web_server.url)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        play_whole_game(page, web_server.url, room, touch=True, name="phone")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # the puzzle on the phone: a hint, then a tile chosen with its spots lit
        page.goto(web_server.url + "/?puzzle=counterplays:rhombus")
        page.locator("[data-action=hint]").tap()
        expect(page.locator(f"{BOARD} .cp-mark")).to_have_count(1)
        page.locator(f"{MY_TRAY} .cp-tile:not([disabled])").first.tap()
        expect(page.locator(f"{BOARD} .cp-spots polygon").first).to_be_attached()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        shot(page, "phone-puzzle", at=".puzzle-tools")
        assert errors == []
    finally:
        context.close()


def shape_key(cells: list[tuple[int, int]]) -> str:
    """A placement's orientation up to translation, written as the board writes it."""
    ordered = sorted(cells, key=lambda c: (c[1], c[0]))
    mx, my = ordered[0]
    dx = -mx if (mx + my) % 2 == 0 else 1 - mx
    return ";".join(f"{x + dx},{y - my}" for x, y in ordered)


def screen_point(page: Any, cells: list[tuple[int, int]]) -> tuple[float, float]:
    """Where a set of triangles' middle is on the screen (what a person aims at)."""
    point: list[float] = page.evaluate(
        """async (cells) => {
          const m = await import('/js/boards/counterplays.js');
          const svg = document.querySelector('counterplays-board svg.cp-board');
          const [x, y] = m.middle(cells, 30);
          const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
          return [p.x, p.y];
        }""",
        [list(c) for c in cells],
    )
    return point[0], point[1]


def lay_by_hand(page: Any, letter: str, cells: list[tuple[int, int]], move: str) -> None:
    """Chooses the tile, turns it to the wanted orientation, aims and clicks."""
    page.click(f"{MY_TRAY} .cp-tile[data-letter={letter}]")
    chosen = page.locator(f"{BOARD} .cp-chosen")
    want = shape_key(cells)
    for i in range(12):
        if chosen.get_attribute("data-shape") == want:
            break
        page.click(f"{BOARD} [data-action={'flip' if i == 5 else 'rotate'}]")
    assert chosen.get_attribute("data-shape") == want
    # aim at the middle of the spot, else at each of its triangles, until the ghost fits
    ghost = page.locator(f"{BOARD} svg.cp-board")
    for aim in [cells, *([c] for c in cells)]:
        x, y = screen_point(page, aim)
        page.mouse.move(x, y)
        if ghost.get_attribute("data-ghost") == move:
            page.mouse.click(x, y)
            return
    raise AssertionError(f"the ghost never sat on {move}")


def test_the_rhombus_puzzle_with_a_hint_then_by_hand(web_server: Any, open_context: Any) -> None:
    from tablier.games.counterplays.puzzles import positions

    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/?puzzle=counterplays:rhombus")
    expect(page.locator(f"{MY_TRAY} .cp-tile:not([disabled])")).to_have_count(12)
    expect(page.locator(f"{BOARD} .cp-region polygon")).to_have_count(72)
    page.click("[data-action=hint]")
    expect(page.locator(f"{BOARD} .cp-mark")).to_have_count(1)
    expect(page.locator(f"{MY_TRAY} .cp-tile.used")).to_have_count(1)
    board = f"document.querySelector('{BOARD}').view.state.observation"
    laid = [
        (t["letter"], tuple((x, y) for x, y in t["cells"])) for t in page.evaluate(f"{board}.tiles")
    ]
    rest, _ = positions.complete(positions.PUZZLES["rhombus"], laid)
    assert rest is not None and len(rest) == 11
    for n, (letter, cells) in enumerate(rest):
        lay_by_hand(page, letter, list(cells), positions.write(letter, cells))
        expect(page.locator(f"{BOARD} .cp-mark")).to_have_count(n + 2)
        if n == 5:
            shot(page, "puzzle-rhombus-half", full=True)
    expect(page.locator(".banner-win")).to_be_visible()
    assert page.evaluate(f"{board}.solved")
    shot(page, "puzzle-rhombus-solved", full=True)
    # the triangle: the reason it cannot be tiled is shown
    page.click("text=Et le triangle ?")
    expect(page.locator(".puzzle-why")).to_contain_text("72")
    expect(page.locator("[data-action=hint]")).to_be_disabled()
    shot(page, "puzzle-triangle", full=True)
    assert errors == []
