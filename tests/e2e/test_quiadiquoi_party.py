"""QuiAdiQuoi as a party: a host screen and three phones, each its own browser context.

The host creates nothing by hand here: the room is made through the REST API with the
options that make the game's luck irrelevant to the script (the small test deck, a die
whose every face is "stolen token"). Everything after that is done as people do it:
the phones join with the room code the host screen shows, the players tap compartments
and type answers, the reader accepts or refuses on his phone, the test reads the answer
from the reader's phone (as the reader reads it aloud) and remembers the quotations the
host screen showed (as the players hear them). Every WebSocket frame each phone
receives is kept and checked at the end for what that seat may not see.
"""

from __future__ import annotations

import json
import os
import re
import time
import unicodedata
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}
SHOTS = Path(os.environ.get("TABLIER_SHOTS", Path(__file__).resolve().parent / "screenshots"))
NAMES = ("Ana", "Bruno", "Chloé")


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"party-{name}.png"), full_page=True, animations="disabled")


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as pw_expect

    pw_expect.set_options(timeout=20_000)
    return pw_expect(target)


def wait_until(condition: Callable[[], bool], timeout: float = 30.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        result: dict[str, Any] = json.loads(answer.read())
        return result


def with_typo(name: str) -> str:
    """The name as typed in a hurry: no accents, one letter of its longest word changed."""
    plain = "".join(
        c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)
    ).lower()
    words = plain.split()
    longest = max(range(len(words)), key=lambda i: len(words[i]))
    word = words[longest]
    middle = len(word) // 2
    swapped = "e" if word[middle] != "e" else "a"
    words[longest] = word[:middle] + swapped + word[middle + 1 :]
    return " ".join(words)


class Phone:
    """One player's phone: its page, its seat and every frame its WebSocket received."""

    def __init__(self, context: Any, name: str) -> None:
        self.page = context.new_page()
        self.name = name
        self.frames: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("websocket", self._watch)
        self.seat: int | None = None

    def _watch(self, ws: Any) -> None:
        def keep(payload: Any) -> None:
            if isinstance(payload, str):
                self.frames.append(json.loads(payload))

        ws.on("framereceived", keep)

    def states(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f.get("type") == "state"]

    def tap(self, selector: str) -> None:
        target = self.page.locator(selector)
        expect(target).to_be_enabled()
        target.click()

    def my_turn(self, what: str) -> None:
        expect(self.page.locator(f".qq-yours {what}").first).to_be_visible()

    def answer(self, text: str, verb: str = "answer") -> None:
        field = self.page.locator(f"#qq-{verb}")
        expect(field).to_be_visible()
        field.fill(text)
        self.tap(f'[data-action="{verb}"]')

    def secret(self) -> str:
        """The answer shown on the reader's phone."""
        node = self.page.locator(".qq-secret strong")
        expect(node).to_be_visible()
        text: str = node.inner_text().strip()
        return text


def check_frames(phone: Phone, by_move: dict[int, dict[str, Any]]) -> int:
    """No frame to `phone` shows what its seat may not see; returns how many were checked.

    `by_move` holds, per move count, the reader's view of the question (its answer and
    every clue): these must not appear in a non-reader's frame, once the words already
    spoken aloud (answers given, heard quotations, the move list) are set aside.
    """
    checked = 0
    for frame in phone.states():
        obs = frame["observation"]
        q = obs.get("question")
        if q is None or obs["reader"] == phone.seat:
            continue
        checked += 1
        for key in ("answer", "all_clues", "anecdote", "source"):
            assert key not in q, f"seat {phone.seat} received the question's {key}"
        if q["kind"] != "steal":
            assert "card" not in q and obs["public"]["question"]["card"] is None
        assert (obs.get("verdict") or {}).get("proposed") is None
        secret = by_move.get(frame["move_count"])
        if secret is None:
            continue
        rest = {k: v for k, v in obs.items() if k not in ("verdict", "public")}
        rest["question"] = {k: v for k, v in q.items() if k != "answers"}
        text = json.dumps(rest, ensure_ascii=False)
        assert secret["answer"] not in text, f"seat {phone.seat} could read the answer"
        for clue in secret["all_clues"][len(q["clues"]) :]:
            assert clue not in text, f"seat {phone.seat} could read a clue not yet given"
    return checked


