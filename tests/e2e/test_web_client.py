"""The web client in a real browser against a real server process."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from e2e_helpers import (
    DESKTOP,
    MAX_FIRST_LOAD,
    PHONE,
    create_game,
    expect,
    fits_width,
    move_count,
    page_errors,
    shot,
    wait_until,
)

pytestmark = pytest.mark.e2e


def test_first_load_is_small_and_local(web_server: Any, open_context: Any) -> None:
    page = open_context().new_page()
    finished: list[Any] = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(web_server.url + "/", wait_until="networkidle")
    expect(page.locator(".game-card")).to_have_count(5)
    total = 0
    for request in finished:
        assert request.url.startswith(web_server.url), f"fetched from outside: {request.url}"
        sizes = request.sizes()
        total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
    print(f"first load: {len(finished)} requests, {total} bytes")
    assert 0 < total < MAX_FIRST_LOAD


def test_lobby_rules_and_language_switch(web_server: Any, open_context: Any) -> None:
    page = open_context().new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    title = page.locator(".hero h1")
    expect(title).to_contain_text("jeux de plateau")
    expect(page.locator("[data-game=kwinty] .pitch")).to_contain_text("Bâtissez un mur")
    assert page.evaluate("document.documentElement.lang") == "fr"
    shot(page, "lobby-desktop")
    page.click("[data-lang=en]")
    expect(title).to_contain_text("board games")
    expect(page.locator("[data-game=kwinty] .pitch")).to_contain_text("Build a wall")
    expect(page.locator("[data-game=kwinty] [data-action=create]")).to_have_text("Play")
    # the choice is remembered by this browser
    page.reload()
    expect(title).to_contain_text("board games")
    assert page.evaluate("document.documentElement.lang") == "en"
    page.click("[data-game=quiwin] >> text=Rules")
    expect(page.locator(".rules h1")).to_have_text("Qui'win")
    expect(page.locator(".rules table")).not_to_have_count(0)
    assert page.locator(".rules script").count() == 0
    page.click("[data-lang=fr]")
    expect(page.locator(".rules h2").first).not_to_have_text("The tiles")
    page.set_viewport_size(PHONE)
    page.goto(web_server.url + "/")
    expect(page.locator(".game-card")).to_have_count(5)
    fits_width(page, ".game-grid")
    shot(page, "lobby-phone")
    assert errors == []


def test_online_kwinty_through_the_invite_link(web_server: Any, open_context: Any) -> None:
    anne = open_context().new_page()
    bob = open_context().new_page()
    errors = page_errors(anne) + page_errors(bob)
    anne.goto(web_server.url + "/")
    room = create_game(anne, "kwinty", "online", first="me")
    invite = anne.locator(".invite-link").first.input_value()
    anne.click("[data-action=copy]")
    expect(anne.locator(".toast")).to_contain_text("Lien copié")
    assert f"room={room}" in invite and "join=1" in invite
    bob.goto(invite)
    # the friend gives the name both players will see (test_phones.py checks it)
    bob.fill("#seat-name", "Bob")
    bob.click("[data-role=seat-name] [data-action=join]")
    expect(bob.locator("kwinty-board svg")).to_be_visible()
    expect(anne.locator(".invite")).to_have_count(0)  # the seat is taken: no more invite
    watcher = open_context().new_page()
    watcher.goto(f"{web_server.url}/?room={room}&watch=1")
    expect(watcher.locator(".chip-watch")).to_be_visible()

    # Anne plays first (she chose to): by keyboard, to show the wall is playable without a mouse
    expect(anne.locator(".banner-turn")).to_be_visible()
    wall = anne.locator(".kwinty-wall")
    wall.focus()
    wall.press("ArrowRight")
    expect(anne.locator(".preview .piece.ghost")).to_have_count(1)
    wall.press("Enter")
    expect(bob.locator(".moves-panel h2 small")).to_have_text("(1)")

    # an illegal move typed by hand is refused with a visible message, nothing changes
    expect(bob.locator(".banner-turn")).to_be_visible()
    bob.fill("#notation", "a9h")
    bob.press("#notation", "Enter")
    expect(bob.locator(".play-error")).to_contain_text("Refusé")
    # the engine's reason, in the interface's language (French here)
    expect(bob.locator(".play-error")).to_contain_text("une pièce doit reposer entièrement")
    assert move_count(bob) == 1

    pages = [anne, bob]
    count = 1
    reloaded = False
    while True:
        if anne.locator(".banner-over").count() and bob.locator(".banner-over").count():
            break
        wait_until(
            lambda: (
                any(p.locator(".banner-turn").count() for p in pages)
                or anne.locator(".banner-over").count() > 0
            ),
            what="someone's turn",
        )
        if anne.locator(".banner-over").count():
            expect(bob.locator(".banner-over")).to_be_visible()
            break
        mover = anne if anne.locator(".banner-turn").count() else bob
        mover.locator(".kwinty-wall .hit.playable").first.click()
        count += 1
        for page in pages:
            expect(page.locator(".moves-panel h2 small")).to_have_text(f"({count})")
        if count == 6 and not reloaded:
            # a reload in the middle of the game resumes it from the stored seat token
            reloaded = True
            anne.reload()
            expect(anne.locator(".moves-panel h2 small")).to_have_text("(6)")
            expect(anne.locator(".kwinty-wall .piece:not(.ghost)")).to_have_count(6)
        assert count <= 41, "a Kwinty game has at most 40 pieces"

    result = anne.locator(".banner-over").inner_text()
    # Anne played White (seat 0)
    anne_won = "banner-win" in (anne.locator(".banner-over").get_attribute("class") or "")
    assert " gagne" in result or "nulle" in result
    assert bob.locator(".banner-over").inner_text() == result
    expect(watcher.locator(".moves-panel h2 small")).to_have_text(f"({count})")
    if "ligne de cinq" in result:
        expect(anne.locator(".win-line")).to_have_count(1)
    expect(anne.locator(".piece.last")).to_have_count(1)
    anne.mouse.move(1, 1)
    shot(anne, "kwinty-finished-desktop")
    anne.click("[data-action=flip]")
    expect(anne.locator("[data-action=flip]")).to_have_attribute("aria-pressed", "true")

    bob.set_viewport_size(PHONE)
    fits_width(bob, ".kwinty-wall")
    shot(bob, "kwinty-finished-phone")

    # the finished game can be replayed move by move and its record downloaded
    with anne.expect_download() as download:
        anne.click("[data-action=download]")
    assert download.value.suggested_filename.endswith(".tablier.json")
    anne.click("[data-action=replay]")
    expect(anne.locator(".replay-count")).to_have_text(f"coup {count} / {count}")
    anne.click("[data-action=prev]")
    expect(anne.locator(".replay-count")).to_have_text(f"coup {count - 1} / {count}")
    expect(anne.locator(".kwinty-wall .piece")).to_have_count(count - 1)

    # "my games" lists it among the finished games, ready to replay
    anne.goto(web_server.url + "/#my-games")
    finished = anne.locator(f'.my-game[data-room="{room}"]')
    expect(finished).to_contain_text("Kwinty")
    expect(finished.locator("a")).to_have_text("Revoir")

    # a rematch: the loser begins it, the server reseating a winning White as Black
    anne.goto(f"{web_server.url}/?room={room}")
    for page in pages:
        page.click("[data-action=rematch]")
    first, second = (bob, anne) if anne_won else (anne, bob)
    for page in pages:
        expect(page.locator(".moves-panel h2 small")).to_have_text("(0)")
    expect(first.locator(".banner-turn")).to_be_visible()
    expect(second.locator(".banner-turn")).to_have_count(0)
    if anne_won:
        expect(bob.locator(".play-notice")).to_contain_text("places ont changé")
    # the seat token resumes the holder's new seat after a reload
    first.reload()
    expect(first.locator(".banner-turn")).to_be_visible()
    first.locator(".kwinty-wall .hit.playable").first.click()
    expect(second.locator(".moves-panel h2 small")).to_have_text("(1)")
    expect(second.locator(".banner-turn")).to_be_visible()
    assert errors == []


def play_quiwin_step(page: Any, used_action: list[bool]) -> bool:
    """Make one decision if one is offered; returns whether something was played."""
    actions = page.locator(".qw-prompt button.action")
    if actions.count():
        pawn = page.locator(".qw-prompt button.action:not([data-move=pass])")
        if (
            not used_action[0]
            and pawn.count()
            and not pawn.first.get_attribute("data-move").startswith("swap")
        ):
            used_action[0] = True
            pawn.first.click()
        else:
            page.locator(".qw-prompt button.action").first.click()
        return True
    hand = page.locator(".qw-hand.active button.tile")
    if hand.count():
        hand.first.click()
        return True
    return False


def test_quiwin_against_the_computer(web_server: Any, open_context: Any) -> None:
    page = open_context().new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    create_game(page, "quiwin", "computer", level="random")
    expect(page.locator(".qw-hand.active button.tile")).to_have_count(8)
    # the hand is drawn to scale: a 25 mm tile is wider than a 22 mm one
    # measured in one go: a state from the computer may redraw the hand at any moment
    measured = page.eval_on_selector_all(
        ".qw-hand .tile", "els => els.map(e => [e.dataset.code, e.getBoundingClientRect().width])"
    )
    widths = {code: width for code, width in measured}
    assert len(measured) == 8 and widths
    for a, wa in widths.items():
        for b, wb in widths.items():
            if int(a[1:]) < int(b[1:]):
                assert wa < wb, (a, b, widths)
    used_action = [False]
    laid = 0
    reloaded = False
    deadline = time.monotonic() + 120
    while not page.locator(".banner-over").count():
        assert time.monotonic() < deadline, "the game did not finish in time"
        if play_quiwin_step(page, used_action):
            laid += 1
            if laid == 3 and not reloaded:
                reloaded = True
                page.reload()
                expect(page.locator(".qw-table")).to_be_visible()
            page.wait_for_timeout(50)
        else:
            page.wait_for_timeout(50)
    verdict = page.locator(".banner-over").inner_text()
    assert "gagne" in verdict
    assert any(word in verdict for word in ("palier 3", "départage"))
    expect(page.locator(".measures .measure")).to_have_count(3)
    expect(page.locator(".qw-player.me .qw-row .tile")).to_have_count(8)
    page.wait_for_timeout(700)  # let the last reveal animation end before the picture
    shot(page, "quiwin-finished-desktop")
    page.set_viewport_size(PHONE)
    fits_width(page, ".qw-table")
    shot(page, "quiwin-finished-phone")

    # the replay rebuilds the deal event by event from the final, fully revealed view
    page.set_viewport_size(DESKTOP)
    page.click("[data-action=replay]")
    expect(page.locator("quiwin-board .qw-row .tile")).to_have_count(16)
    caption = page.locator(".replay-caption")
    expect(caption).to_contain_text("Palier 3")
    page.click("[data-action=prev]")
    expect(caption).not_to_contain_text("Palier 3")
    page.click("[aria-label='Début']")
    expect(page.locator("quiwin-board .qw-row .tile")).to_have_count(0)
    assert errors == []


def test_quiwin_on_one_screen_hands_the_device_over(web_server: Any, open_context: Any) -> None:
    page = open_context().new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    create_game(page, "quiwin", "local")
    page.locator(".qw-hand.active button.tile").first.click()
    overlay = page.locator(".overlay .handover")
    expect(overlay).to_be_visible()
    expect(overlay).to_contain_text("Noir")
    expect(page.locator(".qw-hand")).to_have_count(0)  # nothing private while handing over
    # not even in the page under the overlay: no move list, no hand, no tile code
    under = page.evaluate(
        "() => [...document.querySelectorAll('main > *')].map((e) => e.textContent).join(' ')"
    )
    assert page.locator(".moves, .tile").count() == 0
    assert re.search(r"\b[VJBOR]\d\d\b", under) is None, under
    page.click("[data-action=handover]")
    expect(page.locator(".qw-hand.active button.tile")).to_have_count(8)
    # Black may know that White has chosen, never what
    expect(page.locator(".opponent-chose")).to_be_visible()
    expect(page.locator(".qw-row .tile")).to_have_count(0)
    page.locator(".qw-hand.active button.tile").first.click()
    # the action window after the step is White's again: hand the device back
    expect(overlay).to_contain_text("Blanc")
    page.click("[data-action=handover]")
    # both tiles are revealed together
    expect(page.locator(".qw-row .tile.reveal")).to_have_count(2)
    # White decides next: an action window if one is open, else the next tile
    expect(
        page.locator(".qw-prompt button.action, .qw-hand.active button.tile").first
    ).to_be_visible()
    assert errors == []


def test_spectator_and_unknown_room(web_server: Any, open_context: Any) -> None:
    page = open_context().new_page()
    page.goto(f"{web_server.url}/?room=nope")
    expect(page.locator(".notice h1")).to_have_text("Partie introuvable")


def _void_deal_messages() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Server messages around a void Qui'win deal, built with the real engine.

    Identical hands played identically give identical rows: every measurement is level
    and the tie-break finds no difference, so the deal is void.
    """
    from collections import Counter

    import tablier
    from tablier.games.quiwin.tiles import TILE_COUNTS
    from tablier.server.outcomes import told_outcome

    game = tablier.load("quiwin")
    hand = ["V22", "V22", "J23", "J23", "B24", "B24", "O23", "O25"]
    rest = Counter(TILE_COUNTS)
    rest.subtract(Counter(hand * 2))
    bag = [code for code, n in rest.items() for _ in range(n)]
    seats = [
        {"seat": 0, "kind": "human", "level": None, "name": None, "taken": True, "connected": True},
        {
            "seat": 1,
            "kind": "computer",
            "level": "random",
            "name": None,
            "taken": True,
            "connected": True,
        },
    ]

    def message(state: Any, number: int, previous: Any) -> dict[str, Any]:
        over = state.is_terminal()
        return {
            "type": "state",
            "room": "VOID",
            "game_number": number,
            "seat": 0,
            "observation": state.observation(0),
            "legal_moves": [str(m) for m in state.legal_moves(0)],
            "awaited": state.current_players(),
            "moves": state.public_history(0),
            "move_count": len(state.history),
            "terminal": over,
            "outcome": told_outcome(game, state.outcome()) if over else None,
            "clocks": None,
            "seats": seats,
            "rematch": [],
            "previous_outcome": previous,
        }

    first = game.new_state(seed=1, deal={"hands": [hand, hand], "bag": bag})
    while not first.is_terminal():
        for player in first.current_players():
            legal = [str(m) for m in first.legal_moves(player)]
            first.apply(player, "pass" if "pass" in legal else legal[0])
    outcome = told_outcome(game, first.outcome())
    assert outcome is not None and outcome["reason"] == "void"
    second = game.new_state(seed=2)
    welcome = {
        "type": "welcome",
        "v": 1,
        "room": "VOID",
        "game": type(game).describe(),
        "options": dict(game.options),
        "num_players": 2,
        "seats": [0],
        "spectator": False,
        "limits": {},
    }
    status = {
        "room": "VOID",
        "game": "quiwin",
        "options": dict(game.options),
        "num_players": 2,
        "clock": None,
        "game_number": 2,
        "seats": seats,
        "awaited": [0, 1],
        "move_count": 0,
        "moves": [],
        "finished": False,
        "outcome": None,
        "previous_outcome": outcome,
        "spectators": 0,
        "links": {},
    }
    return status, [welcome, message(first, 1, None), message(second, 2, outcome)]


