"""Turris and Counterplays knowledge: legal fast playouts, values that follow the rules."""

from __future__ import annotations

import random

import pytest

import tablier
from tablier.ai.knowledge import Heuristics, heuristics_for


def test_every_two_player_game_with_knowledge_ships_a_heuristics_object() -> None:
    for game_id in ("kwinty", "turris", "counterplays"):
        if game_id not in tablier.game_ids():
            continue
        knowledge = heuristics_for(tablier.load(game_id))
        assert type(knowledge) is not Heuristics


@pytest.mark.parametrize("game_id", ["kwinty", "turris", "counterplays"])
def test_playouts_only_make_legal_moves(game_id: str) -> None:
    if game_id not in tablier.game_ids():
        pytest.skip(f"{game_id} is not registered")
    game = tablier.load(game_id)
    knowledge = heuristics_for(game)
    for seed in range(3):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(2 + seed):
            player = state.current_players()[0]
            state.apply(player, rng.choice(state.legal_moves(player)))
        played = state.clone()
        values = knowledge.playout(played, rng)
        assert len(values) == 2 and all(-1.0 <= v <= 1.0 for v in values)
        # the playout's moves replay through the checked rules
        replayed = tablier.replay(played.record())
        assert replayed.history == played.history
        if played.is_terminal():
            assert (values[0] > 0) == (played.returns()[0] > 0)
            assert (values[0] < 0) == (played.returns()[0] < 0)


def test_turris_value_mixes_the_result_with_the_margin() -> None:
    turris = pytest.importorskip("tablier.games.turris.heuristics")
    assert turris.margin_value(0) == 0
    small = turris.RESULT_WEIGHT + (1 - turris.RESULT_WEIGHT) * turris.margin_value(1)
    large = turris.RESULT_WEIGHT + (1 - turris.RESULT_WEIGHT) * turris.margin_value(10)
    assert turris.RESULT_WEIGHT < small < large < 1.0


def test_counterplays_evaluation_follows_the_deciding_level() -> None:
    counterplays = pytest.importorskip("tablier.games.counterplays.heuristics")
    for goal in ("highest", "lowest"):
        game = tablier.load("counterplays", goal=goal)
        knowledge = counterplays.CounterplaysHeuristics(game)
        state = game.new_state(seed=0)
        rng = random.Random(1)
        for _ in range(9):
            player = state.current_players()[0]
            state.apply(player, rng.choice(state.legal_moves(player)))
            value = knowledge.evaluate(state)[0]
            now = counterplays.scores_now(state)[0]
            # whoever would win if the game stopped now is the one the evaluation favours
            assert (value > 0) == (now > 0) and (value < 0) == (now < 0)
