"""PettingZoo environments for every two-player game with a research interface.

`aec_env("kwinty", variant="kwintie")` is an AEC environment: agents `player_0` and
`player_1` act one at a time. A turn-based game asks the seat to move, as PettingZoo's
classic games do. A game whose seats choose together without seeing each other
(`Game.simultaneous_moves`, Qui'win) is played in *rounds*: every round asks
`player_0` then `player_1`; a seat the engine awaited when the round began plays a
move, the other plays the idle action (the table's `pass`, the only one in its mask,
which the environment does not send to the engine), and the second never sees the
first's choice (the engine keeps it hidden until both are in). A seat the engine
starts awaiting during a round (Qui'win's answer to a transfer) acts in the next one.

`parallel_env("quiwin")` is a Parallel environment: every awaited seat acts in the
same `step`. Actions of seats not awaited (their mask is all zeros) are ignored.

**Parallel conversion.** `metadata["is_parallelizable"]` is True only for the
round-played games: there each cycle of the AEC environment changes the game once,
with choices made on what the seats saw at its start, which is what PettingZoo's
`aec_to_parallel` assumes. A turn-based game is not: the second seat must see the
first's move before choosing, so it says False and the conversion refuses it.

**Truncation.** A game stops at `Game.max_game_length()` moves (the engine's history;
in rounds, at the end of the round that reaches it): `truncations` is True for every
agent, `terminations` False, rewards 0, and `infos[agent]["truncated_at"]` the length.

Observations are `{"observation": tensor, "action_mask": mask}` (see `interface.py`),
and `infos[agent]["legal_actions"]` lists the mask's nonzero entries for the agent to
act, so that an agent need not scan a large mask. `actions` picks the numbering: a
game's first declared encoding by default (Counterplays's `window`), `"table"` its
fixed table. Moves a partial numbering leaves out are counted in
`infos[agent]["unnumbered_moves"]`; when an awaited seat has legal moves but none with
a number, the game is truncated (`infos[agent]["beyond_table"]`).

**Speed**: see docs/research.md. An action outside the mask loses the game for its
player (reward -1, the other +1, `infos[agent]["illegal_action"]` set), as
PettingZoo's classic games do; masked sampling never meets it. Rewards are the game's
returns, given when it ends. `reset(seed=s)` makes everything that follows
reproducible (the game's own chance is drawn from its seed); `render_mode="ansi"`
renders the position as text.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from tablier.core.actions import MoveTable
from tablier.core.game import Game
from tablier.core.move import Move
from tablier.core.registry import load
from tablier.core.state import State
from tablier.research.interface import (
    TABLE,
    TensorFollower,
    encodings,
    interface,
    offered_names,
)

AGENTS = ("player_0", "player_1")
SEATS = {agent: seat for seat, agent in enumerate(AGENTS)}
IDLE_MOVE = "pass"
# up to this many actions, a mask is built as bytes; beyond, by numpy (measured)
SMALL_MASK = 4096


def plays_in_rounds(game: Game) -> bool:
    """Whether the AEC environment of `game` plays it in rounds (see the module's text):
    declared by the game (`simultaneous_moves`), and its table must number `pass`."""
    return bool(game.simultaneous_moves)


class _Shared:
    """What both kinds of environment share: the game, its spaces and observations."""

    def _setup(self, game: Game, render_mode: str | None, lang: str, actions: str | None) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = game
        self.research = interface(game)
        offered = encodings(self.research)
        self.encoding = next(iter(offered)) if actions is None else actions
        if self.encoding not in offered:
            raise ValueError(f"{game.id} numbers its actions as {sorted(offered)}, not {actions!r}")
        self.table = offered[self.encoding]
        # a table that is not the fixed one may leave rare moves unnumbered (see encodings)
        self._partial = self.encoding != TABLE
        # a full MoveTable numbers a move by a look-up in its dictionary, without a call
        table = self.table
        self._index = table.index if isinstance(table, MoveTable) and not self._partial else None
        self.render_mode = render_mode
        self.lang = lang
        self.max_length = game.max_game_length()
        self.possible_agents = list(AGENTS)
        size = self.table.size
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
        # a game with nothing hidden may follow its tensors move by move from the state
        follower = getattr(self.research.tensors, "follower", None)
        hidden = getattr(game, "hidden_information", True)
        self._follower: TensorFollower | None = (
            follower() if follower is not None and not hidden else None
        )
        self._seeds = np.random.default_rng()
        self.state: State = game.new_state(seed=0)
        # the legal moves of one seat in one position, numbered: the seat and the
        # history's length they were listed at (-1: none), their numbers ascending and
        # the engine's move objects in the same order
        self._legal_seat = -1
        self._legal_length = 0
        self._legal_numbers: list[int] = []
        self._legal_moves: list[Move] = []
        self._unnumbered = 0
        # a small mask is a copy of these bytes, with the legal numbers set
        self._zeros = bytes(size) if size <= SMALL_MASK else None

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
        self._legal_seat = -1  # a new game: no list from the last one is good any more

    def _reached_cap(self) -> bool:
        return self.max_length is not None and len(self.state.history) >= self.max_length

    def _numbers(self, seat: int) -> list[int]:
        """`seat`'s legal action numbers now, ascending (`_legal_moves` holds the moves
        in the same order)."""
        # observing and then playing asks twice for the same position's actions: the
        # list is kept until this environment plays a move or starts a game, or the
        # history grows (a move played on `state` from outside)
        state = self.state
        if seat == self._legal_seat and len(state.history) == self._legal_length:
            return self._legal_numbers
        moves = state.legal_moves(seat)
        index = self._index
        if index is not None:
            numbers = list(map(index.__getitem__, moves))
        else:
            listed = len(moves)
            numbers, moves = self._number(moves)
            self._unnumbered = listed - len(moves)
        ordered = sorted(numbers)
        if ordered != numbers:  # most games list their moves in their numbers' order
            by_number = dict(zip(numbers, moves, strict=True))
            moves = [by_number[number] for number in ordered]
        self._legal_seat, self._legal_length = seat, len(state.history)
        self._legal_numbers, self._legal_moves = ordered, moves
        return ordered

    def _number(self, moves: list[Move]) -> tuple[list[int], list[Move]]:
        """The numbers of `moves` and the moves they number, in the same order; a partial
        table leaves some out (its `number_moves` says which, else `encode` refuses)."""
        number_moves = getattr(self.table, "number_moves", None)
        if number_moves is not None:
            found: tuple[list[int], list[Move]] = number_moves(moves)
            return found
        if not self._partial:
            return list(map(self.table.encode, moves)), moves
        numbers: list[int] = []
        kept: list[Move] = []
        for move in moves:
            try:
                numbers.append(self.table.encode(move))
            except ValueError:
                continue
            kept.append(move)
        return numbers, kept

    def _observe(self, seat: int, numbers: list[int]) -> dict[str, np.ndarray]:
        """`seat`'s observation, `numbers` in its mask."""
        follower = self._follower
        if follower is not None:
            tensor = follower.tensor(self.state, seat)
        else:
            tensor = self.research.tensors.encode(self.state.observation(seat), seat)
        if self._zeros is None:  # a large mask: zeroed by the allocator, set by numpy
            mask = np.zeros(self.table.size, np.int8)
            mask[np.fromiter(numbers, np.intp, len(numbers))] = 1
            return {"observation": tensor, "action_mask": mask}
        # a small one: copied and filled as bytes, faster than numpy's fancy indexing
        small = bytearray(self._zeros)
        for number in numbers:
            small[number] = 1
        return {"observation": tensor, "action_mask": np.frombuffer(small, np.int8)}

    def _play(self, seat: int, action: Any) -> bool:
        """Play `action` for `seat`; False (and nothing played) when it is not legal."""
        numbers = self._numbers(seat)
        action = int(action)
        i = bisect_left(numbers, action)
        if i == len(numbers) or numbers[i] != action:
            return False
        # the move object comes from this very position's legal moves
        self.state.apply_legal(seat, self._legal_moves[i])
        self._legal_seat = -1
        return True

    def _stuck(self) -> bool:
        """Whether every legal move of the awaited seats lies beyond a partial table."""
        return any(
            not self._numbers(seat) and self._unnumbered for seat in self.state.current_players()
        )

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.state.render_text(None, self.lang)

    def close(self) -> None:
        pass


