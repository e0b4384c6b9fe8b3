"""The environments' fast paths give what the slow ones gave: tensors followed move by
move equal the tensors of `observation(seat)`, Counterplays's window numbering names
the same placements, `infos["legal_actions"]` is the mask, and a position whose moves
lie beyond a partial numbering ends the episode rather than playing another game."""

from __future__ import annotations

import random

import numpy as np
import pytest
from tests_research_support import need

need("pettingzoo")
need("gymnasium")

from pettingzoo.test import api_test  # noqa: E402

import tablier  # noqa: E402
from tablier.games.counterplays.actions import CounterplaysWindow  # noqa: E402
from tablier.games.counterplays.geometry import cell_of, key_of  # noqa: E402
from tablier.games.counterplays.notation import notation  # noqa: E402
from tablier.games.counterplays.shapes import LETTERS, ORIENTATIONS  # noqa: E402
from tablier.research import interface  # noqa: E402
from tablier.research.pettingzoo_env import aec_env, env_names, parallel_env  # noqa: E402

FOLLOWED = [
    ("kwinty", {}),
    ("kwinty", {"variant": "kwintie"}),
    ("kwinty", {"short_faces": "strict"}),
    ("turris", {}),
    ("turris", {"bonus_chain": True}),
    ("counterplays", {}),
    ("counterplays", {"goal": "lowest"}),
]
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably", "ignore:Observation is not a NumPy"
)


def random_games(game, games: int, seed: int):
    """The positions of random games, one state per game, moved on in place."""
    rng = random.Random(seed)
    for k in range(games):
        state = game.new_state(seed=seed * 100 + k)
        yield state
        while not state.is_terminal():
            player = state.current_players()[0]
            state.apply(player, rng.choice(state.legal_moves(player)))
            yield state


@pytest.mark.parametrize(("game_id", "options"), FOLLOWED)
def test_a_followed_tensor_is_the_tensor_of_the_observation(game_id: str, options: dict) -> None:
    game = tablier.load(game_id, **options)
    tensors = interface(game).tensors
    follower = tensors.follower()
    games = 4 if game_id == "counterplays" else 12
    removals = 0
    for state in random_games(game, games, seed=3):
        for seat in (0, 1):
            followed = follower.tensor(state, seat)
            assert followed.dtype == np.float32
            assert np.array_equal(followed, tensors.encode(state.observation(seat), seat))
        removals += bool(state.history) and state.history[-1][1].startswith("x")
    if game_id == "turris":
        assert removals > 0  # the bonus removals were followed too


@pytest.mark.parametrize(("game_id", "options"), FOLLOWED[::2])
def test_a_follower_starts_again_on_another_state_or_a_shorter_one(
    game_id: str, options: dict
) -> None:
    game = tablier.load(game_id, **options)
    tensors = interface(game).tensors
    follower = tensors.follower()
    rng = random.Random(8)
    state = game.new_state(seed=8)
    kept = []
    for _ in range(12):
        kept.append(state.clone())
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    # the full game, then an earlier copy (fewer moves), then the full game again
    for position in (state, kept[3], kept[0], state, kept[7]):
        seat = position.current_players()[0]
        expected = tensors.encode(position.observation(seat), seat)
        assert np.array_equal(follower.tensor(position, seat), expected)
    # a tensor handed out is the agent's: the next move does not change it
    first = follower.tensor(kept[7], 0)
    copy = first.copy()
    follower.tensor(state, 0)
    assert np.array_equal(first, copy)


def test_a_game_with_hidden_information_is_never_followed() -> None:
    env = aec_env("quiwin")
    assert env._follower is None
    assert aec_env("kwinty")._follower is not None


def test_counterplays_window_numbers_every_placement_of_random_games() -> None:
    game = tablier.load("counterplays")
    research = interface(game)
    window = research.encodings["window"]
    assert window.size == 94 * 33 * 66
    for state in random_games(game, 3, seed=5):
        if state.is_terminal():
            continue
        seat = state.current_players()[0]
        moves = state.legal_moves(seat)
        numbers = [window.encode(m) for m in moves]
        assert len(set(numbers)) == len(moves)
        assert [window.decode(n) for n in numbers] == moves
        assert window.numbered(moves) == dict(zip(numbers, moves, strict=True))
        assert window.number_moves(moves) == (numbers, moves)
        # a number's anchor is the tensor's cell: row y + 16, column x + 32
        for number, move in zip(numbers[:5], moves[:5], strict=True):
            x, y = (int(v) for v in move.split(":")[1].split(";")[0].split(","))
            assert number % (33 * 66) == (y + 16) * 66 + (x + 32)


def test_counterplays_window_refuses_what_it_cannot_number() -> None:
    window = CounterplaysWindow()
    # a placement anchored beyond x = 33 (an up cell, for an orientation starting up)
    up = next(o for o in ORIENTATIONS if o.first_up)
    far = notation(up.index, key_of(40, 0))
    assert interface(tablier.load("counterplays")).actions.encode(far) >= 0
    with pytest.raises(ValueError, match="outside the window"):
        window.encode(far)
    assert window.numbered([far]) == {}
    # a list with one move beyond the window: the other keeps its number
    inside = window.decode(2178 * 3 + 16 * 66 + 32)
    assert window.number_moves([far, inside]) == ([2178 * 3 + 16 * 66 + 32], [inside])
    with pytest.raises(ValueError):
        window.encode("no such move")
    with pytest.raises(ValueError):
        window.decode(window.size)
    # half the numbers anchor a tile on a cell that points the other way
    refused = 0
    for number in range(0, 2 * 66):
        try:
            window.decode(number)
        except ValueError:
            refused += 1
    assert refused == 66
    # another spelling of the same placement gets the same number
    canonical = window.decode(2178 * 3 + 16 * 66 + 32)
    letter, cells = canonical.split(":")
    spelled = f" {letter.lower()} : " + " ; ".join(reversed(cells.split(";")))
    assert window.encode(spelled) == window.encode(canonical)


