"""PettingZoo's own conformance tests on every environment, and games played through them."""

from __future__ import annotations

import numpy as np
import pytest
from tests_research_support import need

need("pettingzoo")
need("gymnasium")

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402

from tablier.research.pettingzoo_env import aec_env, env_names, parallel_env  # noqa: E402

NAMES = list(env_names())
# observations are {"observation", "action_mask"} dicts, as in PettingZoo's classic games
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably", "ignore:Observation is not a NumPy"
)


def make(name: str, **kwargs):
    game_id, options = env_names()[name]
    return aec_env(game_id, **kwargs, **options)


@pytest.mark.parametrize("name", NAMES)
def test_aec_environment_passes_pettingzoo_api_and_seed_tests(name: str) -> None:
    api_test(make(name, render_mode="ansi"), num_cycles=100)
    seed_test(lambda: make(name), num_cycles=50)


def test_quiwin_parallel_environment_passes_pettingzoo_parallel_tests() -> None:
    parallel_api_test(parallel_env("quiwin"), num_cycles=200)
    parallel_seed_test(lambda: parallel_env("quiwin"))


@pytest.mark.parametrize("name", NAMES)
def test_masked_random_play_ends_with_the_engines_returns(name: str) -> None:
    env = make(name, render_mode="ansi")
    env.reset(seed=11)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert reward == env.state.returns()[int(agent[-1])]
            assert "illegal_action" not in info
            env.step(None)
            continue
        assert observation["action_mask"].any()
        env.step(env.action_space(agent).sample(observation["action_mask"]))
        steps += 1
    assert env.state.is_terminal() and steps >= 10
    assert isinstance(env.render(), str)


def test_an_action_outside_the_mask_loses_the_game() -> None:
    env = make("kwinty")
    env.reset(seed=0)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.terminations[agent] and env.rewards[agent] == -1.0
    assert env.infos[agent]["illegal_action"]


def test_same_seed_same_game_other_seed_other_deal() -> None:
    def first_hand(seed: int) -> bytes:
        env = parallel_env("quiwin")
        observations, _ = env.reset(seed=seed)
        return observations["player_0"]["observation"].tobytes()

    assert first_hand(4) == first_hand(4)
    assert len({first_hand(s) for s in range(6)}) > 1


def test_quiwin_parallel_step_plays_both_seats_at_once() -> None:
    env = parallel_env("quiwin")
    observations, _ = env.reset(seed=2)
    actions = {
        agent: int(np.flatnonzero(observations[agent]["action_mask"])[0]) for agent in env.agents
    }
    env.step(actions)
    rows = env.state.observation(None)["rows"]
    assert len(rows[0]) == len(rows[1]) == 1
