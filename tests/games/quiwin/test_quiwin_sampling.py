"""Positions sampled from an observation, as computer players get them."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from quiwin_support import commit, make, pass_window, random_game

from tablier.games.quiwin.game import QuiwinGame
from tablier.games.quiwin.tiles import TILE_COUNTS


def same_view(given: dict, sampled: dict) -> bool:
    # the opponent's pending choice is unknown, so the sample is taken just before it:
    # he may still be awaited there
    given, sampled = dict(given), dict(sampled)
    assert set(given["awaited"]) <= set(sampled["awaited"])
    given.pop("awaited")
    sampled.pop("awaited")
    return given == sampled


@pytest.mark.parametrize("open_lengths", [False, True])
def test_sampled_positions_look_the_same_to_the_seat(open_lengths):
    game = QuiwinGame(open_lengths=open_lengths)
    rng = random.Random(4)
    count = 0
    for g in range(25):
        for state, _, _ in random_game(100 + g, game)[::2]:
            for seat in (0, 1, None):
                obs = state.observation(seat)
                sampled = game.state_from_observation(obs, seat, rng)
                assert same_view(obs, sampled.observation(seat))
                count += 1
    assert count > 500


def test_the_seat_is_awaited_in_the_sample_when_the_opponent_already_chose():
    game = QuiwinGame()
    state = game.new_state(seed=8)
    state.apply(1, state.legal_moves(1)[0])
    obs = state.observation(0)
    assert obs["awaited"] == [0]
    sampled = game.state_from_observation(obs, 0, random.Random(1))
    assert sampled.current_players() == [0, 1]
    assert sampled.history == []


def test_own_pending_choice_is_kept():
    game = QuiwinGame()
    state = game.new_state(seed=8)
    move = state.legal_moves(0)[-1]
    state.apply(0, move)
    sampled = game.state_from_observation(state.observation(0), 0, random.Random(1))
    assert sampled.current_players() == [1]
    assert sampled.observation(0)["my_commitment"] == move


def test_hidden_parts_are_sampled_uniformly_at_the_start():
    game = QuiwinGame()
    state = game.new_state(seed=21)
    obs = state.observation(0)
    mine = Counter(obs["hand"])
    unknown = Counter(TILE_COUNTS)
    unknown.subtract(mine)
    rng = random.Random(3)
    totals: Counter[str] = Counter()
    hands = set()
    runs = 1500
    for _ in range(runs):
        sampled = game.state_from_observation(obs, 0, rng)
        assert Counter(sampled.observation(0)["hand"]) == mine
        hand = sorted(sampled.codes[t] for t in sampled.hands[1])
        hands.add(tuple(hand))
        totals.update(hand)
    assert len(hands) > 100  # many different hands, not the true one again and again
    for code, n in unknown.items():
        expected = n * 8 / 22
        assert abs(totals[code] / runs - expected) < 0.15 + 0.1 * expected, code


def test_measures_constrain_the_hidden_lengths():
    # player 1 plays two oranges; the palier-1 measure tells player 0 their sum
    hand0 = ["V22", "J23", "B24", "B24", "J23", "J23", "V22", "V22"]
    hand1 = ["O25", "O23", "B24", "B24", "J23", "J23", "O25", "O23"]
    state = make(hand0, hand1)
    commit(state, "V22", "O25")
    pass_window(state)
    commit(state, "J23", "O23")
    pass_window(state)
    obs = state.observation(0)
    assert obs["rows"][1] == ["O?", "O?"] and obs["measurements"][0]["lengths"] == [45, 48]
    game = state.game
    rng = random.Random(2)
    orders = Counter()
    for _ in range(200):
        sampled = game.state_from_observation(obs, 0, rng)
        row = [sampled.codes[t] for t in sampled.rows[1]]
        assert sorted(row) == ["O23", "O25"]
        orders[tuple(row)] += 1
    # 4 of each orange are unseen by player 0, so both orders are equally likely
    assert set(orders) == {("O25", "O23"), ("O23", "O25")}
    assert 60 < orders["O25", "O23"] < 140


def test_coin_results_seen_are_kept_in_the_sample():
    game = QuiwinGame()
    for seed in range(6):
        state = make(
            ["V22", "J23", "B24", "O25", "R23", "J23", "B24", "O23"],
            ["J23", "O23", "B24", "V22", "R24", "O25", "J23", "B24"],
            seed=seed,
        )
        commit(state, "V22", "J23")
        state.apply(0, "change")
        state.apply(1, "change")
        obs = state.observation(1)
        sampled = game.state_from_observation(obs, 1, random.Random(seed))
        assert sampled.used == state.used
        assert same_view(obs, sampled.observation(1))


def test_the_random_player_plays_from_samples_only():
    from tablier.ai.players import RandomPlayer

    game = QuiwinGame()
    state = game.new_state(seed=2)
    players = [RandomPlayer(game, seed=0), RandomPlayer(game, seed=1)]
    while not state.is_terminal():
        for p in state.current_players():
            state.apply(p, players[p].choose(state.observation(p), p))
    assert state.outcome() is not None
