"""The alpha-beta reference: legal, quick to see a win, honest about what it can play."""

from __future__ import annotations

import random

import pytest

import tablier
from tablier.ai.alphabeta import AlphaBetaPlayer
from tablier.ai.players import make_player, player_names


def position_before_a_win(game_id: str) -> tuple[object, int, str]:
    for seed in range(30):
        state = tablier.load(game_id).new_state(seed=seed, num_players=2)
        rng = random.Random(seed)
        history = []
        while not state.is_terminal():
            player = state.current_players()[0]
            move = rng.choice(state.legal_moves(player))
            history.append((player, str(move)))
            state.apply(player, move)
        if 1.0 in state.returns():
            winner = state.returns().index(1.0)
            before = tablier.load(game_id).new_state(seed=seed, num_players=2)
            for player, move in history[:-1]:
                before.apply(player, move)
            if history[-1][0] == winner:
                return before, winner, history[-1][1]
    raise AssertionError("no decisive random game")


def test_it_takes_a_win_in_one() -> None:
    state, winner, _ = position_before_a_win("kwinty")
    player = AlphaBetaPlayer(state.game, seed=1, seconds=0.5)
    move = player.choose(state.observation(winner), winner)
    after = state.clone()
    after.apply(winner, move)
    assert after.is_terminal() and after.returns()[winner] == 1.0


@pytest.mark.parametrize("game_id", ["kwinty", "turris", "counterplays"])
def test_it_plays_legal_moves_within_its_time(game_id: str) -> None:
    game = tablier.load(game_id)
    state = game.new_state(seed=4, num_players=2)
    player = make_player("alphabeta", game, 2)
    assert isinstance(player, AlphaBetaPlayer)
    player.seconds = 0.3
    for _ in range(4):
        seat = state.current_players()[0]
        move = player.choose(state.observation(seat), seat)
        assert move in {str(m) for m in state.legal_moves(seat)}
        state.apply(seat, move)
    assert player.depth_reached >= 1


def test_it_is_offered_only_where_it_can_play() -> None:
    with pytest.raises(ValueError):
        AlphaBetaPlayer(tablier.load("quiwin"))
    assert "alphabeta" not in player_names(tablier.load("quiwin"))
    assert "alphabeta" in player_names(tablier.load("kwinty"))
