"""The compiled Turris playouts (fastplay.c) hold to the rules of state.py exactly."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

import tablier
from tablier.ai.knowledge import heuristics_for
from tablier.games.turris import fastplay
from tablier.games.turris.state import TurrisState
from tablier.games.turris.views import totals


@pytest.fixture
def fast() -> fastplay.FastPlayouts:
    made = fastplay.load()
    if made is None:
        if os.environ.get("CI") == "true":
            pytest.fail("the compiled playouts could not be built (cffi and a C compiler)")
        pytest.skip("no C compiler or cffi here")
    return made


def random_state(seed: int, moves: int, **options: object) -> TurrisState:
    state = tablier.load("turris", **options).new_state(seed=seed)
    assert isinstance(state, TurrisState)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        player = state.current_players()[0]
        legal = state.legal_moves(player)
        state.apply(player, legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("bonus_chain", [False, True])
def test_both_engines_offer_and_play_the_same_moves_to_the_same_score(
    fast: fastplay.FastPlayouts, bonus_chain: bool
) -> None:
    kinds: set[str] = set()
    for seed in range(150):
        state = random_state(seed, 0, bonus_chain=bonus_chain)
        compiled = fast.load(state)
        rng = random.Random(seed)
        while not state.is_terminal():
            assert fast.export(compiled) == fastplay.encode(state)
            player = state.current_players()[0]
            legal = state.legal_moves(player)
            assert fast.legal(compiled) == [fastplay.move_code(m) for m in legal]
            move = legal[rng.randrange(len(legal))]
            kinds.add(str(move)[0])
            state.apply(player, move)
            fast.play(compiled, fastplay.move_code(move))
        assert fast.legal(compiled) == []
        assert fast.export(compiled) == fastplay.encode(state)
        assert fast.totals(compiled) == tuple(totals(state.final_views()))
    # placements of both kinds, removals, skips and passes were all compared
    assert kinds >= {"V", "H", "x", "s", "p"}


def test_the_score_of_any_tower_is_the_five_views(fast: fastplay.FastPlayouts) -> None:
    for seed in range(200):
        state = random_state(seed, seed % 45)
        assert fast.totals(fast.load(state)) == tuple(totals(state.views()))


def test_a_playout_leaves_the_position_alone_and_ends_in_a_reachable_score(
    fast: fastplay.FastPlayouts,
) -> None:
    state = random_state(4, 12)
    before = fastplay.encode(state)
    scores = {fast.playout(state, seed) for seed in range(1, 400)}
    assert fastplay.encode(state) == before
    assert None not in scores
    # random play gives many different endings, each reachable by the Python engine
    assert len(scores) > 20
    again = fast.playout(state, 7)
    assert again == fast.playout(state, 7)  # one seed, one game


def test_compiled_and_python_playouts_agree_on_who_wins(fast: fastplay.FastPlayouts) -> None:
    """The same uniform choice among legal moves: the same chances, within noise."""
    state = random_state(9, 10)
    n = 1500
    wins_c = 0
    margins_c = 0
    for seed in range(1, n + 1):
        ended = fast.playout(state, seed)
        assert ended is not None
        wins_c += ended[0] > ended[1]
        margins_c += ended[0] - ended[1]
    rng = random.Random(1)
    wins_py = 0
    margins_py = 0
    for _ in range(n):
        copy = state.clone()
        while not copy.is_terminal():
            copy.play_legal(rng.randrange(len(copy.legal_moves(copy.to_move))))
        white, black = totals(copy.final_views())
        wins_py += white > black
        margins_py += white - black
    # two binomial proportions of 1,500 draws: 4.5 standard deviations at most ~0.082
    assert abs(wins_c - wins_py) / n < 0.082
    assert abs(margins_c - margins_py) / n < 1.5


def test_a_position_beyond_its_room_is_played_in_python(fast: fastplay.FastPlayouts) -> None:
    state = random_state(2, 6)
    # ids of removed pieces count against the C side's room for pieces
    state.pieces = state.pieces + [None] * 1100
    assert fast.playout(state, 3) is None
    knowledge = heuristics_for(state.game)
    value = knowledge.playout(state.clone(), random.Random(1))
    assert len(value) == 2 and -1.0 <= value[0] <= 1.0 and value[0] == -value[1]


def test_without_a_compiler_the_heuristics_play_in_python() -> None:
    code = (
        "import random, tablier\n"
        "from tablier.games.turris import fastplay\n"
        "from tablier.ai.knowledge import heuristics_for\n"
        "g = tablier.load('turris')\n"
        "v = heuristics_for(g).playout(g.new_state(seed=1), random.Random(2))\n"
        "print(fastplay.load() is None, len(v))\n"
    )
    env = {**os.environ, "TABLIER_PURE_PYTHON": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["True", "2"]
