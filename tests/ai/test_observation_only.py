"""Players decide from `observation(seat)` alone, so they cannot cheat."""

from __future__ import annotations

import random
from typing import Any

import pytest
from ai_toys import DuelGame, DuelState

from tablier.ai.mcts import MCTSPlayer, SearchSettings
from tablier.ai.players import make_player
from tablier.core.state import State


def two_states_seen_alike() -> tuple[State, State]:
    """Same hand and history for player 0; the opponent's hand differs."""
    game = DuelGame()
    a = game.new_state(seed=0, deal=[[1, 4, 6], [2, 3, 7]])
    b = game.new_state(seed=0, deal=[[1, 4, 6], [2, 5, 7]])
    for state in (a, b):
        state.apply(0, "4")
        state.apply(1, "2")
        state.apply(1, "7")  # pending: player 0 must not learn it
    return a, b


def test_the_two_states_differ_but_look_the_same_to_the_seat() -> None:
    a, b = two_states_seen_alike()
    assert a.hands[1] != b.hands[1]  # type: ignore[attr-defined]
    assert a.observation(0) == b.observation(0)


@pytest.mark.parametrize("name", ["random", "greedy", "easy", "medium"])
def test_hidden_parts_do_not_change_the_choice(name: str) -> None:
    a, b = two_states_seen_alike()
    game = a.game
    if name == "medium":
        # medium's time cap could cut the two searches at different points
        choices = [
            MCTSPlayer(game, 11, SearchSettings(iterations=300)).choose(s.observation(0), 0)
            for s in (a, b)
        ]
    else:
        choices = [make_player(name, game, 11).choose(s.observation(0), 0) for s in (a, b)]
    assert choices[0] == choices[1]


class SpyDuel(DuelGame):
    """Records every state the players build, to check they are built from the seat's
    observation and never hold the true hidden hand more often than chance allows."""

    def __init__(self) -> None:
        super().__init__()
        self.opponent_hands: list[tuple[int, ...]] = []

    def state_from_observation(
        self, observation: dict[str, Any], seat: int | None, rng: random.Random
    ) -> State:
        assert "hands" not in observation
        assert seat is not None
        assert observation["viewer"] == seat
        state = super().state_from_observation(observation, seat, rng)
        assert isinstance(state, DuelState)
        # the hand is copied now: the search plays the state out afterwards
        self.opponent_hands.append(tuple(sorted(state.hands[1 - seat])))
        return state


def test_search_samples_the_hidden_hand_instead_of_reading_it() -> None:
    spy = SpyDuel()
    state = spy.new_state(seed=0, deal=[[1, 4, 6], [2, 3, 7]])
    player = MCTSPlayer(spy, 3, SearchSettings(iterations=200))
    player.choose(state.observation(0), 0)
    opponent_hands = set(spy.opponent_hands)
    # the four unseen cards 2, 3, 5, 7 give many possible hands: several are tried
    assert len(opponent_hands) > 3
    assert all(set(h) <= {2, 3, 5, 7} for h in opponent_hands)
