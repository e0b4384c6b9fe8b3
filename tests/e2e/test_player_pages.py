"""A player's page and a leaderboard in a real browser, from rated games finished
through the real server: the rating, its plot, the strongest wins and the games with
their replays, the leaderboard's ranks and the computer levels, on a desktop and a phone."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from e2e_helpers import DESKTOP, PHONE, expect, page_errors

SERVER_TESTS = str(Path(__file__).resolve().parents[1] / "server")
if SERVER_TESTS not in sys.path:
    sys.path.insert(0, SERVER_TESTS)

from rated_games import Person, new_person, rated_game  # noqa: E402

pytestmark = pytest.mark.e2e

SHOTS = Path("/work/helpers/shots/ratings")
# the games Ada loses of her ten against Bob
LOST = (2, 5, 8)


def _ws(url: str) -> str:
    return url.replace("http", "ws", 1)


@pytest.fixture(scope="module")
def players(web_server: Any) -> dict[str, Person]:
    ada, bob = new_person(web_server.url, "Ada"), new_person(web_server.url, "Bob")
    for index in range(10):
        poster, taker = (ada, bob) if index % 2 else (bob, ada)
        rated_game(_ws(web_server.url), poster, taker, loser=ada if index in LOST else bob)
    return {"ada": ada, "bob": bob}


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, animations="disabled")


def _no_sideways_scroll(page: Any) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_player_page_shows_rating_plot_wins_and_replays(
    web_server: Any, open_context: Any, players: dict[str, Person]
) -> None:
    ada, bob = players["ada"], players["bob"]
    api = httpx.get(f"{web_server.url}/api/players/{ada.id}", timeout=30).json()
    kwinty = next(c for c in api["ratings"] if c["key"] == "kwinty")

    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(f"{web_server.url}/?player={ada.id}")
    expect(page.locator("h1")).to_have_text(ada.name)
    card = page.locator('.people-card[data-key="kwinty"]')
    expect(card.locator(".people-rating-value")).to_have_text(str(round(kwinty["rating"])))
    expect(card).to_contain_text("10 parties classées")
    expect(card).to_contain_text("7 victoires · 3 défaites · 0 nulles")
    # the plot: one point per rated game and the start, axes labelled in French
    plot = card.locator("svg.rating-plot")
    expect(plot.locator("circle")).to_have_count(11)
    expect(plot.locator("text", has_text="parties classées")).to_have_count(1)
    assert "de 1500 à" in (plot.get_attribute("aria-label") or "")
    # strongest wins and recent games, each with its replay
    expect(card.locator(".people-wins li")).to_have_count(5)
    games = card.locator(".people-games li")
    expect(games).to_have_count(10)
    expect(games.first).to_contain_text("Victoire")
    expect(games.nth(9 - LOST[-1])).to_contain_text("Défaite")
    # the computer levels beside the player's rating, fixed
    expect(card.locator(".people-levels li[data-level]")).to_have_count(len(kwinty["computer"]))
    # the player stands among them at her rating, strongest first
    levels = card.locator(".people-levels li")
    stronger = sum(1 for c in kwinty["computer"] if c["rating"] > kwinty["rating"])
    expect(levels.nth(stronger)).to_have_class(re.compile("people-level-self"))
    expect(levels.nth(stronger)).to_contain_text(f"{ada.name}{round(kwinty['rating'])}")
    expect(card.locator('.people-levels li[data-level="hard"]')).to_contain_text(
        re.compile(r"Ordinateur \(difficile\)\s*\d+, fixe")
    )
    _shot(page, "player-desktop")

    # a replay link opens that game's replay
    games.first.get_by_role("link", name="Revoir").click()
    expect(page).to_have_url(re.compile(r"\?room=[\w-]+&replay=1$"))
    expect(page.locator("h1")).to_contain_text("relecture")
    page.go_back()
    # the opponent's name leads to his page
    card = page.locator('.people-card[data-key="kwinty"]')
    card.locator(".people-games li").first.get_by_role("link", name=bob.name).click()
    expect(page.locator("h1")).to_have_text(bob.name)
    expect(page).to_have_url(re.compile(rf"\?player={bob.id}$"))
    # in English too
    page.locator('button[data-lang="en"]').click()
    expect(page.locator('.people-card[data-key="kwinty"]')).to_contain_text("3 wins · 7 losses")
    page.locator('button[data-lang="fr"]').click()
    assert errors == []


def test_the_leaderboard_ranks_players_among_the_computer_levels(
    web_server: Any, open_context: Any, chromium: Any, players: dict[str, Person]
) -> None:
    ada, bob = players["ada"], players["bob"]
    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    # from the lobby's entry
    page.goto(web_server.url + "/")
    page.get_by_role("link", name="Voir les classements").click()
    expect(page.locator("h1")).to_have_text("Classement — Kwinty")
    rows = page.locator(".boards-table tbody tr")
    players_rows = page.locator(".boards-table tr.board-player")
    names = players_rows.locator(".board-name").all_inner_texts()
    assert names.index(ada.name) < names.index(bob.name)
    ranks = [int(r) for r in players_rows.locator(".board-rank").all_inner_texts()]
    assert ranks == list(range(1, len(ranks) + 1))
    # the computer levels are there, marked fixed, in rating order with the players
    expect(page.locator('tr.board-computer[data-level="random"]')).to_contain_text(
        "Ordinateur (au hasard)"
    )
    expect(page.locator("tr.board-computer").first).to_contain_text("fixe")
    shown = [int(r) for r in rows.locator(".board-rating").all_inner_texts()]
    assert shown == sorted(shown, reverse=True)
    _shot(page, "leaderboard-desktop")
    # another game's board, then a player's name leads to the page
    page.locator(".boards-nav").get_by_role("link", name="Turris").click()
    expect(page.locator("h1")).to_have_text("Classement — Turris")
    expect(page.locator(".boards-card .empty")).to_be_visible()
    page.go_back()
    page.locator("tr.board-player").get_by_role("link", name=ada.name).click()
    expect(page.locator("h1")).to_have_text(ada.name)
    assert errors == []

    # a phone reads both pages without sideways scrolling
    phone_context = chromium.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, locale="fr-FR"
    )
    try:
        phone = phone_context.new_page()
        phone.goto(f"{web_server.url}/?leaderboard=kwinty")
        expect(phone.locator("tr.board-player").first).to_be_visible()
        _no_sideways_scroll(phone)
        _shot(phone, "leaderboard-phone")
        phone.goto(f"{web_server.url}/?player={ada.id}")
        expect(phone.locator("svg.rating-plot").first).to_be_visible()
        box = phone.locator("svg.rating-plot").first.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
        _no_sideways_scroll(phone)
        _shot(phone, "player-phone")
    finally:
        phone_context.close()


def test_unknown_player_and_board_say_so(web_server: Any, open_context: Any) -> None:
    page = open_context(DESKTOP).new_page()
    page.goto(f"{web_server.url}/?player=nobody")
    expect(page.locator("h1")).to_have_text("Joueur introuvable")
    page.goto(f"{web_server.url}/?leaderboard=chess")
    expect(page.locator("h1")).to_have_text("Classement introuvable")
