"""A generator shared by clones is copied the first time either side reads it."""

from __future__ import annotations

import random

import pytest

import tablier


@pytest.mark.parametrize("game_id", ["kwinty", "turris"])
def test_clones_draw_their_own_numbers(game_id: str) -> None:
    state = tablier.load(game_id).new_state(seed=42)
    twin = state.clone()
    third = twin.clone()
    expected = random.Random(42)
    first_draws = [expected.random() for _ in range(3)]
    # the original draws first: the clones' sequences do not move on with it
    assert [state.rng.random() for _ in range(3)] == first_draws
    assert [twin.rng.random() for _ in range(3)] == first_draws
    assert [third.rng.random() for _ in range(3)] == first_draws
    assert state.rng is not twin.rng and twin.rng is not third.rng
    # a clone made later starts where its parent stands
    later = state.clone()
    assert later.rng.random() == state.rng.random()


def test_setting_a_generator_replaces_it_for_that_state_only() -> None:
    state = tablier.load("turris").new_state(seed=1)
    twin = state.clone()
    twin.rng = random.Random(7)
    assert twin.rng.random() == random.Random(7).random()
    assert state.rng.random() == random.Random(1).random()
