"""The arrangement planner: its closed-form verdict agrees with the rules engine."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tablier
from tablier.games.quiwin import verdict as vd
from tablier.games.quiwin.planner import distinct_orders, order_values, plan_commit, win_share
from tablier.games.quiwin.tiles import length

LENGTHS = st.sampled_from([22, 23, 24, 25])
ROW = st.lists(LENGTHS, min_size=8, max_size=8)


def engine_result(rows: list[list[int]]) -> float:
    """Seat 0's result from the verdict module, palier after palier."""
    leader = None
    for palier in (0, 1):
        end = vd.PALIER_STARTS[palier] + vd.PALIER_SIZES[palier]
        winner = vd.palier_winner(palier, [sum(r[:end]) for r in rows])
        leader = vd.leader_after(palier, winner, leader)
    winner3 = vd.palier_winner(2, [sum(r) for r in rows])
    middle = [r[2:6] for r in rows]
    verdict = vd.final_verdict(winner3, leader, middle)
    return (verdict.returns()[0] + 1) / 2


@settings(max_examples=400, deadline=None)
@given(ROW, ROW)
def test_closed_form_verdict_matches_the_rules(mine: list[int], theirs: list[int]) -> None:
    got = win_share(np.array(mine), np.array(theirs))
    assert float(got) == engine_result([mine, theirs])


def test_closed_form_verdict_on_worked_examples() -> None:
    # shorter palier 1, longer palier 2 and shorter total: White leads and wins palier 3
    assert float(win_share(np.array([22] * 8), np.array([23] * 8))) == 1.0
    # equal rows everywhere: the deal is void
    assert float(win_share(np.array([23] * 8), np.array([23] * 8))) == 0.5


def test_distinct_orders_lists_each_order_once() -> None:
    orders = distinct_orders((22, 22, 25))
    assert sorted(map(tuple, orders.tolist())) == [(22, 22, 25), (22, 25, 22), (25, 22, 22)]
    assert len(distinct_orders((22, 23, 24, 25, 22, 23, 24, 25))) == 2520


def test_plan_commit_lays_a_tile_of_the_hand_and_is_reproducible() -> None:
    game = tablier.load("quiwin")
    for seed in range(5):
        state = game.new_state(seed=seed)
        obs = state.observation(0)
        first = plan_commit(game, obs, 0, random.Random(seed), samples=16)
        again = plan_commit(game, obs, 0, random.Random(seed), samples=16)
        assert first == again
        assert first in obs["hand"]


def test_order_values_scores_each_order_as_the_rules_would() -> None:
    """An opponent whose eight tiles all measure 23 mm lays the same row whatever his
    order, so each order's value must be exactly the engine's verdict for it."""
    game = tablier.load("quiwin")
    hand_0 = ["V22", "V22", "V22", "V22", "V22", "B24", "B24", "B24"]
    hand_1 = ["J23", "J23", "J23", "J23", "J23", "J23", "R23", "R23"]
    bag = ["R24", "R24", "R25", "B24", "B24", "B24", "O23", "O23", "O23", "O23",
           "O25", "O25", "O25", "O25"]  # fmt: skip
    state = game.new_state(seed=3, deal={"hands": [hand_0, hand_1], "bag": bag})
    orders, values = order_values([state] * 3, 0, [length(c) for c in hand_0], random.Random(1))
    assert len(orders) == 56  # 8! / (5! 3!)
    for order, value in zip(orders.tolist(), values.tolist(), strict=True):
        assert value == engine_result([order, [23] * 8])
    assert max(values.tolist()) == 1.0
