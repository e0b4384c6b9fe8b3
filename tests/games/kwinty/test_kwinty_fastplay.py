"""The compiled Kwinty playouts (fastplay.c) hold to the rules of state.py exactly."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys

import pytest

import tablier
from tablier.games.kwinty import fastplay
from tablier.games.kwinty.heuristics import KwintyHeuristics, notation, winning_placements
from tablier.games.kwinty.state import KwintyState

VARIANTS = list(itertools.product(("kwinty", "kwintie"), ("ends", "strict"), ("lines4", "draw")))


@pytest.fixture
def fast() -> fastplay.FastPlayouts:
    made = fastplay.load()
    if made is None:
        if os.environ.get("CI") == "true":
            pytest.fail("the compiled playouts could not be built (cffi and a C compiler)")
        pytest.skip("no C compiler or cffi here")
    return made


def status(state: KwintyState) -> tuple[int, int, int, int, int]:
    to_move = -1 if state.to_move is None else state.to_move
    winner = -1 if state.winner is None else state.winner
    return to_move, state.passes, state.left[0], state.left[1], winner


@pytest.mark.parametrize(("variant", "short_faces", "exhaustion"), VARIANTS)
def test_both_engines_offer_the_same_moves_and_end_the_same_way(
    fast: fastplay.FastPlayouts, variant: str, short_faces: str, exhaustion: str
) -> None:
    game = tablier.load("kwinty", variant=variant, short_faces=short_faces, exhaustion=exhaustion)
    endings: set[str | None] = set()
    wins_seen = 0
    for seed in range(40):
        state = game.new_state(seed=seed)
        assert isinstance(state, KwintyState)
        compiled = fast.load(state)
        rng = random.Random(seed)
        while True:
            assert fast.status(compiled) == status(state)
            if state.is_terminal():
                break
            player = state.current_players()[0]
            legal = [str(m) for m in state.legal_moves(player)]
            assert fast.legal(compiled) == [fastplay.move_code(state, m) for m in legal]
            winning = [notation(*p) for p in winning_placements(state, player)]
            assert fast.winning(compiled) == [fastplay.move_code(state, m) for m in winning]
            wins_seen += bool(winning)
            move = legal[rng.randrange(len(legal))]
            state.apply(player, move)
            fast.play(compiled, fastplay.move_code(state, move))
        endings.add(state.reason)
    assert wins_seen > 20
    assert "line" in endings


def test_passes_and_exhaustion_end_the_same_way(fast: fastplay.FastPlayouts) -> None:
    """Games where nobody makes five: random play that never takes a win."""
    for variant, short_faces, exhaustion in VARIANTS:
        game = tablier.load(
            "kwinty", variant=variant, short_faces=short_faces, exhaustion=exhaustion
        )
        ended: set[str | None] = set()
        for seed in range(30):
            state = game.new_state(seed=seed)
            assert isinstance(state, KwintyState)
            compiled = fast.load(state)
            rng = random.Random(seed)
            while not state.is_terminal():
                player = state.current_players()[0]
                legal = [str(m) for m in state.legal_moves(player)]
                winning = {notation(*p) for p in winning_placements(state, player)}
                quiet = [m for m in legal if m not in winning] or legal
                move = quiet[rng.randrange(len(quiet))]
                assert fast.legal(compiled) == [fastplay.move_code(state, m) for m in legal]
                state.apply(player, move)
                fast.play(compiled, fastplay.move_code(state, move))
                assert fast.status(compiled) == status(state)
            ended.add(state.reason)
        assert ended & {"blocked", "exhausted"}, (variant, short_faces, ended)


def test_compiled_and_python_playouts_agree_on_who_wins(fast: fastplay.FastPlayouts) -> None:
    game = tablier.load("kwinty")
    state = game.new_state(seed=3)
    rng = random.Random(3)
    for _ in range(6):
        player = state.current_players()[0]
        moves = state.legal_moves(player)
        state.apply(player, moves[rng.randrange(len(moves))])
    assert isinstance(state, KwintyState)
    before = fastplay.encode(state)
    n = 1500
    compiled = [fast.playout(state, seed) for seed in range(1, n + 1)]
    assert fastplay.encode(state) == before
    knowledge = KwintyHeuristics(game)
    knowledge.compiled_playouts = False
    python = [knowledge.playout(state.clone(), rng)[0] for _ in range(n)]
    white_c = sum(w == 0 for w in compiled) / n
    white_py = sum(v > 0 for v in python) / n
    # two proportions of 1,500 draws: 4.5 standard deviations at most ~0.082
    assert abs(white_c - white_py) < 0.082
    assert fast.playout(state, 9) == fast.playout(state, 9)  # one seed, one game


def test_a_position_it_cannot_hold_is_played_in_python(fast: fastplay.FastPlayouts) -> None:
    game = tablier.load("kwinty")
    state = game.new_state(seed=1)
    assert isinstance(state, KwintyState)
    state.apply(0, state.legal_moves(0)[0])
    twisted = state.clone()
    twisted.pieces = [(0, 99, 1, "h")]  # a piece off the wall
    assert fast.playout(twisted, 1) is None
    with pytest.raises(ValueError):
        fast.load(twisted)
    value = KwintyHeuristics(game).playout(state.clone(), random.Random(2))
    assert value in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def test_without_a_compiler_the_heuristics_play_in_python() -> None:
    code = (
        "import random, tablier\n"
        "from tablier.games.kwinty import fastplay\n"
        "from tablier.ai.knowledge import heuristics_for\n"
        "g = tablier.load('kwinty')\n"
        "v = heuristics_for(g).playout(g.new_state(seed=1), random.Random(2))\n"
        "print(fastplay.load() is None, len(v))\n"
    )
    env = {**os.environ, "TABLIER_PURE_PYTHON": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["True", "2"]


def test_a_finished_game_is_scored_as_it_ended(fast: fastplay.FastPlayouts) -> None:
    game = tablier.load("kwinty")
    knowledge = KwintyHeuristics(game)
    finished = 0
    for seed in range(20):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.current_players()[0]
            moves = state.legal_moves(player)
            state.apply(player, moves[rng.randrange(len(moves))])
        value = knowledge.playout(state, rng)
        assert value == [float(v) for v in state.returns()]
        finished += value != [0.0, 0.0]
    assert finished > 10