class TablierAECEnv(_Shared, AECEnv):
    """A tablier game as a PettingZoo AEC environment (see the module's text)."""

    # per instance: PettingZoo reads the environment's name and parallel flag there
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        lang: str = "en",
        actions: str | None = None,
    ) -> None:
        super().__init__()
        self._setup(game, render_mode, lang, actions)
        self.rounds = plays_in_rounds(game)
        self.idle = self.table.encode(IDLE_MOVE) if self.rounds else -1
        self.metadata = {
            **self.metadata,
            "name": env_name(game, self.encoding),
            "is_parallelizable": self.rounds,
        }
        self.agents: list[str] = []
        self._round: list[int] = []
        self._told: str | None = None  # the agent whose infos list its legal actions
        self._live = False

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
        self._told = None
        self._live = True
        self._next_turn()
        self._announce()

    def _next_turn(self) -> None:
        awaited = self.state.current_players()
        if self.rounds:
            self._round = list(awaited)
            self.agent_selection = AGENTS[0]
        else:
            self.agent_selection = AGENTS[awaited[0]]

    def _moves_now(self, seat: int) -> bool:
        """Whether `seat` plays a real move at this turn (else, in a round, it idles)."""
        if not self.rounds:
            return True
        return seat in self._round and seat in self.state.current_players()

    def _offered(self, seat: int) -> list[int]:
        # in a round, a seat that does not move this round is offered the idle action
        # (what the parallel conversion hands out at the round's start, for every seat)
        # (the game may end before the round does: the round is played out all the same)
        if self.rounds and self._live and not self._moves_now(seat):
            return [self.idle]
        return self._numbers(seat)

    def _announce(self) -> None:
        """Tell the agent to act its legal action numbers (`infos[agent]["legal_actions"]`),
        so an agent need not scan a large mask; the others' lists are withdrawn."""
        told = self._told
        if told is not None:
            info = self.infos[told]
            del info["legal_actions"]
            if self._partial:
                info.pop("unnumbered_moves", None)
            self._told = None
        if not self._live:
            return
        agent = self._told = self.agent_selection
        info = self.infos[agent]
        seat = SEATS[agent]
        # a copy: the agent may change its list, the environment plays from its own
        info["legal_actions"] = (self._offered(seat) if self.rounds else self._numbers(seat))[:]
        if self._partial and self._unnumbered:
            info["unnumbered_moves"] = self._unnumbered

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = SEATS[agent]
        return self._observe(seat, self._offered(seat) if self.rounds else self._numbers(seat))

    def step(self, action: Any) -> None:
        if not self._live:  # every agent is terminated or truncated
            self._was_dead_step(action)
            return
        agent = self.agent_selection
        if self.rounds:
            self._round_step(agent, action)
            return
        # a turn-based game: the rewards stay 0 until the game ends (`_end` gives them),
        # so there is nothing to clear or add up before
        seat = SEATS[agent]
        state = self.state
        if seat == self._legal_seat and len(state.history) == self._legal_length:
            numbers = self._legal_numbers  # as observed
        else:
            numbers = self._numbers(seat)
        action = int(action)
        i = bisect_left(numbers, action)
        if i == len(numbers) or numbers[i] != action:
            self._lose(seat)
        else:
            # the move object comes from this very position's legal moves
            state.apply_legal(seat, self._legal_moves[i])
            self._legal_seat = -1
            if state.is_terminal():
                self._end(state.returns())
            elif self.max_length is not None and len(state.history) >= self.max_length:
                self._truncate()
            elif self._partial and self._stuck():
                self._truncate(beyond_table=True)
            else:
                self.agent_selection = AGENTS[state.current_players()[0]]
        self._announce()

    def _round_step(self, agent: str, action: Any) -> None:
        """One agent's step in a round (see the module's text)."""
        seat = SEATS[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        legal = self._play(seat, action) if self._moves_now(seat) else int(action) == self.idle
        if not legal:
            self._lose(seat)
        elif seat < len(AGENTS) - 1:
            self.agent_selection = AGENTS[seat + 1]  # the round goes on
        elif self.state.is_terminal():
            self._end(self.state.returns())
        elif self._reached_cap():
            self._truncate()
        elif self._partial and self._stuck():
            self._truncate(beyond_table=True)
        else:
            self._next_turn()
        self._announce()

    def _lose(self, seat: int) -> None:
        """`seat` chose an action outside its mask: the game is lost for it."""
        self._end([1.0 if s != seat else -1.0 for s in (0, 1)])
        self.infos[AGENTS[seat]]["illegal_action"] = True

    def _end(self, returns: list[float]) -> None:
        for seat, agent in enumerate(AGENTS):
            self.rewards[agent] = float(returns[seat])
            self.terminations[agent] = True
        self.agent_selection = AGENTS[0]
        self._live = False
        self._accumulate_rewards()

    def _truncate(self, beyond_table: bool = False) -> None:
        for agent in AGENTS:
            self.truncations[agent] = True
            self.infos[agent]["truncated_at"] = len(self.state.history)
            if beyond_table:
                self.infos[agent]["beyond_table"] = True
        self.agent_selection = AGENTS[0]
        self._live = False


class TablierParallelEnv(_Shared, ParallelEnv):
    """A tablier game as a PettingZoo Parallel environment (see the module's text)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        lang: str = "en",
        actions: str | None = None,
    ) -> None:
        self._setup(game, render_mode, lang, actions)
        self.metadata = {
            **self.metadata,
            "name": env_name(game, self.encoding).replace("_v0", "_parallel_v0"),
        }
        self.agents: list[str] = []

    def __str__(self) -> str:
        return self.metadata["name"]

    def _views(self, infos: dict[str, dict[str, Any]]) -> dict[str, dict[str, np.ndarray]]:
        """Every seat's observation, its legal numbers put in its infos too."""
        observations = {}
        for seat, agent in enumerate(AGENTS):
            numbers = list(self._numbers(seat))
            observations[agent] = self._observe(seat, numbers)
            infos.setdefault(agent, {})["legal_actions"] = numbers
            if self._partial and self._unnumbered:
                infos[agent]["unnumbered_moves"] = self._unnumbered
        return observations

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self._new_game(seed)
        self.agents = list(AGENTS)
        infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        return self._views(infos), infos

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
        truncated = returns is None and self._reached_cap()
        beyond = returns is None and not truncated and self._partial and self._stuck()
        truncated = truncated or beyond
        if returns is not None:
            rewards = {agent: float(returns[s]) for s, agent in enumerate(AGENTS)}
        if truncated:
            for agent in self.agents:
                infos[agent]["truncated_at"] = len(self.state.history)
                if beyond:
                    infos[agent]["beyond_table"] = True
        observations = self._views(infos)
        terminations = dict.fromkeys(self.agents, returns is not None)
        truncations = dict.fromkeys(self.agents, truncated)
        if returns is not None or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def env_name(game: Game, encoding: str) -> str:
    """PettingZoo's name of the environment: the game's, and a numbering not the fixed
    table's (`tablier_counterplays_window_v0`)."""
    return f"tablier_{game.id}_v0" if encoding == TABLE else f"tablier_{game.id}_{encoding}_v0"


def aec_env(
    game_id: str, render_mode: str | None = None, actions: str | None = None, **options: Any
) -> TablierAECEnv:
    """The AEC environment of `game_id` with its `options`; `actions` names the
    numbering (None: the game's first, "table": its fixed table; see `encodings`)."""
    return TablierAECEnv(load(game_id, **options), render_mode=render_mode, actions=actions)


def parallel_env(
    game_id: str, render_mode: str | None = None, actions: str | None = None, **options: Any
) -> TablierParallelEnv:
    """The Parallel environment of `game_id` (meant for Qui'win's simultaneous steps)."""
    return TablierParallelEnv(load(game_id, **options), render_mode=render_mode, actions=actions)


def env_names() -> dict[str, tuple[str, dict[str, Any]]]:
    """Environment names -> (game id, options fixed): a game's id, or the names of the
    variants it declares (`Game.research_variants`: both Kwinty variants)."""
    return offered_names()
