"""The table of every outline (outlines.py) against the rules worked out one by one."""

from __future__ import annotations

import random

import tablier
from tablier.games.turris import outlines, shapes
from tablier.games.turris.state import TurrisState


def counts_of(heights: list[int]) -> list[int]:
    return [sum(h >= z for h in heights) for z in range(max(heights) + 4)]


def test_the_table_agrees_with_the_rules_on_random_outlines() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        low = rng.choice([0, 0, 1, 2, 4, 7])
        rel = [rng.randrange(4) for _ in range(9)]
        rel[rng.randrange(9)] = 0
        heights = [low + r for r in rel]
        assert outlines.places(heights) == shapes._work_out(
            heights, counts_of(heights), first=False
        ), heights


def test_the_table_agrees_along_random_games() -> None:
    game = tablier.load("turris", bonus_chain=True)
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        assert isinstance(state, TurrisState)
        while not state.is_terminal():
            if state.pieces:
                heights = state.heights
                # the rules keep every column within three levels of the lowest
                assert max(heights) - min(heights) <= 3
                expected = shapes._work_out(heights, state.level_count, first=False)
                assert outlines.places(heights) == expected
            player = state.current_players()[0]
            state.apply(player, rng.choice(state.legal_moves(player)))


def test_a_tower_beyond_the_table_is_left_to_the_caller() -> None:
    assert outlines.places([0, 4, 4, 4, 4, 4, 4, 4, 4]) is None
    assert outlines.places([1, 1, 1, 1, 1, 1, 1, 1, 1]) is not None