def check_no_written_list(phone: Phone, quotations: list[str]) -> int:
    """No frame keeps in writing what was said at the table: the move list has the kind
    of each spoken move without its words, a tournament counts its recitations without
    writing them, the list of heard quotations is absent. Returns the spoken moves seen."""
    spoken = 0
    for frame in phone.states():
        obs = frame["observation"]
        assert obs["heard"] is None
        for _player, move in [*frame["moves"], *obs["moves"]]:
            _kind, colon, words = move.partition(":")
            if colon:
                assert words == "…", f"seat {phone.seat} received {move!r} in writing"
                spoken += 1
        tour = obs.get("tournament")
        if tour is not None:
            assert all(set(entry) == {"id"} for entry in tour["recited"])
        listed = json.dumps([frame["moves"], tour and tour["recited"]], ensure_ascii=False)
        assert not any(q in listed for q in quotations)
    return spoken


def test_party_host_and_three_phones(web_server: Any, open_context: Any) -> None:
    base = web_server.url
    created = post(
        f"{base}/api/rooms",
        {
            "game": "quiadiquoi",
            "players": 3,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
            "seating": "as_listed",
            "options": {"deck": "test-fr", "die_faces": "steal_token", "answer_seconds": 600},
        },
    )
    room = created["room"]

    # ---------------------------------------------------------------- the host screen
    host = open_context(DESKTOP).new_page()
    host_errors: list[str] = []
    host.on("pageerror", lambda exc: host_errors.append(str(exc)))
    host.goto(f"{base}/?host={room}")
    code_node = host.locator(".host-code-small [data-code]")
    expect(code_node).to_be_visible()
    code = code_node.get_attribute("data-code")
    assert code and len(code) == 4
    expect(host.locator(".host-code span")).to_have_count(4)
    # the join token: in the QR code's link, and as four digits under the code
    key = host.locator(".host-key").get_attribute("data-key")
    assert key and len(key) == 4 and key.isdigit()
    qr = host.locator("img.host-qr")
    expect(qr).to_be_visible()
    wait_until(lambda: qr.evaluate("img => img.complete && img.naturalWidth > 0"), what="the QR")

    # ---------------------------------------------------------------- three phones join
    phones: list[Phone] = []
    for index, name in enumerate(NAMES):
        phone = Phone(open_context(PHONE), name)
        if index == 0:
            # by the short address of the QR code: the code is filled in
            phone.page.goto(f"{base}/j/{code.lower()}?t={key}")
            expect(phone.page.locator("#join-code")).to_have_value(code)
        else:
            # by typing the code and the digits seen on the big screen
            phone.page.goto(f"{base}/?join-code")
            phone.page.locator("#join-code").fill(code.lower())
            phone.page.locator("#join-key").fill(key)
        phone.page.locator("#join-name").fill(name)
        if index == 0:
            shot(phone.page, "phone-join")
        phone.tap('[data-action="join-code"]')
        expect(phone.page.locator("quiadiquoi-board .qq-me")).to_be_visible()
        wait_until(lambda p=phone: any(f.get("type") == "welcome" for f in p.frames))
        welcome = next(f for f in phone.frames if f.get("type") == "welcome")
        phone.seat = welcome["seats"][0]
        phones.append(phone)
        if index == 0:
            expect(host.locator(".host-seat-taken")).to_have_count(1)
            shot(host, "host-join")
    assert [p.seat for p in phones] == [0, 1, 2]
    # the first phone opens the code's short address again (a reload): back to its own
    # seat, not a new one (the code's lookup never tells the room: the phone remembers it)
    phones[0].page.goto(f"{base}/j/{code}")
    expect(phones[0].page.locator("quiadiquoi-board .qq-me")).to_be_visible()
    assert "room=" in phones[0].page.url
    # every seat taken: the game takes the host's screen
    expect(host.locator(".host-join")).to_be_hidden()
    expect(host.locator("quiadiquoi-host .qh-players .qh-player")).to_have_count(3)
    ana, bruno, chloe = phones
    heard: dict[str, str] = {}  # author -> quotation, as the players heard them

    def remember_question() -> str:
        """The quotation the host screen shows on a blue card."""
        card = host.locator("quiadiquoi-host .qq-card[data-face=blue] .qq-shown")
        expect(card).to_be_visible()
        shown: str = card.inner_text().strip().strip("« »")
        return shown

    def judge(reader: Phone, move: str) -> None:
        reader.my_turn(f'[data-move="{move}"]')
        reader.tap(f'.qq-yours [data-move="{move}"]')

    def draw(phone: Phone, comp: int, move: str) -> None:
        phone.my_turn(".qq-sabot")
        phone.tap(f'button.qq-comp[data-comp="{comp}"]')
        phone.tap(f'.qq-ways [data-move="{move}"]')

    # ---------------------------------------------------- turn 1: Ana draws, Chloé reads
    draw(ana, 1, "take 1")
    quote_a = remember_question()
    author_a = chloe.secret()
    heard[author_a] = quote_a
    expect(bruno.page.locator(".qq-secret")).to_have_count(0)
    ana.my_turn("#qq-answer")
    shot(ana.page, "phone-answer")
    ana.answer("Personne")  # a wrong answer
    judge(chloe, "refuse")
    # the second clue goes to Bruno, who answers with a small typo
    expect(host.locator("quiadiquoi-host .qq-clues .qq-clue-open")).to_have_count(2)
    bruno.my_turn("#qq-answer")
    shot(host, "host-question")
    bruno.answer(with_typo(author_a))
    chloe.my_turn('[data-move="accept"]')
    expect(chloe.page.locator(".qq-proposed-right")).to_be_visible()
    shot(chloe.page, "phone-verdict")
    judge(chloe, "accept")
    expect(host.locator("quiadiquoi-host .qq-last .qq-author strong")).to_have_text(author_a)
    shot(host, "host-verdict")

    # ------------------------------------- turn 2: Bruno draws, Ana reads; a re-speak claim
    draw(bruno, 2, "take 2")
    quote_b = remember_question()
    author_b = ana.secret()
    heard[author_b] = quote_b
    bruno.answer("Personne")
    judge(ana, "refuse")
    chloe.answer("Quelqu'un")
    judge(ana, "refuse")
    bruno.my_turn('[data-move="claim"]')
    shot(bruno.page, "phone-claim")
    bruno.tap('.qq-yours [data-move="claim"]')
    bruno.answer(author_b)
    judge(ana, "accept")

    # ---------------------------------------------------- turn 3: Chloé draws, Bruno reads
    draw(chloe, 1, "take 1")
    quote_c = remember_question()
    author_c = bruno.secret()
    heard[author_c] = quote_c
    chloe.answer(author_c)
    judge(bruno, "accept")

    # -------- turn 4: the die gives Ana a stolen token to pay for the bordeaux question
    ana.my_turn(".qq-die[data-die=steal_token]")
    ana.tap('button.qq-comp[data-comp="3"]')
    expect(ana.page.locator('.qq-ways [data-move="take 3 from 1"]')).to_be_visible()
    shot(ana.page, "phone-choose-die")
    ana.tap('.qq-ways [data-move="take 3 from 1"]')
    bordeaux = host.locator("quiadiquoi-host .qq-card[data-face=bordeaux] .qq-shown")
    expect(bordeaux).to_have_text(author_a)  # the first card, turned: its author is shown
    ana.answer(heard[author_a])
    judge(chloe, "accept")
    expect(ana.page.locator(".qq-me .qq-won")).to_have_count(1)

    # ---------------------------------------- the tournament: Bruno begins (after Ana)
    expect(host.locator("quiadiquoi-host .qh-tournament")).to_be_visible()
    bruno.answer(heard[author_b], verb="recite")
    chloe.answer(heard[author_b], verb="recite")  # already recited: refused
    expect(chloe.page.locator(".qq-refused")).to_be_visible()
    shot(chloe.page, "phone-recite-refused")
    shot(host, "host-tournament")
    chloe.tap('.qq-yours [data-move="pass"]')
    ana.answer(heard[author_a], verb="recite")
    bruno.answer(heard[author_c], verb="recite")
    for phone in (chloe, ana, bruno, chloe, ana):
        phone.my_turn('[data-move="pass"]')
        phone.tap('.qq-yours [data-move="pass"]')
    # pebbles kept are paid: Chloé with a token, Ana (no token left) with her card
    chloe.my_turn('[data-move^="discard "]')
    shot(chloe.page, "phone-discard")
    chloe.tap('.qq-yours [data-move^="discard "]')
    ana.my_turn('[data-move^="return "]')
    shot(ana.page, "phone-return-card")
    ana.tap('.qq-yours [data-move^="return "]')
    # the tournament is over: the host shows the table again, tokens paid
    expect(host.locator("quiadiquoi-host .qh-tournament")).to_have_count(0)
    # the move list says in words what was paid, never the moves' codes
    listed = ana.page.locator(".moves-panel .moves")
    expect(listed).to_contain_text("défausse un jeton")
    expect(listed).to_contain_text("rend une carte")
    assert not re.search(r"\b(discard|return) \w", listed.inner_text())
    expect(ana.page.locator(".qq-me .qq-won")).to_have_count(0)
    bruno.my_turn(".qq-sabot")
    shot(bruno.page, "phone-choose")
    shot(chloe.page, "phone-waiting")

    # ------------------------------------------- what each phone was sent, frame by frame
    secrets_by_move: dict[int, dict[str, Any]] = {}
    for phone in phones:
        for frame in phone.states():
            q = frame["observation"].get("question")
            if q is not None and "answer" in q:
                secrets_by_move[frame["move_count"]] = q
    assert len({q["answer"] for q in secrets_by_move.values()}) == 4
    for phone in phones:
        assert check_frames(phone, secrets_by_move) > 5
        assert check_no_written_list(phone, list(heard.values())) > 10
        assert phone.errors == []
    assert host_errors == []


