"""Qui'win online: no frame tells a seat (or a spectator) what it may not see."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from server_helpers import Client, ServerProcess, engine_outcome, is_state, play_seat, run

import tablier


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _hand(state: Any, seat: int) -> list[str]:
    return sorted(state.codes[t] for t in state.hands[seat])


def _check_frame(frame: dict[str, Any], record: dict[str, Any], viewer: int | None) -> int:
    """`frame` (a state message) shows `viewer` exactly its engine view, nothing more.

    Returns how many pending commitments of another seat the frame was checked against.
    """
    count = frame["move_count"]
    state: Any = tablier.replay(record, upto=count)
    if state.is_terminal():
        return 0  # everything may be revealed once the game is over
    text = json.dumps(frame)
    # 1. the server adds nothing to the engine's view of that seat
    assert frame["observation"] == _json(state.observation(viewer))
    assert frame["moves"] == _json(state.public_history(viewer))
    expected_legal = [] if viewer is None else [str(m) for m in state.legal_moves(viewer)]
    assert frame["legal_moves"] == expected_legal
    assert str(state.seed) not in text
    assert '"hands"' not in text and '"bag"' not in text
    others = [0, 1] if viewer is None else [1 - viewer]
    pending_checked = 0
    for other in others:
        # 2. the other's hand never appears (unless it is, by chance, the viewer's own;
        # a short list could also match a row by coincidence)
        hand = _hand(state, other)
        own = None if viewer is None else _hand(state, viewer)
        if hand != own and len(hand) >= 3:
            assert json.dumps(hand) not in text
        # 3. the other's hidden tile lengths stay hidden
        for slot, tile in enumerate(state.rows[other]):
            code = state.codes[tile]
            if not state.sees_code(tile, viewer):
                assert frame["observation"]["rows"][other][slot] != code
        # 4. a pending commitment changes nothing the viewer sees but the awaited list
        if state.pending[other] is not None and record["moves"][count - 1][0] == other:
            before: Any = tablier.replay(record, upto=count - 1)
            seen_before = _json(before.observation(viewer))
            seen_now = dict(frame["observation"])
            for key in ("awaited",):
                seen_before.pop(key)
                seen_now.pop(key)
            assert seen_now == seen_before
            assert frame["moves"] == _json(before.public_history(viewer))
            pending_checked += 1
    return pending_checked


def test_quiwin_between_two_clients_reveals_nothing_private(server: ServerProcess) -> None:
    created = server.create_room(
        game="quiwin", seats=[{"mine": True}, {"mine": True}], seating="as_listed"
    )
    room = created["room"]
    tokens = {s["seat"]: s["token"] for s in created["my_seats"]}

    async def game() -> tuple[Client, Client, Client]:
        first = await Client.open(server, room, [tokens[0]])
        second = await Client.open(server, room, [tokens[1]])
        watcher = await Client.open(server, room, watch=True)
        await asyncio.gather(
            play_seat(first, 0, random.Random(11), game_number=1),
            play_seat(second, 1, random.Random(12), game_number=1),
        )
        await watcher.until(lambda m: is_state(None)(m) and m["terminal"])
        for client in (first, second, watcher):
            await client.close()
        return first, second, watcher

    first, second, watcher = run(game())
    response = server.get(f"/api/rooms/{room}/games/1/record")
    assert response.status_code == 200
    record = response.json()
    assert tablier.replay(record).is_terminal()
    checked = pending = 0
    for client, viewer in ((first, 0), (second, 1), (watcher, None)):
        for text in client.frames:
            frame = json.loads(text)
            if frame["type"] == "state" and frame["game_number"] == 1:
                assert frame["seat"] == viewer
                pending += _check_frame(frame, record, viewer)
                checked += 1
            elif frame["type"] == "accepted":
                assert frame["seat"] == viewer, "only the mover hears of its move"
    # a state per move for each of the three connections
    assert checked >= 3 * len(record["moves"])
    assert pending > 0, "no frame was sent while a commitment was pending"
    # the spectator never had a hand
    for text in watcher.frames:
        frame = json.loads(text)
        if frame["type"] == "state" and not frame["terminal"]:
            assert frame["observation"]["hand"] is None and frame["legal_moves"] == []


def test_quiwin_against_a_computer_seat(server: ServerProcess) -> None:
    """Simultaneous steps with a computer: it commits while the person thinks."""
    created = server.create_room(
        game="quiwin", seats=[{"mine": True}, {"kind": "computer", "level": "random"}]
    )
    room = created["room"]
    seat = created["my_seats"][0]["seat"]

    async def game() -> dict[str, Any]:
        client = await Client.open(server, room, [created["my_seats"][0]["token"]])
        # a void deal would be dealt again: game 1 is the one checked
        end = await play_seat(client, seat, random.Random(13), game_number=1)
        await client.close()
        return end

    end = run(game())
    assert end["terminal"]
    record = server.get(f"/api/rooms/{room}/games/1/record").json()
    assert {p for p, _ in record["moves"]} == {0, 1}
    assert tablier.replay(record).outcome() == engine_outcome(end["outcome"])
