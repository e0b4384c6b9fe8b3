"""Counterplays' level-6 and surround puzzles in a real browser, and a game watched by a
spectator, with the same board; tiles are laid by clicks on the board."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_counterplays_board import (
    BOARD,
    DESKTOP,
    MY_TRAY,
    PHONE,
    choose_tile_and_turn,
    expect,
    lay_by_hand,
    my_turn_or_over,
    page_errors,
    place_by_click,
    shot,
    start_against_computer,
)

pytestmark = pytest.mark.e2e

OBSERVED = f"document.querySelector('{BOARD}').view.state.observation"


def test_surround_a_black_tile_with_the_fewest_whites_then_close_them_in(
    web_server: Any, open_context: Any
) -> None:
    from tablier.games.counterplays.puzzles import surround_play
    from tablier.games.counterplays.puzzles.positions import write
    from tablier.games.counterplays.shapes import ORIENTATIONS

    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/?puzzle=counterplays:surround")
    page.select_option("#surround-letter", "C")
    expect(page.locator(".banner")).to_contain_text("Tuile noire C")
    expect(page.locator(f"{MY_TRAY} .cp-tile:not([disabled])")).to_have_count(12)
    solver = surround_play.follow_up("C")
    assert solver.whites is not None and solver.blacks is not None
    for index, cells in solver.whites:
        letter = ORIENTATIONS[index].letter
        lay_by_hand(page, letter, list(cells), write(letter, cells))
    # as few white tiles as the solver's minimum: the page says it is the minimum
    expect(page.locator(".banner-win")).to_contain_text("c'est le minimum")
    assert len(solver.whites) == surround_play.minimum("C").count
    shot(page, "puzzle-surround-minimum", full=True)
    # the follow-up: the black tray is the one to play from now
    expect(page.locator(f"{MY_TRAY} .cp-tile:not([disabled])")).to_have_count(11)
    for index, cells in solver.blacks[:2]:
        letter = ORIENTATIONS[index].letter
        lay_by_hand(page, letter, list(cells), write(letter, cells))
    for _ in range(12):
        if (
            page.evaluate(f"{OBSERVED}.tiles.length")
            and page.locator(".banner:has-text('résolu')").count()
        ):
            break
        page.click("[data-action=hint]")
        expect(page.locator("[data-action=undo]")).to_be_enabled()
    expect(page.locator(".banner-win")).to_contain_text("résolu")
    tiles = page.evaluate(f"{OBSERVED}.tiles")
    whites = [t["cells"] for t in tiles if t["owner"] == 0]
    blacks = [t["cells"] for t in tiles if t["owner"] == 1]
    white_cells = [tuple(c) for cells in whites for c in cells]
    # what the page calls closed is closed: every triangle bordering the whites is black
    from tablier.games.counterplays.puzzles.surround import covers_ring

    assert covers_ring(white_cells, [[tuple(c) for c in cells] for cells in blacks])
    shot(page, "puzzle-surround-solved", full=True)
    page.set_viewport_size(PHONE)
    shot(page, "puzzle-surround-phone", full=True)
    assert errors == []


def test_level6_by_hand_then_hints_then_a_shown_line(web_server: Any, open_context: Any) -> None:
    from tablier.games.counterplays.puzzles import stack_play

    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/?puzzle=counterplays:level6")
    expect(page.locator(".banner")).to_contain_text("Niveau le plus haut : 0 sur 6")
    line = list(stack_play.known_line())
    assert line
    # White's first tile by hand, where the known line puts it
    first = line[0]
    from tablier.games.counterplays.geometry import cell_of
    from tablier.games.counterplays.notation import parse

    letter, keys = parse(first)
    lay_by_hand(page, letter, [cell_of(k) for k in keys], first)
    expect(page.locator(".banner")).to_contain_text("À Noir de poser")
    # two hints: Black then White, each one of the engine's legal moves
    for count in (2, 3):
        page.click("[data-action=hint]")
        page.wait_for_function(f"{OBSERVED}.tiles.length === {count}")
    shot(page, "puzzle-level6-hints", full=True)
    page.click("[data-action=solution]")
    expect(page.locator(".banner-win")).to_contain_text("niveau 6")
    assert page.evaluate(f"{OBSERVED}.top_level") >= 6
    moves = page.evaluate(f"{OBSERVED}.tiles.length")
    assert moves <= 24
    shot(page, "puzzle-level6-solved", full=True)
    page.set_viewport_size(PHONE)
    shot(page, "puzzle-level6-phone", full=True)
    assert errors == []


def test_a_spectator_watches_the_tiles_arrive(web_server: Any, open_context: Any) -> None:
    player = open_context(DESKTOP).new_page()
    room = start_against_computer(player, web_server.url)
    watcher = open_context(PHONE).new_page()
    errors = page_errors(watcher)
    watcher.goto(f"{web_server.url}/?room={room}&watch=1")
    expect(watcher.locator(".chip-watch")).to_be_visible()
    expect(watcher.locator(BOARD)).to_be_visible()
    rng = random.Random(3)
    for _ in range(3):
        assert my_turn_or_over(player) == "turn"
        choose_tile_and_turn(player, rng, touch=False)
        before = player.evaluate(f"document.querySelector('{BOARD}').view.state.move_count")
        place_by_click(player, rng)
        player.wait_for_function(
            f"document.querySelector('{BOARD}').view.state.move_count > {before}"
        )
    # the watcher's board shows every tile laid (the player's and the computer's)
    laid = player.evaluate(f"{OBSERVED}.tiles.length")
    watcher.wait_for_function(f"{OBSERVED}.tiles.length >= {laid}")
    expect(watcher.locator(f"{BOARD} .cp-mark")).not_to_have_count(0)
    # a spectator has no tray to play from and no notation field
    expect(watcher.locator(f"{MY_TRAY} .cp-tile:not([disabled])")).to_have_count(0)
    expect(watcher.locator("#notation")).to_have_count(0)
    shot(watcher, "counterplays-spectator-phone", full=True)
    assert errors == []


def test_same_screen_both_trays_take_turns(web_server: Any, open_context: Any) -> None:
    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    page.click("[data-game=counterplays] [data-action=create]")
    page.check("dialog input[name=opponent][value=local]")
    page.select_option("dialog #first", "me")
    page.click("dialog button[type=submit]")
    page.wait_for_url("**/?room=*")
    rng = random.Random(8)
    for seat in (0, 1, 0):
        # perfect information: no hand-over, the tray of the colour to play is the active one
        expect(page.locator(f"{BOARD} .cp-tray.active")).to_have_count(1)
        assert page.evaluate(f"{OBSERVED}.to_move") == seat
        choose_tile_and_turn(page, rng, touch=False)
        before = page.evaluate(f"document.querySelector('{BOARD}').view.state.move_count")
        place_by_click(page, rng)
        page.wait_for_function(
            f"document.querySelector('{BOARD}').view.state.move_count > {before}"
        )
    expect(page.locator(f"{BOARD} .cp-mark")).to_have_count(3)
    assert errors == []
