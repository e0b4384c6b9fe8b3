"""Research interfaces: environment speed through PettingZoo beside the engine's, and CFR
on reduced Qui'win.

    python benchmarks/research_envs.py                   # 5 s per game and measurement
    python benchmarks/research_envs.py --seconds 10 --runs 3
    python benchmarks/research_envs.py --name kwinty --name turris
    python benchmarks/research_envs.py --scan-mask       # agents scan the mask instead
    python benchmarks/research_envs.py --actions table   # Counterplays's fixed table
    python benchmarks/research_envs.py --cfr             # CFR on reduced Qui'win too

Per environment name, in the same run, in alternating half-second slices of CPU
time (this process's, so that waiting for a core on a shared machine counts for
neither), so that both meet the same load: the engine's random playouts through the contract
(`legal_moves` + `apply`, then `returns()` at the end; moves/s) and PettingZoo's AEC
environment played by random agents (steps/s: every observation, tensor and mask,
built for the agent that acts, as `env.last()` builds it, and the rewards at the
end), and their ratio; then the Parallel environment of Qui'win.
An agent draws among `infos[agent]["legal_actions"]` (the nonzero entries of the mask
as a list); with `--scan-mask` it scans the mask, as an agent that ignores the list
does. With `--runs` above 1, every run is printed and
then the median of each figure. With `--cfr` (needs OpenSpiel): CFR on
`python_tablier_quiwin(reduced=True)` until its exploitability is at most 0.01, then
the exploitability of each of the project's Qui'win players as a policy of that game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np

import tablier
from tablier.research.pettingzoo_env import aec_env, env_names, parallel_env

# this process's CPU time: on a shared machine, time spent waiting for a core is not
# counted against either loop (wall time swung two- to three-fold between slices)
CLOCK = time.process_time


class EngineLoop:
    """Random playouts of the game behind `name` through the contract, run in slices."""

    def __init__(self, name: str, seed: int = 0) -> None:
        game_id, options = env_names()[name]
        self.game = tablier.load(game_id, **options)
        self.rng = random.Random(seed)
        self.games = 0
        self.state = self.game.new_state(seed=0)

    def run(self, seconds: float) -> tuple[int, int]:
        """(moves, games finished) in about `seconds`."""
        rng, state = self.rng, self.state
        moves = games = 0
        end = CLOCK() + seconds
        while CLOCK() < end:
            while not state.is_terminal():
                player = rng.choice(state.current_players())
                state.apply(player, rng.choice(state.legal_moves(player)))
                moves += 1
            # a playout is played for its result, and the environment hands it out as
            # rewards: scoring it (Turris: five views) is part of both
            state.returns()
            games += 1
            self.games += 1
            state = self.state = self.game.new_state(seed=self.games)
        return moves, games


class AECLoop:
    """Random agents playing the AEC environment of `name`, run in slices."""

    def __init__(
        self, name: str, seed: int = 0, *, scan_mask: bool = False, actions: str | None = None
    ) -> None:
        game_id, options = env_names()[name]
        # (`actions` only when asked: the benchmark also runs against older trees)
        self.env = aec_env(game_id, **({"actions": actions} if actions else {}), **options)
        self.rng = random.Random(seed)
        self.scan_mask = scan_mask
        # seeded once, as a training loop does: seeding every game costs more than a game
        self.env.reset(seed=seed)

    def run(self, seconds: float) -> tuple[int, int]:
        """(steps, games finished) in about `seconds`."""
        env, rng = self.env, self.rng
        steps = games = 0
        end = CLOCK() + seconds
        while CLOCK() < end:
            for _agent in env.agent_iter():
                observation, _reward, terminated, truncated, info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                if self.scan_mask:
                    legal = np.flatnonzero(observation["action_mask"]).tolist()
                else:
                    legal = info["legal_actions"]
                env.step(rng.choice(legal))
                steps += 1
            games += 1
            env.reset()
        return steps, games


def side_by_side(
    name: str, seconds: float, *, scan_mask: bool = False, actions: str | None = None
) -> dict[str, float]:
    """The engine's moves/s and the environment's steps/s, measured in alternating
    slices of half a second so that both meet the same load on a shared machine."""
    engine = EngineLoop(name)
    env = AECLoop(name, scan_mask=scan_mask, actions=actions)
    engine.run(0.2)  # warm-up: caches, first-use imports
    env.run(0.2)
    totals = {"moves": 0.0, "engine_s": 0.0, "steps": 0.0, "games": 0.0, "env_s": 0.0}
    for _ in range(max(1, round(seconds / 0.5))):
        start = CLOCK()
        moves, _ = engine.run(0.5)
        middle = CLOCK()
        steps, games = env.run(0.5)
        end = CLOCK()
        totals["moves"] += moves
        totals["engine_s"] += middle - start
        totals["steps"] += steps
        totals["games"] += games
        totals["env_s"] += end - middle
    steps_per_s = totals["steps"] / totals["env_s"]
    engine_per_s = totals["moves"] / totals["engine_s"]
    return {
        "steps_per_s": steps_per_s,
        "games_per_s": totals["games"] / totals["env_s"],
        "engine_moves_per_s": engine_per_s,
        "ratio": steps_per_s / engine_per_s,
    }


def parallel_rate(seconds: float, seed: int = 0, *, scan_mask: bool = False) -> dict[str, float]:
    env = parallel_env("quiwin")
    rng = random.Random(seed)
    steps = games = 0
    start = CLOCK()
    observations, infos = env.reset(seed=seed)
    while CLOCK() - start < seconds:
        if games:
            observations, infos = env.reset()
        while env.agents:
            actions = {}
            for agent in env.agents:
                if scan_mask:
                    legal = np.flatnonzero(observations[agent]["action_mask"]).tolist()
                else:
                    legal = infos[agent]["legal_actions"]
                if legal:
                    actions[agent] = rng.choice(legal)
            observations, _, _, _, infos = env.step(actions)
            steps += 1
        games += 1
    spent = CLOCK() - start
    return {"steps_per_s": steps / spent, "games_per_s": games / spent}


def one_run(args: argparse.Namespace) -> dict[str, dict[str, float]]:
    figures: dict[str, dict[str, float]] = {}
    for name in args.name or env_names():
        figures[name] = side_by_side(
            name, args.seconds, scan_mask=args.scan_mask, actions=args.actions
        )
    if not args.name or "quiwin" in args.name:
        figures["quiwin (par.)"] = parallel_rate(args.seconds, scan_mask=args.scan_mask)
    return figures


def show(figures: dict[str, dict[str, float]]) -> None:
    for name, f in figures.items():
        line = f"  {name:13} {f['steps_per_s']:9,.0f} steps/s {f['games_per_s']:8,.1f} games/s"
        if "ratio" in f:
            # with several runs, the median of each run's ratio (not a ratio of medians)
            line += f"   engine {f['engine_moves_per_s']:9,.0f} moves/s"
            line += f"   env/engine {f['ratio']:.2f}"
        print(line, flush=True)


def median(runs: list[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    return {
        name: {key: statistics.median(run[name][key] for run in runs) for key in runs[0][name]}
        for name in runs[0]
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--name", action="append", choices=list(env_names()), help="only these")
    parser.add_argument("--scan-mask", action="store_true", help="agents scan the mask")
    parser.add_argument(
        "--actions", help="the numbering (default: each game's first; 'table': the fixed one)"
    )
    parser.add_argument("--cfr", action="store_true", help="run CFR on reduced Qui'win")
    parser.add_argument("--cfr-target", type=float, default=0.01)
    args = parser.parse_args(argv)
    how = "scanning the mask" if args.scan_mask else "drawing from infos['legal_actions']"
    print(f"PettingZoo AEC (one agent per step), random agents {how}; engine: random playouts")
    runs = []
    for run in range(args.runs):
        if args.runs > 1:
            print(f"run {run + 1}")
        runs.append(one_run(args))
        show(runs[-1])
    if args.runs > 1:
        print(f"median of {args.runs} runs")
        show(median(runs))
    if args.cfr:
        from tablier.research.quiwin_cfr import report

        report(target=args.cfr_target, out=print)


if __name__ == "__main__":
    main()


__all__: list[Any] = ["AECLoop", "EngineLoop", "main", "parallel_rate", "side_by_side"]
