"""Post-game analysis: values, the best move, and verdicts from the drop in chances."""

from __future__ import annotations

import itertools
import random

import tablier
from tablier.ai.analysis import (
    analysable,
    analyse_position,
    analyse_step,
    chances,
    judge,
    verdict,
)


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


def test_a_quiz_is_not_analysed_but_hidden_hands_are() -> None:
    assert analysable(tablier.load("kwinty")) and analysable(tablier.load("quiwin"))
    assert not analysable(tablier.load("quiadiquoi", deck="test-fr"))


def test_a_quiwin_choice_is_judged_from_what_its_player_knew() -> None:
    record = finished("quiwin", 3)
    judged_index = next(i for i, (_p, m) in enumerate(record["moves"]) if m[0] in "VJBOR")
    found = analyse_step(record, judged_index)
    mover, played = record["moves"][judged_index]
    assert found["mover"] == mover and found["played"] == played
    options = {o["move"] for o in found["options"]}
    before = tablier.replay({**record, "moves": record["moves"][:judged_index]})
    assert options <= {str(m) for m in before.legal_moves(mover)}
    assert found["best"] in options
    assert all(0.0 <= o["chance"] <= 1.0 for o in found["options"])
    chances_seen = [o["chance"] for o in found["options"]]
    assert chances_seen == sorted(chances_seen, reverse=True)
    # judged against its own options: the best option is never worse than the played one
    positions = [analyse_step(record, i) for i in range(len(record["moves"]) + 1)]
    verdicts = judge(record["moves"], positions)
    assert all(v["drop"] >= 0 for v in verdicts)
    assert positions[-1]["value"] == record["returns"][0]


def test_a_position_the_search_proves_is_valued_exactly() -> None:
    # Nim, 7 stones: the mover wins by taking 3; 9 stones: he wins by taking 1; 8: he loses
    from ai_toys import NimGame

    from tablier.ai.analysis import _value

    for stones, exact in ((7, 1.0), (9, 1.0), (8, -1.0)):
        state = NimGame(stones).new_state(seed=0)
        assert _value(state, 0, 400, seed=1) == exact
        assert _value(state, 1, 400, seed=1) == -exact


def _played_at_random(game_id: str, seed: int) -> dict:
    """A two-player game played at random to its end (simultaneous steps included)."""
    state = tablier.load(game_id).new_state(seed=seed, num_players=2)
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    return state.record()


def test_a_random_counterplays_game_shows_the_losers_mistakes() -> None:
    record = _played_at_random("counterplays", 5)
    assert record["returns"] == [-1.0, 1.0]
    positions = [analyse_step(record, i) for i in range(len(record["moves"]) + 1)]
    judged = judge(record["moves"], positions)
    loser = record["returns"].index(-1.0)
    errors = [m for m in judged if m["player"] == loser and m["verdict"] in ("mistake", "blunder")]
    assert errors, [(m["player"], m["verdict"], m["drop"]) for m in judged]
    # one point of view: the values of quiet positions do not swing with the mover
    values = [p["value"] for p in positions[:14]]
    swings = [abs(b - a) for a, b in itertools.pairwise(values)]
    assert sum(swings) / len(swings) < 0.3, values
    # the end is solved exactly, and every value is seat 0's
    assert positions[-2]["exact"] and positions[-2]["value"] == record["returns"][0]


def test_quiwin_values_are_the_first_players_whoever_chose() -> None:
    record = _played_at_random("quiwin", 5)
    positions = [analyse_step(record, i) for i in range(len(record["moves"]) + 1)]
    values = [p["value"] for p in positions[:8]]
    swings = [abs(b - a) for a, b in itertools.pairwise(values)]
    # the old values were each chooser's own view (+0.8 then -0.5 ...): no longer
    assert sum(swings) / len(swings) < 0.3, values
    assert all(-1.0 <= p["value"] <= 1.0 for p in positions)
