"""The move list in words: each state message and a finished game's views carry the
words of the moves that seat may see, in French and English, beside the notation."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from server_helpers import Client, ServerProcess, is_state, play_seat, run

import tablier


def _frames(client: Client) -> list[dict[str, Any]]:
    return [m for m in (json.loads(t) for t in client.frames) if m["type"] == "state"]


def test_state_messages_say_each_move_in_words(server: ServerProcess) -> None:
    created = server.create_room(
        game="turris", seats=[{"mine": True}, {"mine": True}], seating="as_listed"
    )
    room = created["room"]
    tokens = {s["seat"]: s["token"] for s in created["my_seats"]}

    async def game() -> Client:
        first = await Client.open(server, room, [tokens[0]])
        second = await Client.open(server, room, [tokens[1]])
        watcher = await Client.open(server, room, watch=True)
        await asyncio.gather(
            play_seat(first, 0, random.Random(1), stop_at=6),
            play_seat(second, 1, random.Random(2), stop_at=6),
        )
        await watcher.until(lambda m: is_state(None)(m) and m["move_count"] >= 6)
        for client in (first, second, watcher):
            await client.close()
        return watcher

    watcher = run(game())
    seen = _frames(watcher)
    last = max(seen, key=lambda m: m["move_count"])
    assert len(last["words"]) == len(last["moves"]) == last["move_count"] >= 6
    replayed = tablier.load("turris").new_state(seed=0)
    for (seat, move), words in zip(last["moves"], last["words"], strict=True):
        assert set(words) == {"fr", "en"}
        expected = replayed.describe_move(seat, move)
        assert expected is not None and words == expected.texts()
        assert move not in words["fr"] and words["fr"].startswith("pose une pièce")
        replayed.apply(seat, move)


def test_quiwin_words_follow_each_seats_move_list(server: ServerProcess) -> None:
    created = server.create_room(
        game="quiwin", seats=[{"mine": True}, {"mine": True}], seating="as_listed"
    )
    room = created["room"]
    tokens = {s["seat"]: s["token"] for s in created["my_seats"]}

    async def game() -> tuple[Client, Client]:
        first = await Client.open(server, room, [tokens[0]])
        second = await Client.open(server, room, [tokens[1]])
        await first.until(is_state(0))
        # seat 0 commits a tile: seat 1's list and words must not tell it yet
        await play_seat(first, 0, random.Random(3), max_moves=1)
        await second.until(lambda m: is_state(1)(m) and m["move_count"] == 1)
        await first.until(lambda m: is_state(0)(m) and m["move_count"] == 1)
        await first.close()
        await second.close()
        return first, second

    first, second = run(game())
    own = [m for m in _frames(first) if m["move_count"] == 1][-1]
    other = [m for m in _frames(second) if m["move_count"] == 1][-1]
    assert len(own["words"]) == len(own["moves"]) == 1
    assert own["words"][0]["fr"].startswith("pose une tuile")
    assert other["moves"] == [] and other["words"] == []


def test_a_hint_comes_in_words(server: ServerProcess) -> None:
    practice = server.create_room(
        game="kwinty",
        seats=[{"mine": True}, {"kind": "computer", "level": "random"}],
        seating="as_listed",
    )

    async def go() -> dict[str, Any]:
        alone = await Client.open(server, practice["room"], [practice["my_seats"][0]["token"]])
        await alone.until(is_state(0))
        hint = await alone.request({"type": "hint", "seat": 0})
        await alone.close()
        return hint

    hint = run(go())
    assert hint["type"] == "hint"
    expected = tablier.load("kwinty").new_state(seed=0).describe_move(0, hint["move"], 0)
    assert expected is not None and hint["words"] == expected.texts()
    assert hint["words"]["fr"].startswith("pose une pièce")
