"""What random Kwinty games show beyond the conformance suite (tests/conformance): every
well-formed placement outside `legal_moves` is refused, and the wall's invariants."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tablier
from tablier import IllegalMove

VARIANTS = st.sampled_from(
    [
        {},
        {"variant": "kwintie"},
        {"short_faces": "strict"},
        {"variant": "kwintie", "short_faces": "strict", "exhaustion": "draw"},
    ]
)


def snapshot(state):
    return json.dumps([state.observation(p) for p in (None, 0, 1)], sort_keys=True)


def random_game(options, seed):
    rng = random.Random(seed)
    state = tablier.load("kwinty", **options).new_state(seed=seed)
    states = [state.clone()]
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
        states.append(state.clone())
    return state, states


@settings(max_examples=15, deadline=None)
@given(VARIANTS, st.integers(0, 10**6))
def test_every_legal_move_is_accepted_and_refusals_change_nothing(options, seed):
    rng = random.Random(seed)
    state = tablier.load("kwinty", **options).new_state(seed=seed)
    while not state.is_terminal():
        player = state.current_players()[0]
        legal = [str(m) for m in state.legal_moves(player)]
        for move in legal:
            twin = state.clone()
            twin.apply(player, move)  # must not raise
        before = snapshot(state)
        letters = "abcdefghijklmnopq"
        for bad in {f"{c}{r}{o}" for c in letters for r in range(1, 10) for o in "hv"} - set(
            legal
        ) | {"pass"} - set(legal):
            if rng.random() < 0.05:
                try:
                    state.apply(player, bad)
                except IllegalMove as exc:
                    assert str(exc)
                else:
                    raise AssertionError(f"{bad} was accepted but is not in legal_moves")
                assert snapshot(state) == before
        state.apply(player, rng.choice(legal))


@settings(max_examples=20, deadline=None)
@given(VARIANTS, st.integers(0, 10**6))
def test_invariants_hold_in_every_position(options, seed):
    _, states = random_game(options, seed)
    for state in states:
        obs = state.observation(None)
        heights = obs["heights"]
        assert max(heights) <= 9
        used = [i for i, h in enumerate(heights) if h]
        if used and options.get("variant") != "kwintie":
            assert used[-1] - used[0] < 9
        filled = {cell for piece in obs["pieces"] for cell in piece["cells"]}
        # no holes: every cell under a column's top is filled
        for col, h in enumerate(heights):
            for row in range(1, h + 1):
                assert f"{obs['columns'][col]}{row}" in filled
        assert obs["pieces_left"][0] + obs["pieces_left"][1] == 40 - len(obs["pieces"])
