"""A friend who opens an invite link is asked for a name, and both players see it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import DESKTOP, PHONE, create_game, expect, page_errors

pytestmark = pytest.mark.e2e

SHOTS = Path("/work/helpers/shots/phones")


def _phone(chromium: Any) -> Any:
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="fr-FR")
    context.set_default_timeout(20_000)
    return context


def test_the_invited_friend_gives_a_name_both_players_see(
    web_server: Any, open_context: Any, chromium: Any
) -> None:
    anne = open_context(DESKTOP).new_page()
    anne.goto(web_server.url + "/")
    room = create_game(anne, "kwinty", "online", first="me")
    invite = anne.locator(".invite-link").first.input_value()
    friend = _phone(chromium)
    try:
        bob = friend.new_page()
        errors = page_errors(anne) + page_errors(bob)
        bob.goto(invite)
        form = bob.locator("[data-role=seat-name]")
        expect(form).to_be_visible()
        # nothing is taken before the name is given
        expect(anne.locator(".invite")).to_have_count(1)
        field = bob.locator("#seat-name")
        assert field.input_value() == ""
        if SHOTS.is_dir():
            bob.screenshot(path=str(SHOTS / "name-prompt.png"))
        # the computer's name is not the friend's: refused in words, the seat stays free
        field.fill("Ordinateur (difficile)")
        form.locator("[data-action=join]").tap()
        expect(form.locator(".form-error")).to_contain_text("l'ordinateur")
        expect(anne.locator(".invite")).to_have_count(1)
        field.fill("  Zoé  ")
        form.locator("[data-action=join]").tap()
        expect(bob.locator("kwinty-board svg")).to_be_visible()
        expect(bob.locator(".players .player.seat-1 strong")).to_have_text("Zoé")
        # the host sees it too, once the seat is taken
        expect(anne.locator(".invite")).to_have_count(0)
        expect(anne.locator(".players .player.seat-1 strong")).to_have_text("Zoé")
        assert bob.url.endswith(f"?room={room}")

        # the next invite on this phone offers the name given before
        anne.goto(web_server.url + "/")
        create_game(anne, "kwinty", "online", first="me")
        bob.goto(anne.locator(".invite-link").first.input_value())
        expect(bob.locator("#seat-name")).to_have_value("Zoé")
        assert errors == []
    finally:
        friend.close()


def test_a_free_seat_taken_from_the_room_address_asks_a_name_too(
    web_server: Any, open_context: Any
) -> None:
    anne = open_context(DESKTOP).new_page()
    anne.goto(web_server.url + "/")
    room = create_game(anne, "kwinty", "online", first="me")
    carl = open_context(DESKTOP).new_page()
    errors = page_errors(anne) + page_errors(carl)
    carl.goto(f"{web_server.url}/?room={room}")
    carl.click(".join-offer [data-action=join]")
    form = carl.locator("[data-role=seat-name]")
    form.locator("#seat-name").fill("a\u200bb")
    form.locator("[data-action=join]").click()
    expect(form.locator(".form-error")).to_contain_text("invisibles")
    form.locator("#seat-name").fill("Carl")
    form.locator("[data-action=join]").click()
    expect(carl.locator("kwinty-board svg")).to_be_visible()
    expect(anne.locator(".players .player.seat-1 strong")).to_have_text("Carl")
    assert errors == []