def _finished_game() -> Any:
    """A QuiAdiQuoi game played by the real engine to a victory (every answer right)."""
    from tablier.core import registry

    game = registry.load("quiadiquoi", deck="test-fr", answer_seconds=None, die=False)
    state = game.new_state(seed=1, num_players=3)
    while not state.is_terminal():
        seat = state.current_players()[0]
        legal = [str(m) for m in state.legal_moves(seat)]
        obs = state.observation(seat)
        phase = obs["phase"]
        if phase == "choose":
            paid = [
                m
                for m in legal
                if m.startswith("take ")
                and obs["sabot"][int(m.split()[1]) - 1]["front"]["face"] == "bordeaux"
            ]
            move = (paid or legal)[0]
        elif phase in ("answer", "respeak"):
            move = "answer:" + state.observation(obs["reader"])["question"]["answer"]
        elif phase == "verdict":
            move = "accept" if obs["verdict"]["proposed"] == "right" else "refuse"
        elif phase == "recite":
            move = "pass"
        else:
            move = legal[0]
        state.apply(seat, move)
    return state


def test_host_shows_the_victory(web_server: Any, open_context: Any) -> None:
    """A whole game is long: the host's WebSocket is answered with the engine's end."""
    from tablier.core import registry

    state = _finished_game()
    winner = state.outcome()["winner"]
    seats = [
        {"seat": i, "kind": "human", "level": None, "name": n, "taken": True, "connected": True}
        for i, n in enumerate(NAMES)
    ]
    status = {
        "room": "WIN",
        "game": "quiadiquoi",
        "options": dict(state.game.options),
        "num_players": 3,
        "seats": seats,
    }
    party = {
        "room": "WIN",
        "game": "quiadiquoi",
        "code": "WXYZ",
        "join_url": f"{web_server.url}/j/WXYZ",
        "qr": "/api/party/rooms/WIN/qr.svg",
        "host_view": True,
        "free_seats": [],
        "names": list(NAMES),
    }
    welcome = {
        "type": "welcome",
        "v": 1,
        "room": "WIN",
        "game": registry.game_class("quiadiquoi").describe(),
        "options": status["options"],
        "num_players": 3,
        "seats": [],
        "spectator": True,
    }
    final = {
        "type": "state",
        "room": "WIN",
        "game_number": 1,
        "seat": None,
        "observation": state.observation(None),
        "legal_moves": [],
        "awaited": [],
        "moves": state.public_history(None),
        "move_count": len(state.history),
        "terminal": True,
        "outcome": state.outcome(),
        "clocks": None,
        "seats": seats,
        "rematch": [],
        "previous_outcome": None,
    }
    page = open_context(DESKTOP).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route(f"{web_server.url}/api/rooms/WIN", lambda route: route.fulfill(json=status))
    page.route(f"{web_server.url}/api/party/rooms/WIN", lambda route: route.fulfill(json=party))

    def serve(ws: Any) -> None:
        def on_message(text: Any) -> None:
            if json.loads(text)["type"] == "hello":
                ws.send(json.dumps(welcome))
                ws.send(json.dumps(final))

        ws.on_message(on_message)

    page.route_web_socket(web_server.url.replace("http", "ws") + "/ws/rooms/WIN", serve)
    page.goto(f"{web_server.url}/?host=WIN")
    victory = page.locator("quiadiquoi-host .qh-victory")
    expect(victory.locator("h2")).to_contain_text(NAMES[winner])
    expect(page.locator(f'.qh-player.qh-winner[data-seat="{winner}"]')).to_be_visible()
    # one card of each of the three categories that won
    expect(victory.locator(".qh-victory-card")).to_have_count(3)
    shot(page, "host-victory")
    assert errors == []
