"""Positions of random Kwinty games, shared by the tests of Kwinty's knowledge."""

from __future__ import annotations

import random
from collections.abc import Iterator

import tablier
from tablier.games.kwinty.state import KwintyState


def random_positions(variant: str, games: int, seed: int = 0) -> Iterator[KwintyState]:
    """Every position of `games` random games (each yielded before its move is played)."""
    game = tablier.load("kwinty", variant=variant)
    for index in range(games):
        state = game.new_state(seed=index)
        rng = random.Random(index + 1000 * seed)
        while not state.is_terminal():
            assert isinstance(state, KwintyState)
            yield state
            player = state.current_players()[0]
            state = state.clone()
            state.apply(player, rng.choice(state.legal_moves(player)))
