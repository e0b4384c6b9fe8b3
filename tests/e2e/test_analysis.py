"""The engine's analysis of a finished Kwinty game in the replay, as a player asks for it:
one click, a progress bar, then a graph of the chances, a verdict on every move, the
engine's move drawn on the board."""

from __future__ import annotations

import json
import random
import re
import urllib.request
from typing import Any

import pytest
from e2e_helpers import DESKTOP, PHONE, expect, page_errors, shot

pytestmark = pytest.mark.e2e


# from this many moves on, a seat told to throw a won end away looks for the chance
THROW_FROM = {"turris": 30, "counterplays": 18}
# the random moves' seed: with 11, Counterplays' winner wins with every move at the end
SEEDS = {"counterplays": 13}


def finish_game(base: str, game: str = "kwinty", throw: bool = False) -> tuple[str, int]:
    """A game played to its end over the WebSocket by two random seats. With `throw`, the
    first seat near the end whose position the solver proves won plays a move that
    loses the win (a blunder the analysis must find, whatever the random moves were)."""
    body = {"game": game, "seats": [{"mine": True}, {"mine": True}], "seating": "as_listed"}
    request = urllib.request.Request(
        f"{base}/api/rooms",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        created = json.loads(answer.read())
    room, tokens = created["room"], [s["token"] for s in created["my_seats"]]
    rng = random.Random(SEEDS.get(game, 11) if throw else 11)
    played: list[list[Any]] = []

    # the synchronous client: Playwright's sync API already runs an event loop here
    from websockets.sync.client import connect

    url = base.replace("http", "ws", 1) + f"/ws/rooms/{room}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "v": 1, "tokens": tokens}))
        ref = 0
        while True:
            frame = json.loads(ws.recv(timeout=20))
            if frame.get("type") != "state":
                continue
            if frame["terminal"]:
                return room, int(frame["move_count"])
            seat = frame["seat"]
            if frame["legal_moves"] and seat in frame["awaited"]:
                ref += 1
                move = rng.choice(frame["legal_moves"])
                if throw and game in THROW_FROM and len(played) >= THROW_FROM[game]:
                    thrown = _thrown_away(game, played, seat)
                    if thrown is not None:
                        move, throw = thrown, False
                played.append([seat, move])
                ws.send(json.dumps({"type": "move", "seat": seat, "move": move, "ref": ref}))


def _thrown_away(game: str, played: list[list[Any]], seat: int) -> str | None:
    """A move of `seat` that loses a position the solver proves he wins, or None."""
    import tablier
    from tablier.ai.endgame import solve

    # these games hold no chance: the moves alone rebuild the server's position
    state = tablier.load(game).new_state(seed=0)
    for player, move in played:
        state.apply(player, move)
    if state.current_players() != [seat]:
        return None
    found = solve(state, nodes=1500)
    if found is None or found.value != 1:
        return None
    losing = sorted(m for m, v in found.moves.items() if v < 1)
    return losing[0] if losing else None


def test_a_kwinty_replay_is_analysed_move_by_move(web_server: Any, open_context: Any) -> None:
    room, moves = finish_game(web_server.url)
    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(f"{web_server.url}/?room={room}&replay=1")
    # why the game ended, in words (the reason's code stays in the record)
    expect(page.locator(".banner-over")).not_to_contain_text("— line")
    button = page.locator("[data-action=analyse]")
    expect(button).to_be_visible()
    button.click()
    # the progress bar, then the whole analysis
    expect(page.locator(".analysis")).to_be_visible()
    expect(page.locator(".analysis-table")).to_be_visible(timeout=120_000)
    verdicts = page.locator(".moves li[data-verdict]")
    expect(verdicts).to_have_count(moves)
    kinds = {verdicts.nth(i).get_attribute("data-verdict") for i in range(moves)}
    assert kinds <= {"best", "good", "inaccuracy", "mistake", "blunder"}
    expect(page.locator(".analysis-graph .ag-line")).to_be_visible()
    # back to the start: the engine's move for that position is drawn on the wall
    page.click("[aria-label='Début']")
    expect(page.locator(".analysis-best")).to_contain_text("le moteur")
    expect(page.locator("kwinty-board .preview .ghost")).to_have_count(1)
    # one step: the caption says what the analysis thinks of the move just played
    page.click("[data-action=next]")
    caption = page.locator(".replay-caption")
    expect(caption).to_contain_text(".")
    words = ("Meilleur coup", "Bon coup", "Imprécision", "Erreur", "Gaffe")
    assert any(w in caption.inner_text() for w in words), caption.inner_text()
    # a click on the graph moves the replay to that point of the game
    graph = page.locator(".analysis-graph")
    box = graph.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
    expect(page.locator(".replay-count")).to_contain_text(f"{moves} / {moves}")
    page.click("[aria-label='Début']")
    page.click("[data-action=next]")
    page.click("[data-action=next]")
    shot(page, "analysis-kwinty-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "analysis-kwinty-phone")
    assert errors == []


def test_a_hint_against_the_computer_is_drawn_on_the_wall(
    web_server: Any, open_context: Any
) -> None:
    from e2e_helpers import create_game

    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    create_game(page, "kwinty", "computer", level="random", first="me")
    hint = page.locator("[data-action=hint]")
    expect(hint).to_be_visible()
    hint.click()
    notice = page.locator(".notice, [role=status]").filter(has_text="Indice")
    expect(notice.first).to_be_visible()
    expect(page.locator("kwinty-board .preview .ghost")).to_have_count(1)
    shot(page, "hint-kwinty-desktop")
    assert errors == []


def test_a_quiwin_choice_shows_each_tiles_chances(web_server: Any, open_context: Any) -> None:
    room, moves = finish_game(web_server.url, "quiwin")
    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(f"{web_server.url}/?room={room}&replay=1")
    # the game is over, so nothing is secret: both hands, every tile's length, each
    # choice before its reveal, and every step told in words (no message key)
    board = page.locator("quiwin-board")
    page.click("[aria-label='Début']")
    hands = board.locator(".qw-open-hand")
    expect(hands).to_have_count(2)
    expect(hands.nth(0).locator(".tile")).to_have_count(8)
    expect(hands.nth(1).locator(".tile")).to_have_count(8)
    caption = page.locator(".replay-caption")
    chosen = 0
    for _ in range(moves):
        page.keyboard.press("ArrowRight")
        said = caption.inner_text()
        assert "quiwin." not in said and said.strip(), said
        assert board.locator(".qw-row .tile-unknown").count() == 0
        chosen += board.locator(".qw-row .tile.committed").count()
    assert chosen > 0  # a choice made, not yet revealed, is shown dashed in its slot
    page.click("[aria-label='Début']")
    page.keyboard.press("ArrowRight")
    shot(page, "replay-quiwin-open-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "replay-quiwin-open-phone")
    page.set_viewport_size(DESKTOP)
    page.click("[data-action=analyse]")
    expect(page.locator(".analysis-table")).to_be_visible(timeout=120_000)
    expect(page.locator(".moves li[data-verdict]")).to_have_count(moves)
    # the first move is a tile chosen in secret: its options and their chances
    page.click("[aria-label='Début']")
    page.click("[data-action=next]")
    options = page.locator(".choice-options li")
    expect(options.first).to_be_visible()
    assert options.count() >= 2
    expect(page.locator(".choice-options li.played")).to_have_count(1)
    percents = [
        int(options.nth(i).locator(".choice-pct").inner_text().split()[0])
        for i in range(options.count())
    ]
    assert percents == sorted(percents, reverse=True) and all(0 <= p <= 100 for p in percents)
    shot(page, "analysis-quiwin-desktop")
    assert errors == []


def analysis_of(base: str, room: str, n: int = 1) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/api/rooms/{room}/games/{n}/analysis", timeout=20) as a:
        return json.loads(a.read())


@pytest.mark.parametrize("game", ["kwinty", "turris", "counterplays", "quiwin"])
def test_a_finished_game_reads_like_a_coach(game: str, web_server: Any, open_context: Any) -> None:
    """Every two-player game: the graph says whose chances it draws (axis, legend, both
    colours), and a blunder is told in words with the engine's better move."""
    room, _moves = finish_game(web_server.url, game, throw=True)
    page = open_context(DESKTOP).new_page()
    errors = page_errors(page)
    page.goto(f"{web_server.url}/?room={room}&replay=1")
    page.click("[data-action=analyse]")
    expect(page.locator(".analysis-table")).to_be_visible(timeout=120_000)
    legend = page.locator(".ag-legend")
    expect(legend.locator(".ag-title")).to_have_text("Chances de gain de Blanc")
    expect(legend.locator(".ag-key-0")).to_contain_text("Blanc")
    expect(legend.locator(".ag-key-1")).to_contain_text("Noir")
    expect(page.locator(".ag-axis")).to_contain_text("100 %")
    expect(page.locator(".ag-axis")).to_contain_text("0 %")
    view = analysis_of(web_server.url, room)
    assert all(-1.0 <= p["value"] <= 1.0 for p in view["positions"])
    # the last blunder; Qui'win's choices, judged under uncertainty, may hold none: there
    # the choice that cost its player most
    blunders = [m for m in view["moves"] if m["verdict"] == "blunder"]
    if game == "quiwin" and not blunders:
        blunders = sorted((m for m in view["moves"] if m["verdict"] != "best"),
                          key=lambda m: m["drop"])  # fmt: skip
    assert blunders, view["moves"]
    blunder = blunders[-1]
    word = {"blunder": "Gaffe", "mistake": "Erreur", "inaccuracy": "Imprécision",
            "good": "Bon coup"}[blunder["verdict"]]  # fmt: skip
    i = blunder["index"]
    # the blunder, clicked in the move list: the caption says so in words
    page.locator(".moves li").nth(i).locator("button").click()
    caption = page.locator(".replay-caption")
    expect(caption).to_contain_text(word)
    expect(caption).to_contain_text("le moteur")
    # the better move in words (the notation stays in the tooltip)
    if blunder["best_words"]:
        expect(caption).to_contain_text(blunder["best_words"]["fr"])
    if blunder.get("loses_in"):
        expect(caption).to_contain_text("gagne en")
    # one step back: the position before it, with the engine's move in words (and drawn)
    page.keyboard.press("ArrowLeft")
    best = page.locator(".analysis-best")
    expect(best).to_contain_text("le moteur")
    assert best.get_attribute("title") == blunder["best"]  # the notation as a tooltip
    if game == "kwinty":
        expect(page.locator("kwinty-board .preview .ghost")).to_have_count(1)
    elif game == "turris":
        # the piece to place as a dashed ghost on the tower, or the piece to remove ringed
        drawn = page.locator("turris-board svg.tr-tower").locator(".ghost.suggested, .to-remove")
        expect(drawn.first).to_be_attached()
        if blunder["best"].startswith("x"):
            expect(page.locator("turris-board svg .to-remove").first).to_be_attached()
        else:
            # a piece is two cubes, standing or lying
            expect(page.locator("turris-board svg .ghost.suggested")).to_have_count(2)
    elif game == "counterplays":
        ghost = page.locator("counterplays-board svg .cp-pointed .ghost")
        expect(ghost).to_have_count(1)
        assert ghost.get_attribute("data-move") == blunder["best"]
    if game in ("turris", "counterplays"):
        shot(page, f"analysis-better-{game}-desktop")
        page.set_viewport_size(PHONE)
        shot(page, f"analysis-better-{game}-phone")
        page.set_viewport_size(DESKTOP)
    page.keyboard.press("ArrowRight")
    # the caption and the verdict are two sentences ("… niveau 1. Gaffe", not "niveau 1 Gaffe")
    assert re.search(rf"[.!?…] {word}", caption.inner_text()), caption.inner_text()
    shot(page, f"analysis-coach-{game}-desktop")
    page.set_viewport_size(PHONE)
    expect(caption).to_contain_text(word)
    shot(page, f"analysis-coach-{game}-phone")
    assert errors == []
