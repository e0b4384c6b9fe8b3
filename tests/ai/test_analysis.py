"""Post-game analysis: values, the best move, and verdicts from the drop in chances."""

from __future__ import annotations

import random

import tablier
from tablier.ai.analysis import analysable, analyse_position, chances, judge, verdict


def finished(game_id: str, seed: int) -> dict:
    game = tablier.load(game_id)
    state = game.new_state(seed=seed, num_players=2)
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    return state.record()


def test_verdicts_grow_with_the_drop_in_chances() -> None:
    assert [verdict(d) for d in (0.0, 0.06, 0.1, 0.2, 0.5)] == [
        "good",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    ]
    assert chances(1.0, 0) == 1.0 and chances(1.0, 1) == 0.0 and chances(0.0, 1) == 0.5


def test_judge_compares_the_best_move_with_the_move_played() -> None:
    positions = [
        {"best": "a", "value": 0.0},  # even before seat 0 moves
        {"best": "b", "value": -0.8},  # after seat 0's move, seat 1 is nearly winning
        {"best": None, "value": -1.0},
    ]
    judged = judge([[0, "x"], [1, "b"]], positions)
    assert judged[0]["verdict"] == "blunder" and judged[0]["best"] == "a"
    assert judged[0]["drop"] == 0.4
    assert judged[1]["verdict"] == "best" and judged[1]["drop"] == 0.0


def test_the_position_before_a_winning_move_is_won_for_its_mover() -> None:
    for seed in range(10):
        record = finished("kwinty", seed)
        if record["returns"] != [0.0, 0.0]:
            break
    winner = record["returns"].index(1.0)
    last = len(record["moves"]) - 1
    assert record["moves"][last][0] == winner
    before = analyse_position(record, last)
    assert before["mover"] == winner
    assert chances(before["value"], winner) == 1.0
    end = analyse_position(record, last + 1)
    assert end["best"] is None and end["value"] == record["returns"][0]


def test_only_perfect_information_games_are_analysed() -> None:
    assert analysable(tablier.load("kwinty")) and analysable(tablier.load("counterplays"))
    assert not analysable(tablier.load("quiwin"))
