"""A rated game with a friend by link: "Classée" chosen in the create dialog, the friend
asked for a name (a profile) by the invite link, a resignation by clicks, and both
players' pages showing the glicko2 library's new ratings. Also: a casual invite still asks
a guest for a name, and seats a signed-in friend under their profile's name at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import glicko2
import pytest
from e2e_helpers import DESKTOP, PHONE, expect, page_errors

pytestmark = pytest.mark.e2e

SHOTS = Path("/work/helpers/shots/rated")


def _shot(page: Any, name: str) -> None:
    if SHOTS.parent.is_dir():
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), animations="disabled")


def _profile_id(page: Any, base: str) -> str:
    answer = page.context.request.get(f"{base}/api/me")
    return str(answer.json()["profile"]["id"])


def _open_dialog(page: Any, game: str = "kwinty") -> Any:
    page.click(f"[data-game={game}] [data-action=create]")
    dialog = page.locator("dialog.create")
    expect(dialog).to_be_visible()
    dialog.locator("input[name=opponent][value=online]").check()
    return dialog


def _glicko(score: float) -> float:
    player = glicko2.Player()  # a newcomer: 1500, 350, 0.06
    player.update_player([1500.0], [350.0], [score])
    return float(player.getRating())


def _rating_shown(page: Any, base: str, pid: str) -> str:
    page.goto(f"{base}/?player={pid}")
    value = page.locator(".people-card[data-key=kwinty] .people-rating-value")
    expect(value).to_be_visible()
    return str(value.inner_text())


def test_a_rated_game_with_a_friend_by_link(web_server: Any, open_context: Any) -> None:
    base = web_server.url
    alice = open_context(DESKTOP).new_page()
    bruno = open_context(DESKTOP).new_page()
    errors = page_errors(alice) + page_errors(bruno)
    alice.goto(base + "/")
    expect(alice.locator(".game-card")).to_have_count(5)

    # signed out, the choice is there but closed, with the way to choose a name
    dialog = _open_dialog(alice)
    slot = dialog.locator(".rated-choice")
    expect(slot).to_be_visible()
    expect(slot).to_contain_text("Classée")
    expect(slot.locator("input[value=rated]")).to_be_disabled()
    expect(slot).to_contain_text("chaque joueur ait choisi un nom")
    _shot(alice, "dialog-signed-out-desktop")
    # the choice is only for a game with friends online
    dialog.locator("input[name=opponent][value=computer]").check()
    expect(slot).to_be_hidden()
    dialog.locator("input[name=opponent][value=online]").check()
    slot.locator("[data-action=rated-choose-name]").click()
    slot.locator("[data-role=profile-name]").fill("Alice")
    slot.locator("[data-action=create-profile]").click()
    # the name chosen, "Classée" is open and chosen; the dialog's own name field gives way
    expect(slot.locator("input[value=rated]")).to_be_checked()
    expect(slot.locator("[data-role=rated-name]")).to_contain_text("Alice")
    expect(dialog.locator("#name")).to_be_hidden()
    _shot(alice, "dialog-rated-desktop")
    dialog.locator("#first").select_option("me")
    dialog.locator("button[type=submit]").click()
    alice.wait_for_url("**/?room=*")
    room = alice.url.split("room=")[1].split("&")[0]
    invite = alice.locator(".invite-link").first.input_value()
    assert f"room={room}" in invite

    # the friend, signed out, is asked to choose a name (a profile), not a seat name
    bruno.goto(invite)
    step = bruno.locator("[data-role=rated-seat]")
    expect(step).to_be_visible()
    expect(step.locator("h1")).to_contain_text("partie classée")
    expect(bruno.locator("#seat-name")).to_have_count(0)
    _shot(bruno, "friend-name-desktop")
    bruno.set_viewport_size(PHONE)
    _shot(bruno, "friend-name-phone")
    assert bruno.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    bruno.set_viewport_size(DESKTOP)
    # nothing is taken before the name is chosen
    expect(alice.locator(".invite")).to_have_count(1)
    step.locator("[data-role=profile-name]").fill("Bruno")
    step.locator("[data-action=create-profile]").click()
    expect(bruno.locator("kwinty-board svg")).to_be_visible()
    for page in (alice, bruno):
        expect(page.locator(".players .player.seat-0 strong")).to_have_text("Alice")
        expect(page.locator(".players .player.seat-1 strong")).to_have_text("Bruno")
    expect(bruno.locator("profile-chip")).to_contain_text("Bruno")
    for page in (alice, bruno):
        expect(page.locator(".play-title [data-role=rated-chip]")).to_have_text("Classée")
    _shot(alice, "game-rated-desktop")

    # Bruno resigns by clicks
    bruno.once("dialog", lambda d: d.accept())
    bruno.locator("[data-action=resign]").click()
    for page in (alice, bruno):
        expect(page.locator(".banner-over")).to_be_visible()

    ids = {"alice": _profile_id(alice, base), "bruno": _profile_id(bruno, base)}
    assert _rating_shown(alice, base, ids["alice"]) == str(round(_glicko(1.0)))
    assert _rating_shown(bruno, base, ids["bruno"]) == str(round(_glicko(0.0)))
    assert round(_glicko(1.0)) > 1500 > round(_glicko(0.0))

    # on a phone, the signed-in creator's dialog with the choice
    alice.set_viewport_size(PHONE)
    alice.goto(base + "/")
    dialog = _open_dialog(alice)
    dialog.locator("input[name=rated][value=rated]").check()
    expect(dialog.locator("[data-role=rated-name]")).to_contain_text("Alice")
    _shot(alice, "dialog-rated-phone")
    assert alice.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert errors == []


def test_a_casual_invite_asks_a_guest_and_seats_a_signed_in_friend(
    web_server: Any, open_context: Any
) -> None:
    base = web_server.url
    host, guest, member = (open_context(DESKTOP).new_page() for _ in range(3))
    errors = page_errors(host) + page_errors(guest) + page_errors(member)
    # a friend with a profile: chosen on the lobby page
    member.goto(base + "/")
    form = member.locator("#open-games profile-form")
    form.locator("[data-role=profile-name]").fill("Chloé")
    form.locator("[data-action=create-profile]").click()
    expect(member.locator("profile-chip")).to_contain_text("Chloé")

    invites = []
    host.goto(base + "/")
    for _ in range(2):
        host.goto(base + "/")
        dialog = _open_dialog(host)
        # a guest host: "Amicale" only
        expect(dialog.locator("input[value=rated]")).to_be_disabled()
        dialog.locator("#first").select_option("me")
        dialog.locator("button[type=submit]").click()
        host.wait_for_url("**/?room=*")
        invites.append(host.locator(".invite-link").first.input_value())

    # the guest is asked for the name both players will see
    guest.goto(invites[0])
    expect(guest.locator("[data-role=seat-name]")).to_be_visible()
    guest.fill("#seat-name", "Dan")
    guest.click("[data-role=seat-name] [data-action=join]")
    expect(guest.locator(".players .player.seat-1 strong")).to_have_text("Dan")

    # the signed-in friend sits down at once, under the profile's name
    member.goto(invites[1])
    expect(member.locator("kwinty-board svg")).to_be_visible()
    expect(member.locator("[data-role=seat-name]")).to_have_count(0)
    expect(member.locator(".players .player.seat-1 strong")).to_have_text("Chloé")
    expect(member.locator(".play-title [data-role=rated-chip]")).to_have_count(0)
    expect(host.locator(".players .player.seat-1 strong")).to_have_text("Chloé")
    assert errors == []
