"""Properties of random Turris games (seeded random moves, driven by hypothesis)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablier
from tablier import IllegalMove
from tablier.core.state import State
from tablier.games.turris.geometry import CELLS, PAIRS
from tablier.games.turris.state import TurrisState

SETTINGS = settings(max_examples=15, deadline=None)
MAX_MOVES = 400  # 40 pieces, each at most one bonus move, plus returned pieces

# every text that names a move, legal or not, in some position
CANDIDATES = (
    [f"V{c}" for c in CELLS]
    + [f"H{CELLS[a]}{CELLS[b]}" for a, b in PAIRS]
    + ["Ha1c1", "Hb2b2"]
    + [f"x{c}@{z}" for c in CELLS for z in range(0, 12)]
    + ["skip", "pass", "V", "Ha1", "x@1", "va1 ", "zz"]
)


def snapshot(state: State) -> str:
    views = {str(p): state.observation(p) for p in (None, 0, 1)}
    return json.dumps(views, sort_keys=True)


def check_invariants(state: TurrisState) -> None:
    columns = state.observation(None)["columns"]
    for c in range(9):
        h = state.heights[c]
        # no cube floats: a column is filled from level 1 to its height, nothing above
        assert all(state.piece_at(c, z) >= 0 for z in range(1, h + 1))
        assert all(state.piece_at(c, z) < 0 for z in range(h + 1, 14))
        assert len(columns[CELLS[c]]) == h
    assert max(state.heights) <= state.lowest_incomplete() + 2
    for piece_id, piece in enumerate(state.pieces):
        if piece is not None:
            _owner, vertical, cells, z = piece
            cubes = [(cells[0], z), (cells[0], z + 1)] if vertical else [(c, z) for c in cells]
            assert all(state.piece_at(c, level) == piece_id for c, level in cubes)
    on_tower = sum(1 for p in state.pieces if p is not None and p[0] == 0)
    assert state.supply[0] + on_tower == 20
    on_tower = sum(1 for p in state.pieces if p is not None and p[0] == 1)
    assert state.supply[1] + on_tower == 20


def random_game(seed: int, chain: bool, check_every: bool) -> TurrisState:
    state = tablier.load("turris", bonus_chain=chain).new_state(seed=seed)
    assert isinstance(state, TurrisState)
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if state.is_terminal():
            break
        (player,) = state.current_players()
        moves = state.legal_moves(player)
        assert moves and len(moves) == len(set(moves))
        if check_every:
            check_invariants(state)
        state.apply(player, rng.choice(moves))
    return state


@SETTINGS
@given(st.integers(0, 2**32), st.booleans())
def test_every_game_ends_and_no_cube_floats(seed: int, chain: bool) -> None:
    state = random_game(seed, chain, check_every=True)
    assert state.is_terminal()
    check_invariants(state)
    assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    outcome = state.outcome()
    assert outcome is not None
    white, black = outcome["totals"]
    assert state.returns()[0] == (white > black) - (white < black)


@SETTINGS
@given(st.integers(0, 2**32), st.booleans())
def test_replay_of_the_record_reproduces_the_game(seed: int, chain: bool) -> None:
    state = random_game(seed, chain, check_every=False)
    again = tablier.replay(json.loads(json.dumps(state.record())))
    assert snapshot(again) == snapshot(state)
    assert again.render_text() == state.render_text()


@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 120))
def test_refused_moves_change_nothing_and_legal_ones_are_accepted(seed: int, steps: int) -> None:
    state = tablier.load("turris").new_state(seed=seed)
    assert isinstance(state, TurrisState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        (player,) = state.current_players()
        state.apply(player, rng.choice(state.legal_moves(player)))
    if state.is_terminal():
        return
    (player,) = state.current_players()
    legal = set(state.legal_moves(player))
    before = snapshot(state)
    for text in CANDIDATES:
        twin = state.clone()
        reason = state.why_refused(player, text)
        try:
            twin.apply(player, text)
        except IllegalMove as exc:
            # the rule-by-rule check agrees with the move generator, and says why
            assert reason is not None, text
            assert reason in str(exc)
            assert twin.history == state.history
            assert snapshot(twin) == before
        else:
            assert reason is None, (text, reason)
            # accepted: it was legal, perhaps written another way (a removal by its upper cube)
            assert twin.history[-1][1] in legal, text
    assert snapshot(state) == before
    for move in legal:
        twin = state.clone()
        twin.apply(player, move)
        assert twin.history[-1] == (player, move)


@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 80))
def test_a_clone_is_independent(seed: int, steps: int) -> None:
    state = tablier.load("turris").new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        (player,) = state.current_players()
        state.apply(player, rng.choice(state.legal_moves(player)))
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before
    assert twin.rng.random() == state.rng.random()
    while not twin.is_terminal():
        (player,) = twin.current_players()
        twin.apply(player, rng.choice(twin.legal_moves(player)))
    assert snapshot(state) == before
    assert len(twin.history) >= len(state.history)


@pytest.mark.parametrize("seed", range(3))
def test_clone_and_original_play_the_same_way(seed: int) -> None:
    state = tablier.load("turris").new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(30):
        (player,) = state.current_players()
        state.apply(player, rng.choice(state.legal_moves(player)))
    twin = state.clone()
    for _ in range(20):
        if state.is_terminal():
            break
        (player,) = state.current_players()
        assert twin.legal_moves(player) == state.legal_moves(player)
        move = rng.choice(state.legal_moves(player))
        state.apply(player, move)
        twin.apply(player, move)
    assert snapshot(twin) == snapshot(state)
