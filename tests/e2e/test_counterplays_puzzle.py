"""The rhombus puzzle in the browser: a hint from the solver, then the rest laid by hand
(tile, cell, placement), until the page says the rhombus is covered."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from e2e_helpers import DESKTOP, expect, page_errors, shot

pytestmark = pytest.mark.e2e


def test_the_rhombus_by_a_hint_then_by_hand(web_server: Any, open_context: Any) -> None:
    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/?puzzle=counterplays:rhombus")
    used = page.locator("counterplays-board .cp-tile.used")
    expect(page.locator("counterplays-board .cp-tile")).to_have_count(12)
    page.click("[data-action=hint]")
    expect(used).to_have_count(1)
    for laid in range(1, 12):
        moves = json.loads(page.locator("section.puzzle").get_attribute("data-moves"))
        assert len(moves) == laid
        # where the solver would go next from this position; laid here by hand
        known = httpx.post(
            f"{web_server.url}/api/games/counterplays/puzzles/rhombus/solution",
            json={"moves": moves},
            timeout=60,
        )
        assert known.status_code == 200, known.text
        wanted = known.json()["moves"][0]
        letter, cells = wanted.split(":")
        page.click(f"counterplays-board button.cp-tile[data-letter={letter}]")
        page.locator(f"counterplays-board .spot[data-cell='{cells.split(';')[0]}']").click(
            force=True
        )
        place = page.locator("counterplays-board [data-action=place]")
        for _ in range(60):
            if place.get_attribute("data-move") == wanted:
                break
            page.click("counterplays-board [data-action=next]")
        assert place.get_attribute("data-move") == wanted
        if laid == 6:
            shot(page, "counterplays-puzzle-placing")
        place.click()
        expect(used).to_have_count(laid + 1)
    expect(page.locator(".banner-win")).to_be_visible()
    shot(page, "counterplays-puzzle-solved")
    assert errors == []
