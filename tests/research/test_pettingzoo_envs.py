"""PettingZoo's own conformance tests on every environment, and games played through them."""

from __future__ import annotations

import numpy as np
import pytest
from tests_research_support import need

need("pettingzoo")
need("gymnasium")

from looping_games import Guessing, Ticking  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402
from pettingzoo.utils.conversions import aec_to_parallel_wrapper  # noqa: E402

from tablier.core.registry import game_module  # noqa: E402
from tablier.research.pettingzoo_env import (  # noqa: E402
    TablierAECEnv,
    TablierParallelEnv,
    aec_env,
    env_names,
    parallel_env,
)

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


@pytest.mark.parametrize("name", NAMES)
def test_parallel_environment_passes_pettingzoo_parallel_tests(name: str) -> None:
    game_id, options = env_names()[name]
    # Counterplays's 1.4 million actions make every step heavy: fewer cycles
    cycles = 30 if name == "counterplays" else 200
    parallel_api_test(parallel_env(game_id, **options), num_cycles=cycles)
    parallel_seed_test(lambda: parallel_env(game_id, **options), num_cycles=cycles)


def declared(name: str) -> bool:
    return bool(make(name).metadata["is_parallelizable"])


def test_only_the_games_played_in_rounds_claim_the_parallel_conversion() -> None:
    # the flag follows the game's declaration, not the environment's wishes
    for name in NAMES:
        assert declared(name) == make(name).game.simultaneous_moves
    # tablier's own games (one installed beside them is checked by the loop only)
    own = [name for name in NAMES if game_module(env_names()[name][0]).startswith("tablier.")]
    claims = {name: declared(name) for name in own}
    assert claims == {
        "kwinty": False, "kwintie": False, "turris": False, "counterplays": False, "quiwin": True
    }  # fmt: skip


@pytest.mark.parametrize("name", [n for n in NAMES if not declared(n)])
def test_an_environment_that_does_not_claim_it_is_refused_by_the_conversion(name: str) -> None:
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel_wrapper(make(name))


def play_converted(env, seed: int) -> tuple[int, dict]:
    """Masked random play through the converted environment; (steps, last infos)."""
    observations, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while env.agents:
        actions = {
            agent: int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
            for agent in env.agents
        }
        observations, _, _, _, infos = env.step(actions)
        assert not any("illegal_action" in info for info in infos.values())
        steps += 1
    return steps, infos


@pytest.mark.parametrize("name", [n for n in NAMES if declared(n)])
def test_every_environment_that_claims_it_converts_to_the_parallel_api(name: str) -> None:
    for _ in range(3):
        parallel_api_test(aec_to_parallel_wrapper(make(name)), num_cycles=300)
    # the games played through the conversion are whole, legal games
    for seed in range(30):
        env = aec_to_parallel_wrapper(make(name))
        play_converted(env, seed)
        assert env.unwrapped.state.is_terminal()


def test_quiwin_aec_rounds_offer_the_idle_action_to_a_seat_not_asked() -> None:
    env = make("quiwin")
    idle = env.research.actions.encode("pass")
    met = ended_mid_round = 0
    rng = np.random.default_rng(0)
    for seed in range(200):
        env.reset(seed=seed)
        for agent in env.agent_iter(max_iter=2000):
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            seat = int(agent[-1])
            numbers = np.flatnonzero(observation["action_mask"]).tolist()
            asked = seat in env._round and seat in env.state.current_players()
            if not asked:
                assert numbers == [idle]
                met += 1
                # the game may end before the round does: the round is played out
                ended_mid_round += env.state.is_terminal()
            else:
                assert idle not in numbers or "pass" in map(str, env.state.legal_moves(seat))
            before = len(env.state.history)
            env.step(int(rng.choice(numbers)))
            # the idle action never reaches the engine
            assert len(env.state.history) == before + (1 if asked else 0)
        assert env.state.is_terminal()
    assert met > 0 and ended_mid_round > 0


def test_a_looping_turn_based_game_is_truncated_at_its_length() -> None:
    env = TablierAECEnv(Ticking(), render_mode="ansi")
    api_test(env, num_cycles=50)
    env.reset(seed=1)
    for _agent in env.agent_iter(max_iter=100):
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0
            assert info["truncated_at"] == 9
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.agents == [] and len(env.state.history) == 9
    assert env.metadata["is_parallelizable"] is False


def test_a_looping_parallel_game_is_truncated_and_converts() -> None:
    env = TablierAECEnv(Guessing())
    assert env.metadata["is_parallelizable"] is True
    api_test(env, num_cycles=50)
    converted = aec_to_parallel_wrapper(TablierAECEnv(Guessing()))
    parallel_api_test(converted, num_cycles=50)
    steps, infos = play_converted(converted, seed=3)
    # rounds of 2, 2 and 1 moves: the round reaching 11 moves ends at 12
    assert len(converted.unwrapped.state.history) == 12 and steps == 7
    assert all(info["truncated_at"] == 12 for info in infos.values())


def test_the_native_parallel_environment_truncates_too() -> None:
    env = TablierParallelEnv(Guessing())
    parallel_api_test(env, num_cycles=50)
    observations, _ = env.reset(seed=0)
    rounds = 0
    while env.agents:
        actions = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in env.agents
                   if observations[a]["action_mask"].any()}  # fmt: skip
        observations, rewards, terminations, truncations, _ = env.step(actions)
        rounds += 1
    assert all(truncations.values()) and not any(terminations.values())
    assert set(rewards.values()) == {0.0} and len(env.state.history) == 12 and rounds == 7


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
    # every engine move was a step (in rounds, idle actions are steps too)
    assert env.state.is_terminal() and steps >= len(env.state.history) > 0
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


@pytest.mark.parametrize("name", NAMES)
def test_real_games_end_before_their_declared_length(name: str) -> None:
    """Truncation is for games that loop: masked random games of the real games all
    end by their rules, within the length the game declares."""
    env = make(name)
    length = env.game.max_game_length()
    assert length is not None
    for seed in range(2 if name == "counterplays" else 20):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                assert terminated and not truncated
                env.step(None)
                continue
            env.step(env.action_space(agent).sample(observation["action_mask"]))
        assert env.state.is_terminal() and len(env.state.history) <= length
