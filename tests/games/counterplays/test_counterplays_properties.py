"""Properties of random games: length, replay, refusals, support, clone independence."""

from __future__ import annotations

import json
import random

import pytest
from cp_support import edge_neighbours, new, parse
from hypothesis import given, settings
from hypothesis import strategies as st

import tablier
from tablier import IllegalMove

SETTINGS = settings(max_examples=8, deadline=None)


def play_random(seed: int) -> tablier.State:
    rng = random.Random(seed)
    state = new()
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    return state


@SETTINGS
@given(st.integers(0, 10**6))
def test_every_game_has_24_moves_and_replays_exactly(seed: int) -> None:
    state = play_random(seed)
    assert len(state.history) == 24
    record = json.loads(json.dumps(state.record()))
    again = tablier.replay(record)
    assert again.observation() == state.observation()
    assert again.render_text() == state.render_text()
    assert record["outcome"] == state.outcome()


@SETTINGS
@given(st.integers(0, 10**6))
def test_every_tile_lies_flat_on_two_tiles_or_beside_a_level_one_tile(seed: int) -> None:
    state = play_random(seed)
    height: dict[tuple[int, int], int] = {}
    top: dict[tuple[int, int], int] = {}
    for i, (_, move) in enumerate(state.history):
        _, cells = parse(move)
        under = {height.get(c, 0) for c in cells}
        assert len(under) == 1, move
        (h,) = under
        if h >= 1:
            assert len({top[c] for c in cells}) >= 2, move
        elif i > 0:
            assert any(n in height for c in cells for n in edge_neighbours(c)), move
        for c in cells:
            height[c] = h + 1
            top[c] = i
    observed = {(c["x"], c["y"]): c["height"] for c in state.observation()["cells"]}
    assert observed == height


@SETTINGS
@given(st.integers(0, 10**6), st.integers(0, 23))
def test_refused_moves_leave_the_state_unchanged(seed: int, stop: int) -> None:
    rng = random.Random(seed)
    state = new()
    for _ in range(stop):
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    player = state.current_players()[0]
    legal = set(state.legal_moves(player))
    before = (json.dumps(state.observation(None)), list(state.history))
    letters = "COUNTERPLAYS"
    tried = 0
    for _ in range(30):
        letter = rng.choice(letters)
        x, y = rng.randint(-6, 6), rng.randint(-6, 6)
        cells = [(x + dx, y) for dx in range(6)]
        move = f"{letter}:" + ";".join(f"{a},{b}" for a, b in cells)
        if move in legal:
            continue
        tried += 1
        try:
            state.apply(player, move)
        except IllegalMove as exc:
            assert str(exc)
        else:
            raise AssertionError(f"{move} was accepted but is not listed")
        assert (json.dumps(state.observation(None)), list(state.history)) == before
        assert set(state.legal_moves(player)) == legal
    assert tried
    other = 1 - player
    with pytest.raises(IllegalMove, match="turn"):
        state.apply(other, sorted(legal)[0])
    assert (json.dumps(state.observation(None)), list(state.history)) == before


@SETTINGS
@given(st.integers(0, 10**6), st.integers(0, 22))
def test_a_clone_is_independent(seed: int, stop: int) -> None:
    rng = random.Random(seed)
    state = new()
    for _ in range(stop):
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    before = json.dumps(state.observation(None))
    legal_before = state.legal_moves(state.current_players()[0])
    twin = state.clone()
    assert json.dumps(twin.observation(None)) == before
    player = twin.current_players()[0]
    twin.apply(player, rng.choice(twin.legal_moves(player)))
    assert json.dumps(state.observation(None)) == before
    assert state.legal_moves(state.current_players()[0]) == legal_before
    assert len(twin.history) == len(state.history) + 1
    # and the other way round: moving the original leaves the clone alone
    twin_view = json.dumps(twin.observation(None))
    state.apply(player, rng.choice(state.legal_moves(player)))
    assert json.dumps(twin.observation(None)) == twin_view
