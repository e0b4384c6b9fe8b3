"""PettingZoo environments for every game with a research interface.

`aec_env("kwinty", variant="kwintie")` is an AEC environment: agents `player_0` and
`player_1` act one at a time. In Qui'win's simultaneous steps the engine awaits both
seats; the AEC environment asks them one after the other, and the second never sees
the first's choice (the engine keeps it hidden until both are in).
`parallel_env("quiwin")` is a Parallel environment: every awaited seat acts in the
same `step`. Actions of seats not awaited (their mask is all zeros) are ignored.

Observations are `{"observation": tensor, "action_mask": mask}` (see `interface.py`).
An action outside the mask loses the game for its player (reward -1, the other +1,
`infos[agent]["illegal_action"]` set), as PettingZoo's classic games do; masked
sampling never meets it. Rewards are the game's returns, given when it ends.
`reset(seed=s)` makes everything that follows reproducible (the game's own chance
is drawn from its seed); `render_mode="ansi"` renders the position as text.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from tablier.core.game import Game
from tablier.core.registry import load
from tablier.core.state import State
from tablier.research.interface import interface, legal_actions

AGENTS = ("player_0", "player_1")


class _Shared:
    """What both kinds of environment share: the game, its spaces and observations."""

    def _setup(self, game: Game, render_mode: str | None, lang: str) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = game
        self.research = interface(game)
        self.render_mode = render_mode
        self.lang = lang
        self.possible_agents = list(AGENTS)
        size = self.research.actions.size
        # one space object per agent, kept: PettingZoo wants the same object every time
        self._spaces = {
            agent: (
                spaces.Dict(
                    {
                        "observation": spaces.Box(
                            0.0, 1.0, (self.research.tensors.size,), np.float32
                        ),
                        "action_mask": spaces.Box(0, 1, (size,), np.int8),
                    }
                ),
                spaces.Discrete(size),
            )
            for agent in AGENTS
        }
        self._seeds = np.random.default_rng()
        self.state: State = game.new_state(seed=0)
        self._legal_key: tuple[int, int, int] | None = None
        self._legal_numbers: list[int] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[agent][0]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[agent][1]

    def _new_game(self, seed: int | None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            for i, agent in enumerate(AGENTS):
                self._spaces[agent][1].seed(seed + i)
        self.state = self.game.new_state(seed=int(self._seeds.integers(2**62)))
        self._legal_key = None

    def _legal(self, seat: int) -> list[int]:
        # observing and then playing asks twice for the same position's actions
        key = (id(self.state), len(self.state.history), seat)
        if self._legal_key != key:
            self._legal_key = key
            self._legal_numbers = legal_actions(self.state, seat)
        return self._legal_numbers

    def _observe(self, seat: int) -> dict[str, np.ndarray]:
        mask = np.zeros(self.research.actions.size, np.int8)
        mask[self._legal(seat)] = 1
        return {
            "observation": self.research.tensors.encode(self.state.observation(seat), seat),
            "action_mask": mask,
        }

    def _play(self, seat: int, action: Any) -> bool:
        """Play `action` for `seat`; False (and nothing played) when it is not legal."""
        number = int(action)
        if number not in self._legal(seat):
            return False
        self.state.apply(seat, self.research.actions.decode(number))
        return True

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.state.render_text(None, self.lang)

    def close(self) -> None:
        pass


class TablierAECEnv(_Shared, AECEnv):
    """A tablier game as a PettingZoo AEC environment (see the module's text)."""

    # per instance: PettingZoo reads the environment's name there
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": True}  # noqa: RUF012

    def __init__(self, game: Game, render_mode: str | None = None, lang: str = "en") -> None:
        super().__init__()
        self._setup(game, render_mode, lang)
        self.metadata = {**self.metadata, "name": f"tablier_{game.id}_v0"}
        self.agents: list[str] = []

    def __str__(self) -> str:
        return self.metadata["name"]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._new_game(seed)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = AGENTS[self.state.current_players()[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observe(AGENTS.index(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = AGENTS.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if not self._play(seat, action):
            self._end([1.0 if s != seat else -1.0 for s in (0, 1)])
            self.infos[agent]["illegal_action"] = True
        elif self.state.is_terminal():
            self._end(self.state.returns())
        else:
            self.agent_selection = AGENTS[self.state.current_players()[0]]
        self._accumulate_rewards()

    def _end(self, returns: list[float]) -> None:
        for seat, agent in enumerate(AGENTS):
            self.rewards[agent] = float(returns[seat])
            self.terminations[agent] = True
        self.agent_selection = AGENTS[0]


class TablierParallelEnv(_Shared, ParallelEnv):
    """A tablier game as a PettingZoo Parallel environment (see the module's text)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(self, game: Game, render_mode: str | None = None, lang: str = "en") -> None:
        self._setup(game, render_mode, lang)
        self.metadata = {**self.metadata, "name": f"tablier_{game.id}_parallel_v0"}
        self.agents: list[str] = []

    def __str__(self) -> str:
        return self.metadata["name"]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self._new_game(seed)
        self.agents = list(AGENTS)
        return {a: self._observe(s) for s, a in enumerate(AGENTS)}, {a: {} for a in AGENTS}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        returns: list[float] | None = None
        for seat in self.state.current_players():
            agent = AGENTS[seat]
            if agent not in actions or not self._play(seat, actions[agent]):
                returns = [1.0 if s != seat else -1.0 for s in (0, 1)]
                infos[agent]["illegal_action"] = True
                break
        if returns is None and self.state.is_terminal():
            returns = self.state.returns()
        done = returns is not None
        if returns is not None:
            rewards = {agent: float(returns[s]) for s, agent in enumerate(AGENTS)}
        observations = {a: self._observe(s) for s, a in enumerate(AGENTS)}
        terminations = dict.fromkeys(self.agents, done)
        truncations = dict.fromkeys(self.agents, False)
        if done:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def aec_env(game_id: str, render_mode: str | None = None, **options: Any) -> TablierAECEnv:
    """The AEC environment of `game_id` with its `options`."""
    return TablierAECEnv(load(game_id, **options), render_mode=render_mode)


def parallel_env(
    game_id: str, render_mode: str | None = None, **options: Any
) -> TablierParallelEnv:
    """The Parallel environment of `game_id` (meant for Qui'win's simultaneous steps)."""
    return TablierParallelEnv(load(game_id, **options), render_mode=render_mode)


@functools.cache
def env_names() -> dict[str, tuple[str, dict[str, Any]]]:
    """Environment names -> (game id, options): both Kwinty variants are offered."""
    return {
        "kwinty": ("kwinty", {"variant": "kwinty"}),
        "kwintie": ("kwinty", {"variant": "kwintie"}),
        "turris": ("turris", {}),
        "counterplays": ("counterplays", {}),
        "quiwin": ("quiwin", {}),
    }
