"""Rated games played through a real server, as two people would: profiles by name,
a challenge posted by one and accepted by the other, the loser resigning on the
room's WebSocket. Used by the ratings tests and the player pages' browser test."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from typing import Any

import httpx
from websockets.sync.client import connect

WAIT = float(os.environ.get("TABLIER_TEST_WAIT", "60"))


@dataclass
class Person:
    browser: httpx.Client
    id: str
    name: str


def new_person(base_url: str, stem: str) -> Person:
    browser = httpx.Client(base_url=base_url, timeout=WAIT)
    name = f"{stem} {os.urandom(2).hex()}"
    made = browser.post("/api/profiles", json={"name": name})
    # other tests on the same server may have used this address's profiles of the minute
    deadline = time.monotonic() + 75
    while made.status_code == 429 and time.monotonic() < deadline:
        time.sleep(5)
        made = browser.post("/api/profiles", json={"name": name})
    assert made.status_code == 201, made.text
    profile = made.json()["profile"]
    return Person(browser, profile["id"], profile["name"])


def challenge_room(
    poster: Person, taker: Person, game: str = "kwinty", rated: bool = True, **options: Any
) -> tuple[str, dict[str, tuple[int, str]]]:
    """A room made by a challenge the taker accepted: its id and each profile's seat
    and token."""
    posted = poster.browser.post(
        "/api/challenges", json={"game": game, "options": options, "rated": rated}
    )
    assert posted.status_code == 201, posted.text
    challenge = posted.json()["challenge"]["id"]
    accepted = taker.browser.post(f"/api/challenges/{challenge}/accept")
    assert accepted.status_code == 201, accepted.text
    room = accepted.json()["room"]
    claimed = poster.browser.post(f"/api/rooms/{room}/claim")
    assert claimed.status_code == 200, claimed.text
    seats = {
        taker.id: (accepted.json()["seat"], accepted.json()["token"]),
        poster.id: (claimed.json()["seat"], claimed.json()["token"]),
    }
    return room, seats


def resign(ws_base: str, room: str, seats: dict[str, tuple[int, str]], loser: Person) -> None:
    """The loser resigns; the answer comes once the result is stored. (A blocking client:
    the browser tests' thread already runs Playwright's event loop.)"""
    seat, token = seats[loser.id]
    with connect(f"{ws_base}/ws/rooms/{room}", max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "v": 1, "tokens": [token]}))
        ws.send(json.dumps({"type": "resign", "seat": seat, "ref": 1}))
        while True:
            answer = json.loads(ws.recv(timeout=WAIT))
            if answer.get("ref") == 1:
                break
    assert answer["type"] == "ack", answer


def rated_game(ws_base: str, poster: Person, taker: Person, loser: Person, **kw: Any) -> str:
    room, seats = challenge_room(poster, taker, **kw)
    resign(ws_base, room, seats, loser)
    return room
