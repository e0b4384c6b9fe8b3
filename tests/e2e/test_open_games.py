"""Issue 42's main test: two people meet in the open-games lobby and play a rated Kwinty game.

Two browser contexts each choose a name on the lobby page; one posts a rated Kwinty
challenge by clicks, the other sees it appear without reloading and accepts it with a click;
both land in the game and play it to the end by clicks on the wall; both then see their new
ratings, equal to the glicko2 library's own result for two newcomers; the server restarts on
the same database file and the profiles (the cookie still signs in), the ratings and the
game history are still there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import glicko2
import httpx
import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, WebServer, _require_browser
from e2e_helpers import expect, page_errors, shot, wait_until


@pytest.fixture
def own_server(tmp_path: Path) -> Any:
    """A server of this test's own, on a database file it restarts on."""
    _require_browser()
    servers: list[WebServer] = []

    def start() -> WebServer:
        server = WebServer(tmp_path).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


def _choose_name(page: Any, name: str) -> None:
    form = page.locator("#open-games profile-form")
    expect(form).to_be_visible()
    form.locator("[data-role=profile-name]").fill(name)
    form.locator("[data-action=create-profile]").click()
    expect(page.locator("#open-games .open-as")).to_contain_text(name)


def _profile_id(page: Any) -> str:
    answer = page.context.request.get(page.url.split("/?")[0].rstrip("/") + "/api/me")
    profile: dict[str, Any] = answer.json()["profile"]
    return str(profile["id"])


def _expected(score: float) -> tuple[float, float]:
    """A newcomer's rating and RD after one game against another newcomer, by glicko2
    (which first gives its documented example's numbers: Glickman's 1464.06 and 151.52)."""
    example = glicko2.Player(rating=1500, rd=200)
    example.update_player([1400, 1550, 1700], [30, 100, 300], [1, 0, 0])
    assert example.getRating() == pytest.approx(1464.06, abs=0.02)
    assert example.getRd() == pytest.approx(151.52, abs=0.02)
    player = glicko2.Player()  # 1500, 350, 0.06
    player.update_player([1500.0], [350.0], [score])
    return player.getRating(), player.getRd()


def _play_to_the_end(pages: list[Any]) -> None:
    """Clicks on the wall, whoever's turn it is, until both pages show the end: the first
    player builds from the left, the second from the right, so a line of five ends it."""
    count = 0
    while True:
        if all(p.locator(".banner-over").count() for p in pages):
            return
        wait_until(
            lambda: any(
                p.locator(".banner-turn").count() or p.locator(".banner-over").count()
                for p in pages
            ),
            what="someone's turn",
        )
        if any(p.locator(".banner-over").count() for p in pages):
            for page in pages:
                expect(page.locator(".banner-over")).to_be_visible()
            return
        mover = next(p for p in pages if p.locator(".banner-turn").count())
        cells = mover.locator(".kwinty-wall .hit.playable")
        expect(cells.first).to_be_visible()
        (cells.first if mover is pages[0] else cells.last).click()
        count += 1
        for page in pages:
            expect(page.locator(".moves-panel h2 small")).to_have_text(f"({count})")
        assert count <= 41, "a Kwinty game has at most 40 pieces"


def test_two_people_meet_in_the_lobby_and_play_rated(own_server: Any) -> None:
    from playwright.sync_api import sync_playwright

    server = own_server()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            _meet_play_restart(browser, server, own_server)
        finally:
            browser.close()


