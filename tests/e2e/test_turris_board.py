"""Turris in the browser: whole games against the computer played on the board only
(the base's columns, the offered placements, the bonus choices), on a desktop with a
mouse and on a phone by taps; the scores shown at the end are the engine's."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
from e2e_helpers import DESKTOP, MAX_FIRST_LOAD, PHONE, create_game, expect, page_errors, shot

import tablier

pytestmark = pytest.mark.e2e


def _press(page: Any, locator: Any, touch: bool) -> None:
    if touch:
        locator.tap()
    else:
        locator.click()


def _my_turn_or_over(page: Any) -> str:
    """Wait until the page offers something to do, or the game is over."""
    ready = page.locator(
        ".banner-over, turris-board .tr-pad-cell.playable, "
        "turris-board [data-move=pass], turris-board .tr-bonus"
    )
    expect(ready.first).to_be_visible(timeout=30_000)
    if page.locator(".banner-over").count():
        return "over"
    if page.locator("turris-board .tr-bonus").count():
        return "bonus"
    if page.locator("turris-board [data-move=pass]").count():
        return "pass"
    return "place"


def play_one_game(page: Any, rng: random.Random, touch: bool, shots: str | None = None) -> bool:
    """Play to the end by the board; returns whether a bonus removal was made."""
    removed = False
    turned = False
    while True:
        what = _my_turn_or_over(page)
        if what == "over":
            return removed
        # read only now: the computer may have moved while we waited
        count_before = page.locator(".moves-panel h2 small").inner_text()
        if what == "bonus":
            remove = page.locator("turris-board [data-action=bonus-remove]:not([disabled])")
            if not removed and remove.count():
                _press(page, remove, touch)
                expect(page.locator("turris-board .tr-cube.removable").first).to_be_attached()
                if shots:
                    shot(page, f"{shots}-bonus")
                # the piece itself on the tower when it is in sight, else its button
                target = page.locator("turris-board .tr-cube.removable .face.top").first
                try:
                    target.click(trial=True, timeout=1500)
                    _press(page, target, touch)
                except Exception:
                    _press(page, page.locator("turris-board .tr-removals [data-move]").first, touch)
                removed = True
            else:
                _press(page, page.locator("turris-board [data-move=skip]"), touch)
        elif what == "pass":
            _press(page, page.locator("turris-board [data-move=pass]"), touch)
        else:
            cells = page.locator("turris-board .tr-pad-cell.playable")
            centre = page.locator("turris-board .tr-pad-cell.playable[data-cell=b2]")
            playable = cells.count()
            if not playable:
                continue  # the board is being redrawn: look again
            # the centre earns a bonus: take it when it is offered
            cell = centre if centre.count() else cells.nth(rng.randrange(playable))
            _press(page, cell, touch)
            options = page.locator("turris-board .tr-options [data-move]")
            expect(options.first).to_be_visible()
            _press(page, options.nth(rng.randrange(options.count())), touch)
        expect(page.locator(".moves-panel h2 small")).not_to_have_text(count_before)
        if shots and not turned and page.locator("turris-board .tr-cube").count() >= 16:
            shot(page, f"{shots}-side-AB")
            _press(page, page.locator("turris-board [data-action=turn-right]"), touch)
            page.wait_for_timeout(500)
            shot(page, f"{shots}-side-BC")
            turned = True


def _engine_totals(base: str, room: str, number: int) -> list[int]:
    record = httpx.get(f"{base}/api/rooms/{room}/games/{number}/record", timeout=30).json()
    outcome = tablier.replay(record).outcome()
    assert outcome is not None
    return list(outcome["totals"])


def _shown_totals(page: Any) -> list[int]:
    cells = page.locator("turris-board .tr-final tbody td.total")
    expect(cells).to_have_count(2)
    return [int(cells.nth(i).inner_text()) for i in range(2)]


def _play_until_a_removal(page: Any, base: str, room: str, touch: bool, shots: str | None) -> None:
    rng = random.Random(7)
    for number in range(1, 5):
        removed = play_one_game(page, rng, touch, shots if number == 1 else None)
        expect(page.locator("turris-board .tr-final")).to_be_visible()
        assert _shown_totals(page) == _engine_totals(base, room, number)
        if removed:
            # the list says moves in words, the notation in each one's tooltip
            said = page.locator(".moves .mv .mv-words")
            assert any(m.startswith("x") for m in said.evaluate_all("els => els.map(e => e.title)"))
            assert any(w.startswith("retire la pièce") for w in said.all_inner_texts())
            return
        # no removal came up: another game in the same room
        _press(page, page.locator("[data-action=rematch]"), touch)
        expect(page.locator(".moves-panel h2 small")).to_have_text("(0)", timeout=30_000)
    raise AssertionError("no bonus removal in four games")


def test_a_whole_game_by_clicks_on_the_tower(web_server: Any, open_context: Any) -> None:
    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    room = create_game(page, "turris", "computer", level="random", first="me")
    expect(page.locator("turris-board svg.tr-tower")).to_be_visible()
    # no raw fields and no row of notation buttons: a tower, its base and its views
    expect(page.locator("generic-board")).to_have_count(0)
    expect(page.locator("turris-board .tr-view-figure")).to_have_count(5)
    _play_until_a_removal(page, web_server.url, room, touch=False, shots="turris-desktop")
    shot(page, "turris-desktop-final")
    # the final table: per face and roof, per player, and the winning regions lit
    expect(page.locator("turris-board .tr-final thead th")).to_have_count(7)
    expect(page.locator("turris-board .tr-cube.lit").first).to_be_attached()
    # the replay steps through the game with the same tower
    page.click("[data-action=replay]")
    expect(page.locator("turris-board svg.tr-tower")).to_be_visible()
    expect(page.locator("turris-board .tr-final")).to_be_visible()
    page.click("[aria-label='Début']")
    expect(page.locator("turris-board .tr-cube.cube")).to_have_count(0)
    page.click("[data-action=next]")
    expect(page.locator("turris-board .tr-cube.cube")).to_have_count(2)
    expect(page.locator(".replay-caption")).to_contain_text("pose une pièce")
    assert errors == []


def test_a_whole_game_by_taps_on_a_phone(web_server: Any, chromium: Any) -> None:
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="fr-FR")
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        errors = page_errors(page)
        page.goto(web_server.url + "/")
        page.locator("[data-game=turris] [data-action=create]").tap()
        page.check("dialog input[name=opponent][value=computer]")
        page.select_option("dialog #level", "random")
        page.select_option("dialog #first", "me")
        page.locator("dialog button[type=submit]").tap()
        page.wait_for_url("**/?room=*")
        room = page.url.split("room=")[1].split("&")[0]
        tower = page.locator("turris-board svg.tr-tower")
        expect(tower).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        _play_until_a_removal(page, web_server.url, room, touch=True, shots="turris-phone")
        shot(page, "turris-phone-final")
        # the final table fits the phone too
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert errors == []
    finally:
        context.close()


def test_first_load_of_a_turris_game_stays_small(web_server: Any, open_context: Any) -> None:
    created = httpx.post(
        f"{web_server.url}/api/rooms",
        json={"game": "turris", "seats": [{"mine": True}, {"mine": True}]},
        timeout=30,
    ).json()
    page = open_context(DESKTOP).new_page()
    finished: list[Any] = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(f"{web_server.url}/?room={created['room']}&watch=1", wait_until="networkidle")
    expect(page.locator("turris-board svg.tr-tower")).to_be_visible()
    total = 0
    for request in finished:
        assert request.url.startswith(web_server.url), f"fetched from outside: {request.url}"
        sizes = request.sizes()
        total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
    print(f"first load of a Turris game: {len(finished)} requests, {total} bytes")
    assert 0 < total < MAX_FIRST_LOAD