def test_quiwin_void_deal_then_new_deal(web_server: Any, open_context: Any) -> None:
    """The void verdict stays on screen until the player asks for the new deal.

    A void deal cannot be arranged through the server's API (the deal is random), so
    the WebSocket is answered by the test with messages the real engine produced.
    """
    status, messages = _void_deal_messages()
    page = open_context().new_page()
    errors = page_errors(page)
    page.add_init_script(
        "localStorage.setItem('tablier.rooms', JSON.stringify("
        "{VOID: {game: 'quiwin', seats: [{seat: 0, token: 'tok'}], created: 1}}))"
    )
    page.route(f"{web_server.url}/api/rooms/VOID", lambda route: route.fulfill(json=status))

    def serve(ws: Any) -> None:
        def on_message(text: Any) -> None:
            if json.loads(text)["type"] == "hello":
                for message in messages:
                    ws.send(json.dumps(message))

        ws.on_message(on_message)

    page.route_web_socket(web_server.url.replace("http", "ws") + "/ws/rooms/VOID", serve)
    page.goto(f"{web_server.url}/?room=VOID")
    expect(page.locator(".banner-over")).to_contain_text("donne nulle")
    expect(page.locator(".play-notice")).to_contain_text("nouvelle donne")
    expect(page.locator(".qw-player.me .qw-row .tile")).to_have_count(8)
    page.click("[data-action=new-deal]")
    expect(page.locator(".qw-row .tile")).to_have_count(0)
    expect(page.locator(".qw-hand.active button.tile")).to_have_count(8)
    expect(page.locator(".banner-turn")).to_be_visible()
    assert errors == []
