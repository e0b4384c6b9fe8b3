"""Problems from real games in the browser: problems of the three games solved on the
real boards, by clicks on a desktop and by taps on a phone, each time with a wrong try
first refuted by the engine; the lobby's problem of the day; the rating kept by the
browser."""

from __future__ import annotations

import json
from typing import Any

import pytest
from e2e_helpers import DESKTOP, PHONE, expect, fits_width, page_errors, shot

from tablier.puzzles import store

pytestmark = pytest.mark.e2e


def _press(locator: Any, touch: bool) -> None:
    if touch:
        locator.tap()
    else:
        locator.click()


def _pick(game: str, skip: int, placement: bool = True) -> dict[str, Any]:
    """A shipped problem whose key move is a placement (what the boards are clicked for)."""
    pool = [
        p for p in store.problems(game)
        if not placement or (p["key"][0] in "VH" if game == "turris" else p["key"] != "pass")
    ]  # fmt: skip
    assert pool, f"no {game} problem to play"
    return pool[(len(pool) // 3 + skip) % len(pool)]


def _play_kwinty(page: Any, move: str, touch: bool) -> None:
    # the column of the piece's lower-left cell (a flat piece also shows from its right)
    hit = page.locator(f"kwinty-board .hit.playable[data-col={move[0]}][data-move='{move}']")
    if not hit.count():
        # the board lays pieces one way at a time: turn the piece
        _press(page.locator("kwinty-board .orient"), touch)
    expect(hit).to_have_count(1)
    if touch:
        hit.tap()  # the first touch shows where the piece lands
    _press(hit, touch)


def _play_turris(page: Any, move: str, touch: bool) -> None:
    cell = move[1:3]
    _press(page.locator(f"turris-board .tr-pad-cell.playable[data-cell={cell}]"), touch)
    _press(page.locator(f"turris-board .tr-options [data-move='{move}']"), touch)


def _play_counterplays(page: Any, move: str, touch: bool) -> None:
    # the tile chosen in the tray, turned, aimed and laid, as in the game's own test
    from test_counterplays_board import lay_by_hand

    letter, _, spot = move.partition(":")
    cells = [(int(x), int(y)) for x, y in (c.split(",") for c in spot.split(";"))]
    lay_by_hand(page, letter, cells, move)


PLAY = {"kwinty": _play_kwinty, "turris": _play_turris, "counterplays": _play_counterplays}


def _wrong(problem: dict[str, Any]) -> str:
    placements = [m for m in problem["refutations"] if m != "pass" and m[0] not in "xs"]
    return sorted(placements)[0]


def _rating(page: Any) -> int:
    return int(page.locator(".pz-rating").get_attribute("data-rating"))


def _solve(page: Any, base: str, problem: dict[str, Any], touch: bool, name: str) -> None:
    """Open a problem, miss it once (refuted), reopen it, then find the key move."""
    game = problem["game"]
    page.goto(f"{base}/?problem={problem['id']}")
    panel = page.locator(f".pz-panel[data-problem='{problem['id']}']")
    expect(panel).to_have_attribute("data-state", "open")
    expect(page.locator(".pz-prompt")).to_contain_text("gagne")
    before = _rating(page)
    wrong = _wrong(problem)
    PLAY[game](page, wrong, touch)
    expect(panel).to_have_attribute("data-state", "refuted")
    said = page.locator(".pz-feedback[data-verdict=refuted]")
    expect(said).to_contain_text("Pas celui-là")
    # the opponent's answer is told when there is one (after a Turris bonus the line may
    # hold only the mover's own second move, then the game's end)
    if any(player != problem["seat"] for player, _move in problem["refutations"][wrong]):
        expect(page.locator(".pz-refutation")).to_contain_text("Réponse")
    # the solution comes after the try, its first move the key, said in words
    first = page.locator(".pz-line [data-step='0']")
    expect(first).to_have_attribute("title", problem["key"])
    assert problem["key"] not in first.inner_text()
    assert _rating(page) < before
    shot(page, f"problems-{name}-refuted")
    # the solution is stepped through on the board
    _press(page.locator(f".pz-line [data-step='{len(problem['line']) - 1}']"), touch)
    expect(page.locator(".pz-line .is-shown")).to_have_count(1)

    page.goto(f"{base}/?problem={problem['id']}")
    expect(panel).to_have_attribute("data-state", "open")
    missed = _rating(page)
    PLAY[game](page, problem["key"], touch)
    expect(panel).to_have_attribute("data-state", "solved")
    expect(page.locator(".pz-feedback[data-verdict=solved]")).to_contain_text("Bravo")
    assert _rating(page) > missed
    shot(page, f"problems-{name}-solved")


def test_three_problems_by_clicks_on_a_desktop(web_server: Any, open_context: Any) -> None:
    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    daily = page.locator("#daily-problem")
    expect(daily).to_be_visible()
    expect(daily).to_contain_text("Le problème du jour")
    chosen = daily.get_attribute("data-problem")
    page.locator("[data-action=daily-problem]").click()
    expect(page.locator(".pz-panel")).to_have_attribute("data-problem", chosen)

    _solve(page, web_server.url, _pick("kwinty", 0), False, "kwinty-desktop")
    _solve(page, web_server.url, _pick("kwinty", 7), False, "kwinty2-desktop")
    _solve(page, web_server.url, _pick("turris", 0), False, "turris-desktop")
    _solve(page, web_server.url, _pick("counterplays", 0), False, "counterplays-desktop")
    # the rating lives in the browser
    kept = page.evaluate("localStorage.getItem('tablier.problems.rating')")
    assert kept and '"rd"' in kept
    # the next problem is one click away: one of the same game not tried yet, the nearest
    # to the player's rating
    tried = json.loads(page.evaluate("localStorage.getItem('tablier.problems.ratings')"))
    mine = json.loads(kept)["rating"]
    untried = [p for p in store.problems("counterplays") if p["id"] not in tried]
    nearest = min(abs(p["rating"] - mine) for p in untried)
    page.locator("[data-action=next]").click()
    expect(page.locator(".pz-panel[data-state=open]")).to_be_visible()
    shown = page.locator(".pz-panel").get_attribute("data-problem")
    assert shown not in tried
    chosen = next(p for p in untried if p["id"] == shown)
    assert abs(chosen["rating"] - mine) == nearest
    # English on request
    page.locator("button.lang[data-lang=en]").click()
    expect(page.locator(".pz-prompt")).to_contain_text("to play and win")
    assert errors == []


def test_three_problems_by_taps_on_a_phone(web_server: Any, chromium: Any) -> None:
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors = page_errors(page)
    try:
        _solve(page, web_server.url, _pick("kwinty", 3), True, "kwinty-phone")
        fits_width(page, "kwinty-board")
        _solve(page, web_server.url, _pick("turris", 5), True, "turris-phone")
        fits_width(page, "turris-board")
        _solve(page, web_server.url, _pick("turris", 11), True, "turris2-phone")
        page.goto(web_server.url + "/")
        expect(page.locator("#daily-problem")).to_be_visible()
        page.locator("#daily-problem").scroll_into_view_if_needed()
        shot(page, "problems-lobby-phone")
        assert errors == []
    finally:
        context.close()
