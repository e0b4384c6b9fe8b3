"""Research interfaces: environment speed through PettingZoo, and CFR on reduced Qui'win.

    python benchmarks/research_envs.py                   # steps per second, 5 s per game
    python benchmarks/research_envs.py --seconds 20
    python benchmarks/research_envs.py --cfr             # CFR on reduced Qui'win too

Steps per second: random actions drawn from the action mask (so always legal), every
observation (tensor and mask) built for the agent that acts, through the AEC
environment of every game and the Parallel environment of Qui'win. With `--cfr`
(needs OpenSpiel): CFR on `python_tablier_quiwin(reduced=True)` until its
exploitability is at most 0.01, then the exploitability of each of the project's
Qui'win players as a policy of that game.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from tablier.research.pettingzoo_env import aec_env, env_names, parallel_env


def aec_rate(name: str, seconds: float, seed: int = 0) -> dict[str, float]:
    game_id, options = env_names()[name]
    env = aec_env(game_id, **options)
    rng = np.random.default_rng(seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=int(rng.integers(2**31)))
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))
            steps += 1
        games += 1
    spent = time.perf_counter() - start
    return {"steps_per_s": steps / spent, "games_per_s": games / spent}


def parallel_rate(seconds: float, seed: int = 0) -> dict[str, float]:
    env = parallel_env("quiwin")
    rng = np.random.default_rng(seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        observations, _ = env.reset(seed=int(rng.integers(2**31)))
        while env.agents:
            actions = {}
            for agent in env.agents:
                legal = np.flatnonzero(observations[agent]["action_mask"])
                if len(legal):
                    actions[agent] = int(rng.choice(legal))
            observations, *_ = env.step(actions)
            steps += 1
        games += 1
    spent = time.perf_counter() - start
    return {"steps_per_s": steps / spent, "games_per_s": games / spent}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--cfr", action="store_true", help="run CFR on reduced Qui'win")
    parser.add_argument("--cfr-target", type=float, default=0.01)
    args = parser.parse_args(argv)
    print("PettingZoo, random masked actions (AEC: one agent per step)")
    for name in env_names():
        rates = aec_rate(name, args.seconds)
        print(
            f"  {name:13} {rates['steps_per_s']:9.0f} steps/s {rates['games_per_s']:8.1f} games/s"
        )
    rates = parallel_rate(args.seconds)
    print(
        f"  {'quiwin (par.)':13} {rates['steps_per_s']:9.0f} steps/s "
        f"{rates['games_per_s']:8.1f} games/s"
    )
    if args.cfr:
        from tablier.research.quiwin_cfr import report

        report(target=args.cfr_target, out=print)


if __name__ == "__main__":
    main()


__all__: list[Any] = ["aec_rate", "main", "parallel_rate"]
