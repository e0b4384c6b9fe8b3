"""Counterplays in the browser: whole games against the computer by choosing a tile in
the tray, a highlighted cell on the table and the placement (by clicks on a desktop, by
taps on a phone); the level counts shown at the end are the engine's."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
from e2e_helpers import DESKTOP, PHONE, create_game, expect, page_errors, shot

import tablier

pytestmark = pytest.mark.e2e


def _press(locator: Any, touch: bool) -> None:
    if touch:
        locator.tap()
    else:
        locator.click()


def play_one_game(page: Any, rng: random.Random, touch: bool, shots: str | None = None) -> None:
    shown_rule = False
    while True:
        ready = page.locator(".banner-over, counterplays-board .cp-tray.active button.cp-tile")
        expect(ready.first).to_be_visible(timeout=30_000)
        if page.locator(".banner-over").count():
            return
        count_before = page.locator(".moves-panel h2 small").inner_text()
        tiles = page.locator("counterplays-board .cp-tray.active button.cp-tile:not([disabled])")
        n = tiles.count()
        if not n:
            continue  # redrawn meanwhile: look again
        _press(tiles.nth(rng.randrange(n)), touch)
        spots = page.locator("counterplays-board .spot")
        expect(spots.first).to_be_attached()
        # a highlighted cell, then one of the placements covering it
        _press(spots.nth(rng.randrange(spots.count())), touch)
        if (
            rng.random() < 0.5
            and page.locator("counterplays-board [data-action=next]:not([disabled])").count()
        ):
            _press(page.locator("counterplays-board [data-action=next]"), touch)
        rule = page.locator("counterplays-board .cp-rule")
        if shots and not shown_rule and "monter" in rule.inner_text():
            shot(page, f"{shots}-placing")
            shown_rule = True
        _press(page.locator("counterplays-board [data-action=place]"), touch)
        expect(page.locator(".moves-panel h2 small")).not_to_have_text(count_before)
        if shots and page.locator("counterplays-board .cp-summit[data-level='3']").count():
            shot(page, f"{shots}-level3")
            shots = None if shown_rule else shots


def _check_final_counts(page: Any, base: str, room: str) -> None:
    record = httpx.get(f"{base}/api/rooms/{room}/games/1/record", timeout=30).json()
    outcome = tablier.replay(record).outcome()
    assert outcome is not None
    final = page.locator("counterplays-board .cp-final tbody tr")
    expect(final.first).to_be_visible()
    shown = {}
    for i in range(final.count()):
        row = final.nth(i)
        level = int(row.get_attribute("data-level"))
        shown[level] = [int(v) for v in row.locator("td").all_inner_texts()]
    assert shown == {i + 1: list(c) for i, c in enumerate(outcome["counts"])}
    decided = outcome["decided_at_level"]
    if decided is not None:
        expect(
            page.locator(f"counterplays-board .cp-final tr.decided[data-level='{decided}']")
        ).to_have_count(1)


def test_a_whole_game_by_clicks(web_server: Any, open_context: Any) -> None:
    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    room = create_game(page, "counterplays", "computer", level="random", first="me")
    expect(page.locator("counterplays-board svg.cp-board")).to_be_visible()
    expect(page.locator("generic-board")).to_have_count(0)
    expect(page.locator("counterplays-board .cp-tile")).to_have_count(24)
    play_one_game(page, random.Random(5), touch=False, shots="counterplays-desktop")
    _check_final_counts(page, web_server.url, room)
    shot(page, "counterplays-desktop-final")
    # twelve tiles each: every tile of both trays is used
    expect(page.locator("counterplays-board .cp-tile.used")).to_have_count(24)
    assert errors == []


def test_a_whole_game_by_taps_on_a_phone(web_server: Any, chromium: Any) -> None:
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="fr-FR")
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        errors = page_errors(page)
        page.goto(web_server.url + "/")
        page.locator("[data-game=counterplays] [data-action=create]").tap()
        page.check("dialog input[name=opponent][value=computer]")
        page.select_option("dialog #level", "random")
        page.select_option("dialog #first", "me")
        page.locator("dialog button[type=submit]").tap()
        page.wait_for_url("**/?room=*")
        room = page.url.split("room=")[1].split("&")[0]
        expect(page.locator("counterplays-board svg.cp-board")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        play_one_game(page, random.Random(8), touch=True, shots="counterplays-phone")
        _check_final_counts(page, web_server.url, room)
        shot(page, "counterplays-phone-final")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert errors == []
    finally:
        context.close()
