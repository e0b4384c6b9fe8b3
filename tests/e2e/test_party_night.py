"""A QuiAdiQuoi party night as people have it: a TV at 1920×1080 and four phones.

The TV is opened from the lobby's QuiAdiQuoi card; four touch phones (360×740) join by
the code or the QR link, pick colours, and the game is set and started on the TV with
taps. The TV then sits for a minute before the start: nothing may be timed or played in
that minute. During the game a phone is closed in the middle of its question and comes
back: the game waits for it and it takes its seat back. The phones play to a victory, a
tournament and its discards included, by tapping what their screens offer (answers are
typed, or tapped on the cheat sheet's list of authors). All along, every text the TV
shows is measured: none under 32 px. Screenshots of the TV in every phase and of each
phone screen go to $TABLIER_SHOTS (default tests/e2e/screenshots/party-night-*.png).
"""

from __future__ import annotations

import json
import os
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

TV = {"width": 1920, "height": 1080}
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 860}
SHOTS = Path(os.environ.get("TABLIER_SHOTS", Path(__file__).resolve().parent / "screenshots"))
NAMES = ("Ana", "Bruno", "Chloé", "Dominique-Alexandre")
IDLE_BEFORE_START = float(os.environ.get("TABLIER_PARTY_IDLE", "60"))
ANSWER_SECONDS = 20

# every visible piece of text on the page, with its computed size (sr-only text excluded)
MEASURE_TEXT = """
() => {
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (!text) continue;
    const el = node.parentElement;
    if (!el || el.closest("svg, script, style, option, select")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;
    if (box.bottom < 0 || box.top > innerHeight || box.right < 0 || box.left > innerWidth) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || Number(style.opacity) === 0) continue;
    const size = parseFloat(style.fontSize);
    if (size < 32) small.push(`${size}px: ${text.slice(0, 40)}`);
  }
  return small;
}
"""


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as pw_expect

    pw_expect.set_options(timeout=30_000)
    return pw_expect(target)


# the page whose waits let Playwright deliver the WebSocket frames (a plain sleep would not)
PUMP: list[Any] = []


def pause(seconds: float) -> None:
    if PUMP:
        PUMP[0].wait_for_timeout(seconds * 1000)
    else:
        time.sleep(seconds)


def wait_until(condition: Callable[[], bool], timeout: float = 30.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        pause(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=20) as answer:
        return json.loads(answer.read())


class Screen:
    """A page and the WebSocket frames it received."""

    def __init__(self, context: Any, name: str, touch: bool = False) -> None:
        self.context = context
        self.touch = touch
        self.name = name
        self.errors: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.page: Any = None
        self.seat: int | None = None
        self.open_page()

    def open_page(self) -> None:
        self.page = self.context.new_page()
        self.frames = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("websocket", self._watch)

    def _watch(self, ws: Any) -> None:
        def keep(payload: Any) -> None:
            if isinstance(payload, str):
                self.frames.append(json.loads(payload))

        ws.on("framereceived", keep)

    def state(self) -> dict[str, Any] | None:
        states = [f for f in self.frames if f.get("type") == "state"]
        return max(states, key=lambda f: f["move_count"]) if states else None

    def shot(self, name: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"party-night-{name}.png"), animations="disabled")

    def tap(self, selector: str) -> None:
        target = self.page.locator(selector).first
        expect(target).to_be_visible()
        expect(target).to_be_enabled()
        if self.touch:
            target.tap()
        else:
            target.click()  # the TV: a remote's pointer or a mouse


