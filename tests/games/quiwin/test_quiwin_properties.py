"""Properties over random games: replay, refused moves, game length, clones."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from quiwin_support import random_game

import tablier
from tablier import IllegalMove
from tablier.games.quiwin.game import QuiwinGame

SETTINGS = settings(max_examples=25, deadline=None)


def snapshot(state) -> str:
    views = {str(p): state.observation(p) for p in (None, 0, 1)}
    return json.dumps(
        [views, state.current_players(), state.history, state.codes, state.bag], sort_keys=True
    )


BAD = ["X11", "swap 9", "swap 0", "change", "transfer", "pass", "V22", "O25", "R25", "swap 1"]


@SETTINGS
@given(seed=st.integers(0, 10**6), open_lengths=st.booleans())
def test_replay_reproduces_the_game(seed, open_lengths):
    game = QuiwinGame(open_lengths=open_lengths)
    final = random_game(seed, game)[-1][0]
    record = json.loads(json.dumps(final.record()))
    again = tablier.replay(record)
    assert snapshot(again) == snapshot(final)
    assert record["outcome"] == final.outcome()


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_refused_moves_change_nothing(seed):
    for state, player, _ in random_game(seed)[:-1]:
        before = snapshot(state)
        legal = {p: set(state.legal_moves(p)) for p in (0, 1)}
        for p in (0, 1):
            for bad in BAD:
                if bad in legal[p]:
                    continue
                try:
                    state.apply(p, bad)
                except IllegalMove as exc:
                    assert str(exc).strip()
                else:
                    raise AssertionError(f"{bad!r} accepted from player {p}")
                assert snapshot(state) == before
        assert player in state.current_players()


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_every_game_ends_after_eight_steps_and_their_windows(seed):
    steps = random_game(seed)
    final = steps[-1][0]
    assert final.is_terminal() and final.current_players() == []
    reveals = [e for e in final.events if e["type"] == "reveal"]
    assert [e["step"] for e in reveals] == list(range(1, 9))
    commits = [m for _, m in final.history if m[0] in "VRJBO"]
    assert len(commits) == 16
    # at most two declarations per window and one swap per game
    assert len(final.history) <= 16 + 2 * 8 + 1
    assert len(final.measures) == 3
    assert final.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    assert all(s.returns() == [0.0, 0.0] for s, _, _ in steps[:-1])
    used = [u for u in final.used if u]
    assert len(used) == len(set(used))


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_clones_are_independent(seed):
    rng = random.Random(seed)
    for state, player, move in random_game(seed)[:-1]:
        before = snapshot(state)
        twin = state.clone()
        twin.apply(player, move)
        while not twin.is_terminal():
            p = rng.choice(twin.current_players())
            twin.apply(p, rng.choice(twin.legal_moves(p)))
        assert snapshot(state) == before
        # the coin stream is copied too: the clone continues as the original would
        other = state.clone()
        assert other.rng.random() == state.clone().rng.random()


def test_legal_moves_are_distinct_and_accepted():
    for seed in range(20):
        for state, _, _ in random_game(seed)[:-1]:
            for p in state.current_players():
                moves = [str(m) for m in state.legal_moves(p)]
                assert moves and len(moves) == len(set(moves))
                for move in moves:
                    state.clone().apply(p, move)
