"""OpenSpiel's own API conformance tests (open_spiel/integration_tests/api_test.py, the
partial-tree suite OpenSpiel runs over its games) and `random_sim_test` with
serialisation, over every registered tablier game and its variants."""

from __future__ import annotations

import io
import random
import unittest

import pytest
from tests_research_support import need

need("open_spiel")
pyspiel = need("pyspiel")

from absl import flags  # noqa: E402
from open_spiel.integration_tests import api_test  # noqa: E402
from open_spiel.python.algorithms import sample_some_states  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from tablier.research import openspiel_games  # noqa: E402

VARIANTS = [
    "python_tablier_kwinty(short_faces=strict)",
    "python_tablier_turris(bonus_chain=True)",
    "python_tablier_counterplays(goal=lowest)",
    "python_tablier_quiwin(open_lengths=True)",
    "python_tablier_quiwin(reduced=True)",
]
NAMES = [*openspiel_games.GAME_NAMES, *VARIANTS]


def sequential(name: str):
    """The game as OpenSpiel's partial-tree suite samples it: its sampler only walks
    sequential games, so Qui'win is taken in OpenSpiel's turn-based form."""
    game = pyspiel.load_game(name)
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        return pyspiel.convert_to_turn_based(game)
    return game


@pytest.mark.parametrize("name", NAMES)
def test_openspiels_partial_tree_api_suite_passes(name: str) -> None:
    flags.FLAGS.mark_as_parsed()  # the suite's module defines absl flags
    random.seed(0)  # the sampler draws from `random`
    game = sequential(name)
    case = type(
        "EnforceAPIOnPartialTree", (api_test.EnforceAPIOnPartialTreeBase,),
        {"game_name": name, "game": game},
    )  # fmt: skip
    out = io.StringIO()
    result = unittest.TextTestRunner(stream=out).run(
        unittest.defaultTestLoader.loadTestsFromTestCase(case)
    )
    assert result.testsRun == 5 and result.wasSuccessful(), out.getvalue()
    # the suite looked at a real sample, not only the first position
    assert len(sample_some_states.sample_some_states(game, max_states=50)) == 50


@pytest.mark.parametrize("name", VARIANTS)
def test_random_sim_test_with_serialisation_on_the_variants(name: str) -> None:
    sims = 1 if "counterplays" in name else 3
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=sims, serialize=True, verbose=False)


def test_public_and_private_views_split_what_a_seat_sees() -> None:
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    private = pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
    )  # fmt: skip
    quiwin = pyspiel.load_game("python_tablier_quiwin")
    state = quiwin.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    hand = state.inner.observation(0)["hand"]
    mine = make_observation(quiwin, private).string_from(state, 0)
    seen = make_observation(quiwin, public).string_from(state, 0)
    assert '"hand":' in mine and str(hand[0]) in mine and '"hand":null' in seen
    assert make_observation(quiwin, public).string_from(state, 1) == seen
    kwinty = pyspiel.load_game("python_tablier_kwinty")
    assert make_observation(kwinty, private).string_from(kwinty.new_initial_state(), 0) == ""