@pytest.fixture
def phone_context(chromium: Any) -> Any:
    """Touch phones (360×740), each with its own storage, as people's phones are."""
    contexts: list[Any] = []

    def make() -> Any:
        context = chromium.new_context(
            viewport=PHONE, has_touch=True, is_mobile=True, locale="fr-FR", device_scale_factor=1
        )
        context.set_default_timeout(30_000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


def small_texts(tv: Screen) -> list[str]:
    found: list[str] = tv.page.evaluate(MEASURE_TEXT)
    return found


def test_the_lobby_card_opens_the_tv_in_one_click(web_server: Any, open_context: Any) -> None:
    page = open_context(DESKTOP).new_page()
    page.goto(web_server.url + "/")
    lead = page.locator('[data-game="quiadiquoi"] [data-action="party"]')
    expect(lead).to_contain_text("Soirée : un écran partagé + vos téléphones")
    # the other ways stay on the card
    expect(page.locator('[data-game="quiadiquoi"] [data-action="create"]')).to_contain_text(
        "Sur cet écran, en ligne ou contre l'ordinateur"
    )
    lead.click()  # the only click
    expect(page.locator(".party-lobby .party-code span")).to_have_count(4)
    qr = page.locator("img.party-qr")
    wait_until(lambda: qr.evaluate("i => i.complete && i.naturalWidth > 0"), what="the QR code")
    assert "party=" in page.url
    # and the rules page links it
    page.goto(web_server.url + "/?rules=quiadiquoi")
    link = page.locator('a[href^="/?host&game=quiadiquoi"]').first
    expect(link).to_be_visible()


def test_a_party_night_from_the_lobby_to_the_victory(
    web_server: Any, open_context: Any, phone_context: Callable[[], Any]
) -> None:
    base = web_server.url
    tv = Screen(open_context(TV), "TV")
    PUMP[:] = [tv.page]
    too_small: dict[str, list[str]] = {}

    def tv_phase(name: str) -> None:
        tv.page.wait_for_timeout(900)  # the clue's and the card's animations end
        tv.shot(f"tv-{name}")
        small = small_texts(tv)
        if small:
            too_small[name] = small

    tv.page.goto(base + "/")
    tv.tap('[data-game="quiadiquoi"] [data-action="party"]')
    code_node = tv.page.locator(".party-code")
    expect(code_node).to_be_visible()
    code = code_node.get_attribute("data-code")
    assert code and len(code) == 4
    # the join token: in the QR code's link, and as four digits under the code
    key = tv.page.locator(".party-key").get_attribute("data-key")
    assert key and len(key) == 4 and key.isdigit()
    # no site chrome on the TV
    expect(tv.page.locator("#top")).to_be_hidden()
    tv_phase("lobby-empty")

    # ------------------------------------------------------------ four phones join
    phones: list[Screen] = []
    for index, name in enumerate(NAMES):
        phone = Screen(phone_context(), name, touch=True)
        if index < 2:
            phone.page.goto(f"{base}/j/{code.lower()}?t={key}")  # the QR code's link
            expect(phone.page.locator("#join-code")).to_have_value(code)
        else:
            phone.page.goto(f"{base}/?join-code")
            phone.page.locator("#join-code").fill(code.lower())
            phone.page.locator("#join-key").fill(key)
        phone.page.locator("#join-name").fill(name)
        if index == 0:
            phone.shot("phone-join")
        phone.tap('[data-action="join-code"]')
        expect(phone.page.locator(".party-wait")).to_be_visible()
        # the TV shows each guest as they arrive
        expect(tv.page.locator(".party-guest")).to_have_count(index + 1)
        phones.append(phone)
    ana, bruno = phones[:2]
    bruno.tap('[data-colour="violet"]')
    expect(tv.page.locator(".party-guest").nth(1)).to_have_css("border-color", "rgb(125, 79, 163)")
    # the cheat sheet, per player: asked on the phone, or given on the TV
    for phone in (ana, bruno):
        phone.tap('[data-action="cheat"]')
    expect(bruno.page.locator('[data-action="cheat"]')).to_have_attribute("aria-pressed", "true")
    for index in (2, 3):
        tv.tap(f'.party-guest >> nth={index} >> [data-action="cheat"]')
    expect(
        tv.page.locator('.party-guest [data-action="cheat"][aria-pressed="true"]')
    ).to_have_count(4)
    bruno.shot("phone-waiting-room")
    # the settings, tapped on the TV: no die, the quickest answer time, 3 cards to win.
    # The base deck: with the small one, a game played this way stalls about one time in
    # five (every front bordeaux, nobody with a token to pay); with the base deck it did
    # not in 80 simulated games
    expect(tv.page.locator('[data-option="deck"] [data-value="base-fr"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    tv.tap('[data-option="die"] [data-value="false"]')
    expect(tv.page.locator('[data-option="die"] [data-value="false"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(tv.page.locator('[data-option="answer_seconds"] [data-value="20"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    tv_phase("lobby-full")

    # ---------------------------------------------- the TV idles before the start
    pause(IDLE_BEFORE_START)
    status = get_json(f"{base}/api/party/lobbies/{code}")
    assert status["room"] is None  # no game exists to be timed
    tv.tap('[data-action="start"]')
    expect(tv.page.locator("quiadiquoi-host")).to_be_visible()
    started = time.time()
    room = get_json(f"{base}/api/party/lobbies/{code}")["room"]
    assert get_json(f"{base}/api/rooms/{room}")["move_count"] == 0
    for phone in phones:
        expect(phone.page.locator("quiadiquoi-board .qq-me")).to_be_visible()
        wait_until(
            lambda p=phone: any(f.get("type") == "welcome" for f in p.frames), what="welcome"
        )
        phone.seat = next(f for f in phone.frames if f.get("type") == "welcome")["seats"][0]
        # a controller: no move list, no notation field, no resign button; the name whole
        for hidden in (".moves-panel", "#notation", '[data-action="resign"]'):
            expect(phone.page.locator(hidden)).to_be_hidden()
        expect(phone.page.locator(".qq-me-head strong")).to_have_text(phone.name)
    by_seat = {p.seat: p for p in phones}
    assert sorted(by_seat) == [0, 1, 2, 3]
    tv_phase("first-choice")

    heard: list[str] = []  # the quotations the table has heard
    shots_taken: set[str] = set()
    reconnected = False
    recited_in: set[int] = set()

    def once(name: str) -> bool:
        """True the first time only (one screenshot of each screen)."""
        if name in shots_taken:
            return False
        shots_taken.add(name)
        return True

    def acting() -> tuple[Screen, dict[str, Any]] | None:
        # a phone acts on the newest position only: its frames may lag behind the TV's
        newest = max([tv_count()] + [p.state()["move_count"] for p in phones if p.state()])
        for phone in phones:
            state = phone.state()
            fresh = state and state["move_count"] == newest and not state["terminal"]
            if fresh and state["legal_moves"]:
                return phone, state
        return None

    def tv_count() -> int:
        state = tv.state()
        return state["move_count"] if state else 0

    deadline = time.monotonic() + 600
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        final = tv.state()
        if final and final["terminal"]:
            break
        found = acting()
        if found is None:
            pause(0.1)
            continue
        phone, state = found
        obs = state["observation"]
        phase = obs["phase"]
        before = tv_count()
        yours = phone.page.locator(".qq-yours")
        expect(yours).to_be_visible()
        if obs.get("last") and obs["last"]["quote"] not in heard:
            heard.append(obs["last"]["quote"])
        if phase == "choose" and not any(m.startswith("take ") for m in state["legal_moves"]):
            phone.tap('.qq-yours [data-move="pass"]')  # no compartment to draw from
        elif phase == "choose":
            buttons = phone.page.locator("button.qq-comp:enabled")
            expect(buttons.first).to_be_visible()
            comps = [int(b.get_attribute("data-comp")) for b in buttons.all()]
            faces = {n: (obs["sabot"][n - 1]["front"] or {}).get("face") for n in comps}
            pick = next((n for n in comps if faces[n] == "bordeaux"), comps[0])
            phone.tap(f'button.qq-comp[data-comp="{pick}"]')
            if once("phone-choose"):
                phone.shot("phone-choose")
            phone.tap(".qq-ways button")
        elif phase in ("answer", "respeak"):
            reader = by_seat[obs["reader"]]
            secret = reader.page.locator(".qq-secret strong")
            expect(secret).to_be_visible()
            answer = secret.inner_text().strip()
            if once("reader"):
                reader.shot("phone-reader-secret")
            if not reconnected and phase == "answer":
                # ------------- the answering phone is closed mid-question, then comes back
                tv_phase("question")
                # the same screen on a 720p TV: the layout holds (a screenshot to look at)
                small_tv = open_context({"width": 1280, "height": 720}).new_page()
                small_tv.goto(tv.page.url)
                expect(small_tv.locator("quiadiquoi-host .qq-card-large")).to_be_visible()
                small_tv.wait_for_timeout(900)
                small_tv.screenshot(path=str(SHOTS / "party-night-tv720-question.png"))
                small_tv.close()
                reconnected = True
                waited_from = tv_count()
                phone.page.close()
                absent = tv.page.locator(".host-absent")
                expect(absent).to_contain_text(phone.name)
                tv_phase("waiting-for-a-phone")
                pause(ANSWER_SECONDS + 5)
                assert tv_count() == waited_from, "a move was played for an absent phone"
                assert get_json(f"{base}/api/rooms/{room}")["move_count"] == waited_from
                phone.open_page()
                phone.page.goto(f"{base}/j/{code}")  # the QR link again: its seat, not a new one
                expect(phone.page.locator("quiadiquoi-board .qq-yours #qq-answer")).to_be_visible()
                expect(absent).to_be_hidden()
                wait_until(lambda p=phone: p.state() is not None, what="the phone's state")
                assert next(f for f in phone.frames if f.get("type") == "welcome")["seats"] == [
                    phone.seat
                ]
                expect(phone.page.locator(".qq-me-head strong")).to_have_text(phone.name)
            cheat = phone.page.locator(f'.qq-cheat [data-author="{answer}"]')
            if obs["question"]["asks"] == "author" and cheat.count():
                if once("phone-cheat"):
                    phone.shot("phone-answer-cheat-sheet")
                cheat.tap()
            else:
                phone.page.locator("#qq-answer").fill(answer)
                if once("phone-answer"):
                    phone.shot("phone-answer")
            phone.tap('[data-action="answer"]')
        elif phase == "verdict":
            if once("phone-verdict"):
                phone.shot("phone-reader-verdict")
            move = "accept" if obs["verdict"]["proposed"] != "wrong" else "refuse"
            phone.tap(f'.qq-yours [data-move="{move}"]')
        elif phase == "claims":
            phone.tap('.qq-yours [data-move="pass"]')
        elif phase == "recite":
            number = obs["tournament"]["number"]
            if once(f"tv-tournament-{number}"):
                tv_phase(f"tournament-{number}")
            if number == 1 and number not in recited_in and heard:
                # in the first tournament the first to recite says a quotation heard and
                # the others pass: they keep pebbles, so tokens are discarded. Later
                # tournaments everyone passes (tokens kept, the game goes on to its end)
                recited_in.add(number)
                phone.page.locator("#qq-recite").fill(heard[0])
                if once("phone-recite"):
                    phone.shot("phone-recite")
                phone.tap('[data-action="recite"]')
            else:
                phone.tap('.qq-yours [data-move="pass"]')
        elif phase == "discard":
            if once("tv-discards"):
                tv_phase("tournament-discards")
            if once("phone-discard"):
                phone.shot("phone-discard")
            phone.tap('.qq-yours [data-move^="discard "], .qq-yours [data-move^="return "]')
        else:
            phone.tap(".qq-yours [data-move]")
        wait_until(
            lambda b=before: tv_count() > b or bool(tv.state() and tv.state()["terminal"]),
            what=f"the TV to see the {phase} move",
        )
        state_now = tv.state()
        if (
            state_now
            and state_now["observation"].get("last")
            and state_now["observation"]["phase"] == "choose"
            and once("tv-verdict")
        ):
            tv_phase("verdict-anecdote")
        if phase == "verdict" and once("phone-waiting"):
            idle = next(
                p for p in phones if p is not phone and p.seat != obs["question"]["current"]
            )
            idle.shot("phone-waiting")

    # ------------------------------------------------------------------ the victory
    outcome = tv.state()["outcome"]  # type: ignore[index]
    assert outcome["reason"] == "cards", outcome
    winner = by_seat[outcome["winner"]]
    victory = tv.page.locator("quiadiquoi-host .qh-victory")
    expect(victory.locator("h2")).to_contain_text(winner.name)
    expect(victory.locator(".qh-victory-card")).to_have_count(3)
    categories = {c.get_attribute("class") for c in victory.locator(".qh-victory-card").all()}
    assert len(categories) == 3  # three different categories
    tv_phase("victory")
    winner.shot("phone-victory")
    held = tv.state()["observation"]["tournaments_held"]  # type: ignore[index]
    assert held >= 1 and "tv-discards" in shots_taken, "no tournament with discards was played"
    assert reconnected
    # the record: every move came after the start, none before it, none for the closed phone
    record = get_json(f"{base}/api/rooms/{room}/games/1/record")
    assert record["moves"] and record["moves"][0][1].startswith("take ")
    assert get_json(f"{base}/api/rooms/{room}")["move_count"] == len(record["moves"])
    assert time.time() > started
    assert too_small == {}, f"text under 32 px on the TV: {too_small}"
    for screen in (tv, *phones):
        assert screen.errors == [], (screen.name, screen.errors)


def test_pause_a_guest_who_leaves_and_a_newcomer_in_the_seat(
    web_server: Any, open_context: Any, phone_context: Callable[[], Any]
) -> None:
    """The TV pauses and resumes; a player leaves from the phone's menu; the TV gives the
    seat to a newcomer's phone, which joins with the same code."""
    base = web_server.url
    tv = Screen(open_context(TV), "TV")
    PUMP[:] = [tv.page]
    tv.page.goto(base + "/?host&game=quiadiquoi")
    code = tv.page.locator(".party-code").get_attribute("data-code")
    key = tv.page.locator(".party-key").get_attribute("data-key")
    assert code and key
    phones = []
    for name in NAMES[:3]:
        phone = Screen(phone_context(), name, touch=True)
        phone.page.goto(f"{base}/j/{code}?t={key}")
        phone.page.locator("#join-name").fill(name)
        phone.tap('[data-action="join-code"]')
        expect(phone.page.locator(".party-wait")).to_be_visible()
        phones.append(phone)
    # the first phone may start the game too
    phones[0].tap('[data-action="start"]')
    expect(tv.page.locator("quiadiquoi-host")).to_be_visible()
    for phone in phones:
        expect(phone.page.locator("quiadiquoi-board .qq-me")).to_be_visible()
    ring = tv.page.locator(".qh-ring")
    expect(ring).to_be_visible()
    tv.tap('[data-action="pause"]')
    expect(tv.page.locator(".qh-pause")).to_be_visible()
    expect(ring).to_have_count(0)  # no clock runs during the pause
    tv.shot("tv-paused")
    assert small_texts(tv) == []
    tv.tap('[data-action="pause"]')
    expect(tv.page.locator(".qh-pause")).to_have_count(0)
    expect(ring).to_be_visible()

    # Chloé leaves from her phone's menu
    chloe = phones[2]
    chloe.page.on("dialog", lambda dialog: dialog.accept())
    chloe.tap(".party-phone-menu summary")
    chloe.shot("phone-menu")
    chloe.tap('.party-phone-menu [data-action="leave"]')
    left = tv.page.locator(".host-left")
    expect(left).to_contain_text("Chloé")
    tv.tap('[data-action="open-seat"]')
    expect(left).to_contain_text(code)
    # a newcomer joins with the same code and sits in Chloé's seat
    newcomer = Screen(phone_context(), "Eve", touch=True)
    key = tv.page.locator(".host-key").get_attribute("data-key")
    newcomer.page.goto(f"{base}/j/{code}?t={key}")
    newcomer.page.locator("#join-name").fill("Eve")
    newcomer.tap('[data-action="join-code"]')
    expect(newcomer.page.locator(".qq-me-head strong")).to_have_text("Eve")
    expect(tv.page.locator(".qh-player .qh-name strong", has_text="Eve")).to_have_count(1)
    expect(tv.page.locator(".qh-player .qh-name strong", has_text="Chloé")).to_have_count(0)
    expect(left).to_have_count(0)
    for screen in (tv, *phones, newcomer):
        assert screen.errors == [], (screen.name, screen.errors)
