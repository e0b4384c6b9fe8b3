"""OpenSpiel's conformance test on every registered game, and Qui'win's chance and secrets."""

from __future__ import annotations

import numpy as np
import pytest
from tests_research_support import need

import tablier

need("open_spiel")
pyspiel = need("pyspiel")

from tablier.core.records import replay  # noqa: E402
from tablier.research import openspiel_games  # noqa: E402
from tablier.research.openspiel_quiwin import hands  # noqa: E402

NAMES = list(openspiel_games.GAME_NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_with_serialisation(name: str) -> None:
    game = pyspiel.load_game(name)
    # Counterplays's 1.4 million actions make every mask heavy: one game is enough
    sims = 1 if name.endswith("counterplays") else 4
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_quiwin_turned_turn_based_passes_random_sim_test() -> None:
    game = pyspiel.convert_to_turn_based(pyspiel.load_game("python_tablier_quiwin"))
    pyspiel.random_sim_test(game, num_sims=4, serialize=False, verbose=False)


def test_names_carry_their_options_and_games_reload_from_their_serialisation() -> None:
    kwinty = pyspiel.load_game("python_tablier_kwinty")
    kwintie = pyspiel.load_game("python_tablier_kwintie")
    assert kwinty.tablier_game.options["variant"] == "kwinty"
    assert kwintie.tablier_game.options["variant"] == "kwintie"
    assert kwinty.num_distinct_actions() == 281 and kwintie.num_distinct_actions() == 145
    strict = pyspiel.load_game("python_tablier_kwintie(short_faces=strict)")
    assert strict.tablier_game.options == {
        "variant": "kwintie", "short_faces": "strict", "exhaustion": "lines4"
    }  # fmt: skip
    again = pyspiel.load_game(strict.serialize())
    assert again.tablier_game.options == strict.tablier_game.options
    chain = pyspiel.load_game("python_tablier_turris(bonus_chain=True)")
    assert chain.tablier_game.options["bonus_chain"] is True


def test_an_action_number_means_the_same_move_in_every_position() -> None:
    game = pyspiel.load_game("python_tablier_kwintie")
    rng = np.random.RandomState(1)
    meanings: dict[int, str] = {}
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            for action in state.legal_actions():
                text = state.action_to_string(player, action)
                assert meanings.setdefault(action, text) == text
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(meanings) > 50


def test_states_serialise_and_come_back_identical() -> None:
    game = pyspiel.load_game("python_tablier_quiwin")
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        text = pyspiel.serialize_game_and_state(game, state)
        _, back = pyspiel.deserialize_game_and_state(text)
        assert str(back) == str(state) and back.history() == state.history()
        _random_step(state, rng)


def _random_step(state, rng) -> None:
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    elif state.is_simultaneous_node():
        state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in (0, 1)])
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_quiwin_deals_draws_and_tosses_at_explicit_chance_nodes() -> None:
    game = pyspiel.load_game("python_tablier_quiwin")
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert game.max_chance_outcomes() == len(hands())
    rng = np.random.RandomState(0)
    kinds: set[str] = set()
    for _ in range(150):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
                kinds.add(
                    state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0]).split()[0]
                )
            _random_step(state, rng)
        # the engine's record of the game replays to the same end
        record = state.inner.record()
        assert replay(record).returns() == state.inner.returns()
        assert replay(record).observation(None) == state.inner.observation(None)
    assert kinds == {"deal", "draw", "coin"}


def test_quiwin_hand_probabilities_are_those_of_a_shuffle() -> None:
    game = pyspiel.load_game("python_tablier_quiwin")
    state = game.new_initial_state()
    outcomes = dict(state.chance_outcomes())
    all_green = hands().index((5, 0, 0, 0, 3, 0, 0, 0))  # V22×5 and J23×3
    from math import comb

    assert outcomes[all_green] == pytest.approx(comb(5, 5) * comb(6, 3) / comb(30, 8))


def test_quiwin_information_states_hide_the_opponents_hand() -> None:
    game = pyspiel.load_game("python_tablier_quiwin")
    mine = hands().index((2, 0, 1, 0, 1, 2, 1, 1))
    theirs_a = hands().index((1, 1, 0, 0, 2, 2, 1, 1))
    theirs_b = hands().index((1, 0, 0, 0, 3, 2, 1, 1))
    strings = []
    for theirs in (theirs_a, theirs_b):
        state = game.new_initial_state()
        state.apply_action(mine)
        state.apply_action(theirs)
        assert state.is_simultaneous_node()
        strings.append((state.information_state_string(0), state.information_state_string(1)))
        assert state.observation_tensor(0) == game.new_initial_state().child(mine).child(
            theirs_a
        ).observation_tensor(0)
    assert strings[0][0] == strings[1][0]
    assert strings[0][1] != strings[1][1]


def test_openspiel_mcts_plays_kwinty_through_the_registered_game() -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_tablier_kwintie")
    bot = mcts.MCTSBot(
        game, 2.0, 20, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        random_state=np.random.RandomState(0),
    )  # fmt: skip
    state = game.new_initial_state()
    for _ in range(4):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    replayed = tablier.load("kwinty", variant="kwintie").new_state(seed=0)
    for player, move in state.inner.history:
        replayed.apply(player, move)
    assert replayed.observation(0) == state.inner.observation(0)


@pytest.mark.parametrize("name", [n for n in NAMES if not n.endswith("counterplays")])
def test_openspiels_rl_environment_runs_every_game(name: str) -> None:
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(name)
    rng = np.random.RandomState(0)
    simultaneous = env.is_turn_based is False
    for _ in range(3):
        step = env.reset()
        while not step.last():
            legal = step.observations["legal_actions"]
            if simultaneous:
                actions = [int(rng.choice(legal[p])) for p in (0, 1)]
            else:
                actions = [int(rng.choice(legal[step.observations["current_player"]]))]
            step = env.step(actions)
        assert sorted(step.rewards) == [-1.0, 1.0] or step.rewards == [0.0, 0.0]
        size = env.observation_spec()["info_state"][0]
        assert len(step.observations["info_state"][0]) == size > 0
