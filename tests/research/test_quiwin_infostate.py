"""Qui'win's information-state tensor: declared, perfect recall, and exactly as fine as
the information-state string, checked with OpenSpiel's own tests over whole subtrees of
the reduced game; the other games decline it cleanly."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from tests_research_support import need

need("open_spiel")
pyspiel = need("pyspiel")

from open_spiel.integration_tests import api_test  # noqa: E402

import tablier  # noqa: E402
from tablier.research import interface, openspiel_games  # noqa: E402
from tablier.research.openspiel_observer import NoInformationStateTensor  # noqa: E402
from tablier.research.openspiel_quiwin import NAME, hands  # noqa: E402
from tablier.research.quiwin_cfr import REDUCED  # noqa: E402

# deals of the reduced game (counts per code: V22, ..., O23, O25): White's, Black's
DEALS = [
    ((1, 0, 0, 0, 0, 0, 1, 1), (0, 0, 0, 0, 0, 0, 1, 2)),
    ((0, 0, 0, 0, 0, 0, 2, 1), (2, 0, 0, 0, 0, 0, 0, 1)),
]


def dealt(game, deal, turn_based: bool = False):
    root = (pyspiel.convert_to_turn_based(game) if turn_based else game).new_initial_state()
    for counts in deal:
        root.apply_action(hands(game.rules).index(counts))
    return root


def decision_nodes(state):
    """Every decision node below `state` in the simultaneous game, with its seats."""
    if state.is_terminal():
        return
    if state.is_chance_node():
        for action, _ in state.chance_outcomes():
            yield from decision_nodes(state.child(action))
        return
    yield state
    for joint in itertools.product(*(state.legal_actions(p) for p in (0, 1))):
        child = state.clone()
        child.apply_actions(list(joint))
        yield from decision_nodes(child)


def test_quiwin_declares_an_information_state_tensor_and_the_others_decline_it() -> None:
    game = pyspiel.load_game(NAME)
    assert game.get_type().provides_information_state_tensor
    assert game.information_state_tensor_size() > game.observation_tensor_size()
    for name in openspiel_games.TURN_BASED:
        other = pyspiel.load_game(name)
        assert not other.get_type().provides_information_state_tensor
        state = other.new_initial_state()
        assert state.information_state_string(0)  # the string is offered
        with pytest.raises(NoInformationStateTensor, match="provides no information-state"):
            state.information_state_tensor(0)
    # QuiAdiQuoi has no research interface at all: nothing is claimed for it
    assert "python_tablier_quiadiquoi" not in {g.short_name for g in pyspiel.registered_games()}
    with pytest.raises(ValueError, match="no research interface"):
        interface(tablier.load("quiadiquoi"))


@pytest.mark.parametrize("deal", DEALS)
def test_openspiels_perfect_recall_check_passes_below_a_deal(deal) -> None:
    """OpenSpiel's own check (integration_tests/api_test.py): along every history, the
    seat's earlier information states, as strings and as tensors, follow from where it
    is now. It wants a sequential game: the turn-based form of Qui'win."""
    game = pyspiel.load_game(REDUCED)
    seen: dict = {}
    api_test._assert_is_perfect_recall_recursive(
        dealt(game, deal, turn_based=True), current_history=[], infostate_player_to_history=seen
    )
    assert len(seen) > 1000


@pytest.mark.parametrize("deal", DEALS)
def test_the_tensor_tells_apart_exactly_what_the_string_tells_apart(deal) -> None:
    game = pyspiel.load_game(REDUCED)
    by_string: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    observations: set[bytes] = set()
    per_seat: list[set[bytes]] = [set(), set()]
    for state in decision_nodes(dealt(game, deal)):
        for seat in (0, 1):
            text = state.information_state_string(seat)
            tensor = np.asarray(state.information_state_tensor(seat), np.float32)
            assert tensor.shape == (game.information_state_tensor_size(),)
            key = tensor.tobytes()
            # the same information state gives the same tensor, and only it
            assert by_string.setdefault(text, key) == key
            assert by_tensor.setdefault(key, text) == text
            observations.add(np.asarray(state.observation_tensor(seat)).tobytes())
            per_seat[seat].add(key)
    assert len(by_string) > 1000
    # the observation tensor forgets the past; the information-state tensor does not
    assert len(observations) < len(by_tensor)
    # as in OpenSpiel's no-overlap test: a tensor belongs to one seat
    assert not per_seat[0] & per_seat[1]


def test_full_game_tensors_fit_and_stay_within_bounds() -> None:
    game = pyspiel.load_game(NAME)
    rng = np.random.RandomState(4)
    size = game.information_state_tensor_size()
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
                continue
            for seat in (0, 1):
                tensor = np.asarray(state.information_state_tensor(seat))
                assert tensor.shape == (size,) and tensor.min() >= 0 and tensor.max() <= 1
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in (0, 1)])


def test_asking_for_a_seat_that_does_not_exist_is_an_error() -> None:
    # as OpenSpiel's test_information_state_functions_raises_on_chance_nodes: at a
    # chance node nobody is to play, so there is no information state to give
    chance = pyspiel.load_game(REDUCED).new_initial_state()
    assert chance.is_chance_node()
    with pytest.raises(RuntimeError):
        chance.information_state_string()
    with pytest.raises(RuntimeError):
        chance.information_state_tensor()
    # as OpenSpiel's test_observations_raises_error_on_invalid_player
    state = dealt(pyspiel.load_game(REDUCED), DEALS[0])
    for seat in (-1, 2):
        with pytest.raises(pyspiel.SpielError, match="player"):
            state.information_state_tensor(seat)