def _meet_play_restart(browser: Any, server: WebServer, start_again: Any) -> None:
    contexts = [browser.new_context(viewport=DESKTOP, locale="fr-FR") for _ in range(2)]
    for context in contexts:
        context.set_default_timeout(20_000)
    alice, bruno = (c.new_page() for c in contexts)
    errors = page_errors(alice) + page_errors(bruno)
    for page, name in ((alice, "Alice"), (bruno, "Bruno")):
        page.goto(server.url + "/")
        _choose_name(page, name)
    ids = {"alice": _profile_id(alice), "bruno": _profile_id(bruno)}

    # Bruno's page is open on the lobby before the challenge exists
    expect(bruno.locator("#open-games .open-list .empty")).to_be_visible()
    alice.click("#open-games [data-action=post]")
    dialog = alice.locator("dialog.open-dialog")
    expect(dialog).to_be_visible()
    dialog.locator("#open-game").select_option("kwinty")
    dialog.locator("#open-clock").select_option("none")
    dialog.locator("input[name=kind][value=rated]").check()
    dialog.locator("button[type=submit]").click()
    expect(dialog).to_have_count(0)
    own = alice.locator(".open-challenge.open-own")
    expect(own).to_contain_text("Kwinty")
    expect(own.locator("[data-action=cancel]")).to_have_text("Annuler")

    # it appears on Bruno's page by itself (the live socket), in words
    offer = bruno.locator(".open-challenge", has_text="Alice")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("Kwinty")
    expect(offer).to_contain_text("Classée")
    expect(offer).to_contain_text("sans pendule")
    expect(offer.locator(".open-rating")).to_have_text("1500")
    shot(bruno, "open-games-challenge-desktop")
    offer.locator("[data-action=accept]").click()

    # both land in the same room, each in their seat
    for page in (alice, bruno):
        page.wait_for_url("**/?room=*")
        expect(page.locator(".kwinty-wall")).to_be_visible()
    room = bruno.url.split("room=")[1].split("&")[0]
    assert alice.url.split("room=")[1].split("&")[0] == room
    for page in (alice, bruno):
        expect(page.locator(".play")).to_contain_text("Alice")
        expect(page.locator(".play")).to_contain_text("Bruno")
    _play_to_the_end([alice, bruno])
    assert errors == []

    record = httpx.get(f"{server.url}/api/rooms/{room}/games/1/record", timeout=30).json()
    status = httpx.get(f"{server.url}/api/rooms/{room}", timeout=30).json()
    seat_of = {s["name"]: s["seat"] for s in status["seats"]}
    returns = record["returns"]
    expected = {}
    for who, name in (("alice", "Alice"), ("bruno", "Bruno")):
        mine, theirs = returns[seat_of[name]], returns[1 - seat_of[name]]
        score = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
        expected[who] = _expected(score)
    _ratings_shown(server, {"alice": alice, "bruno": bruno}, ids, expected, room)
    shot(alice, "open-games-player-desktop")

    # the server restarts on the same file: nothing is lost, the cookies still sign in
    server.stop()
    again = start_again()
    for who, page in (("alice", alice), ("bruno", bruno)):
        page.goto(again.url + "/")
        name = "Alice" if who == "alice" else "Bruno"
        expect(page.locator("#open-games .open-as")).to_contain_text(name)
    _ratings_shown(again, {"alice": alice, "bruno": bruno}, ids, expected, room)
    for who in ("alice", "bruno"):
        games = httpx.get(f"{again.url}/api/players/{ids[who]}/games", timeout=30).json()
        assert [(g["room"], g["finished"]) for g in games] == [(room, True)]
    bruno.goto(f"{again.url}/?room={room}&replay=1")
    expect(bruno.locator(".kwinty-wall")).to_be_visible()
    for context in contexts:
        context.close()


def _ratings_shown(
    server: WebServer,
    pages: dict[str, Any],
    ids: dict[str, str],
    expected: dict[str, tuple[float, float]],
    room: str,
) -> None:
    """Each player's page says the rating the glicko2 library gives for the result."""
    for who, page in pages.items():
        data = httpx.get(f"{server.url}/api/players/{ids[who]}", timeout=30).json()
        card = next(c for c in data["ratings"] if c["key"] == "kwinty")
        rating, rd = expected[who]
        assert card["rating"] == pytest.approx(rating, abs=0.05)
        assert card["rd"] == pytest.approx(rd, abs=0.05)
        assert card["games"] == 1
        page.goto(f"{server.url}/?player={ids[who]}")
        shown = page.locator(".people-card[data-key=kwinty]")
        expect(shown.locator(".people-rating-value")).to_have_text(str(round(rating)))
        expect(shown.locator(".people-rating-rd")).to_contain_text(str(round(rd)))
        # the game is in the player's history, with its replay
        expect(shown.locator(f".people-games a[href*='{room}']").first).to_be_visible()


def test_partie_rapide_pairs_two_newcomers(web_server: Any, open_context: Any) -> None:
    first, second = open_context().new_page(), open_context().new_page()
    errors = page_errors(first) + page_errors(second)
    for page, name in ((first, "Camille"), (second, "Dominique")):
        page.goto(web_server.url + "/")
        _choose_name(page, name)
    first.select_option("#open-quick-game", "kwinty")
    first.click("#open-games [data-action=quick]")
    expect(first.locator(".open-searching")).to_contain_text("Kwinty")
    # the other visitor sees someone waiting, as a count, not as a challenge
    expect(second.locator(".open-counts")).to_contain_text("1 joueur cherche une partie rapide")
    expect(second.locator(".open-challenge", has_text="Camille")).to_have_count(0)
    second.select_option("#open-quick-game", "kwinty")
    second.click("#open-games [data-action=quick]")
    for page in (first, second):
        page.wait_for_url("**/?room=*")
        expect(page.locator(".kwinty-wall")).to_be_visible()
    assert first.url.split("room=")[1] == second.url.split("room=")[1]
    expect(first.locator(".play")).to_contain_text("Dominique")
    expect(second.locator(".play")).to_contain_text("Camille")
    assert errors == []
