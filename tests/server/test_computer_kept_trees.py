"""A pool worker keeps `hard`'s search tree for the game's next decision.

The worker runs the same `think` the server submits; here it runs in this process so
its memory can be looked at.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import tablier
from tablier.server import computer


@pytest.fixture(autouse=True)
def empty_keep() -> Iterator[None]:
    computer._kept.clear()
    yield
    computer._kept.clear()


def test_the_next_decision_of_a_game_starts_from_the_tree_kept_by_the_worker() -> None:
    state = tablier.load("kwinty").new_state(seed=4)
    seat = state.current_players()[0]
    move = computer.think("kwinty", {}, "hard", 11, state.observation(seat), seat)
    state.apply(seat, move)
    ((_, level, player),) = computer._kept.values()
    assert level == "hard"
    # the opponent answers what the search expected most
    other = state.current_players()[0]
    mine = player._kept.root.children[((seat, move),)]
    answer = max(mine.children.items(), key=lambda item: item[1].visits)[0][0][1]
    state.apply(other, answer)
    computer.think("kwinty", {}, "hard", 12, state.observation(seat), seat)
    assert len(computer._kept) == 1
    assert player.last_report.reused > 0


def test_another_game_gets_its_own_player_and_old_ones_are_let_go() -> None:
    for seed in range(2):
        state = tablier.load("turris").new_state(seed=seed)
        seat = state.current_players()[0]
        # every game opened differently: no kept tree continues into another
        state.apply(seat, state.legal_moves(seat)[seed % 2])
        other = state.current_players()[0]
        computer.think("turris", {}, "medium", seed, state.observation(other), other)
    assert not computer._kept  # `medium` keeps no tree: nothing to keep
    kept = []
    for seed in range(computer.KEPT_PLAYERS + 2):
        state = tablier.load("kwinty").new_state(seed=seed)
        seat = state.current_players()[0]
        state.apply(seat, state.legal_moves(seat)[seed % 2])
        # every game a different position
        other = state.current_players()[0]
        for _ in range(seed):
            state.apply(other, state.legal_moves(other)[0])
            other = state.current_players()[0]
        observation = state.observation(other)
        kept.append(computer._player_for("kwinty", "hard", state.game, seed, observation, other))
    assert len(set(map(id, kept))) == len(kept)
    assert len(computer._kept) == computer.KEPT_PLAYERS