def test_counterplays_environments_use_the_window_and_keep_the_fixed_table() -> None:
    env = aec_env("counterplays")
    assert env.encoding == "window" and env.action_space("player_0").n == 204_732
    assert str(env) == "tablier_counterplays_window_v0"
    old = aec_env("counterplays", actions="table")
    assert old.action_space("player_0").n == 1_426_912 and str(old) == "tablier_counterplays_v0"
    api_test(old, num_cycles=10)
    assert str(parallel_env("counterplays")) == "tablier_counterplays_window_parallel_v0"
    assert str(aec_env("kwinty")) == "tablier_kwinty_v0"
    with pytest.raises(ValueError, match="numbers its actions"):
        aec_env("kwinty", actions="window")
    # the same seed plays the same game whatever the numbering
    for e in (env, old):
        e.reset(seed=4)
    for _ in range(6):
        # the same placements are offered, under their two numbers
        offered = [
            {e.table.decode(n) for n in e.infos[e.agent_selection]["legal_actions"]}
            for e in (env, old)
        ]
        assert offered[0] == offered[1]
        move = min(offered[0])
        env.step(env.table.encode(move))
        old.step(old.table.encode(move))
    assert env.state.history == old.state.history and len(env.state.history) == 6


@pytest.mark.parametrize("name", list(env_names()))
def test_infos_list_the_legal_actions_of_the_mask(name: str) -> None:
    game_id, options = env_names()[name]
    env = aec_env(game_id, **options)
    env.reset(seed=2)
    rng = random.Random(2)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, info = env.last()
        others = [a for a in env.agents if a != agent]
        assert all("legal_actions" not in env.infos[a] for a in others)
        if terminated or truncated:
            assert "legal_actions" not in info
            env.step(None)
            continue
        assert info["legal_actions"] == np.flatnonzero(observation["action_mask"]).tolist()
        env.step(rng.choice(info["legal_actions"]))
    parallel = parallel_env(game_id, **options)
    observations, infos = parallel.reset(seed=2)
    while parallel.agents:
        actions = {}
        for agent in parallel.agents:
            legal = infos[agent]["legal_actions"]
            assert legal == np.flatnonzero(observations[agent]["action_mask"]).tolist()
            if legal:
                actions[agent] = rng.choice(legal)
        observations, _, _, _, infos = parallel.step(actions)


class Shrinking(CounterplaysWindow):
    """A window numbering that sees 3 of the 94 first placements and none after them."""

    def number_moves(self, moves):
        numbers, kept = super().number_moves(moves)
        return (numbers[:3], kept[:3]) if len(moves) == 94 else ([], [])


@pytest.mark.parametrize("maker", [aec_env, parallel_env])
def test_moves_beyond_a_partial_numbering_are_said_and_an_empty_list_truncates(maker) -> None:
    env = maker("counterplays")
    env.table = Shrinking()
    if maker is aec_env:
        env.reset(seed=0)
        info = env.infos[env.agent_selection]
        assert len(info["legal_actions"]) == 3 and info["unnumbered_moves"] == 94 - 3
        env.step(info["legal_actions"][0])
        assert all(env.truncations.values()) and not any(env.terminations.values())
        assert all(env.infos[a]["beyond_table"] for a in env.agents)
    else:
        _, infos = env.reset(seed=0)
        assert infos["player_0"]["unnumbered_moves"] == 94 - 3
        _, _, terminations, truncations, infos = env.step(
            {"player_0": infos["player_0"]["legal_actions"][0]}
        )
        assert all(truncations.values()) and not any(terminations.values())
        assert all(info["beyond_table"] for info in infos.values())
    assert len(env.state.history) == 1


class Stacked:
    """Counterplays tiles laid anywhere, rules aside, as a follower reads a state."""

    def __init__(self) -> None:
        self.tiles: list[tuple[int, str, tuple[int, ...], int]] = []
        self.left = [frozenset(LETTERS), frozenset(LETTERS)]

    def current_players(self) -> list[int]:
        return [len(self.tiles) % 2]

    def observation(self) -> dict:
        return {
            "tiles": [
                {"owner": owner, "level": level, "cells": [cell_of(k) for k in keys]}
                for owner, _, keys, level in self.tiles
            ],
            "tiles_left": [sorted(hand) for hand in self.left],
            "to_move": len(self.tiles) % 2,
        }


def test_counterplays_follower_draws_tiles_across_the_window_edge() -> None:
    """Tiles inside the window, astride its edges and beyond it, piled on each other:
    the follower's tensor is the observation's at every step (random games never leave
    the window's middle, where tiles are drawn from their shape's writes)."""
    tensors = interface(tablier.load("counterplays")).tensors
    follower = tensors.follower()
    rng = random.Random(12)
    state = Stacked()
    for n in range(60):
        orient = rng.choice(ORIENTATIONS)
        x, y = rng.randint(-36, 37), rng.randint(-19, 19)
        if (x + y) % 2 != (0 if orient.first_up else 1):
            x += 1
        anchor = key_of(x, y)
        owner = n % 2
        state.tiles.append(
            (owner, orient.letter, tuple(anchor + d for d in orient.rel), n // 6 + 1)
        )
        if n % 5 == 0:
            state.left[owner] = state.left[owner] - {orient.letter}
        for seat in (0, 1):
            expected = tensors.encode(state.observation(), seat)
            assert np.array_equal(follower.tensor(state, seat), expected)
    assert expected[-1] > 0  # some cells lay beyond the window
