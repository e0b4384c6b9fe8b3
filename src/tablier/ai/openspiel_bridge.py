"""The perfect-information two-player games as OpenSpiel games, and OpenSpiel's MCTS.

OpenSpiel (optional extra `research`: `pip install tablier[research]`) brings a library
of reference algorithms. This bridge wraps any game of the contract without hidden
information or chance as an OpenSpiel Python game, so
those algorithms run on it unchanged:

    game = openspiel_game(tablier.load(game_id))
    state = game.new_initial_state()

Actions: OpenSpiel wants integers. Action `i` of a state is the `i`-th of that state's
legal moves (in the engine's order), and `action_to_string` gives its notation. That is
what tree searches need (they only compare actions of one state); algorithms that
expect an action to mean the same thing in every state (tabular policies across
positions, networks over a fixed action space) are not served by this numbering.

`OpenSpielMCTSPlayer` is OpenSpiel's `MCTSBot` with a random-rollout evaluator, turned
into a tablier player: it decides from the seat's observation, and since the bot only
knows a number of simulations, it is given as many as fit in its time budget at the
speed measured on its previous moves.
"""

from __future__ import annotations

import math
import random
import secrets
import time
from typing import Any

from tablier.ai.spiel_held import Held
from tablier.core.game import Game
from tablier.core.heuristics import position_rng
from tablier.core.move import Move
from tablier.core.state import State

try:  # OpenSpiel is optional
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts as spiel_mcts
except ImportError:  # pragma: no cover - depends on the environment
    pyspiel = None

# an upper bound on the number of legal moves in any position of the bridged games
MAX_ACTIONS = 20_000
MAX_GAME_LENGTH = 200


def available() -> bool:
    """Whether OpenSpiel can be imported here."""
    return pyspiel is not None


def _require() -> None:
    if pyspiel is None:
        from tablier.ai.players import MissingExtra

        raise MissingExtra(
            "OpenSpiel is not installed: `pip install open-spiel` (the `research` extra)",
            extra="research",
        )


def _check_bridgeable(game: Game) -> None:
    if game.hidden_information:
        raise ValueError(
            f"{game.id} has hidden information: the OpenSpiel bridge only wraps "
            "perfect-information games"
        )
    if not game.min_players <= 2 <= game.max_players:
        raise ValueError(f"{game.id} is not a two-player game")


if pyspiel is not None:

    class TablierSpielState(pyspiel.State):
        """An OpenSpiel state holding a tablier state."""

        def __init__(self, spiel_game: TablierSpielGame, inner: State) -> None:
            super().__init__(spiel_game)
            self.held = Held(inner)

        @property
        def inner(self) -> State:
            return self.held.state

        def _legal(self) -> list[Move]:
            held = self.held
            if held.moves is None:
                awaited = held.state.current_players()
                held.moves = held.state.legal_moves(awaited[0]) if awaited else []
            return held.moves

        def current_player(self) -> int:
            awaited = self.inner.current_players()
            return int(pyspiel.PlayerId.TERMINAL) if not awaited else awaited[0]

        def _legal_actions(self, player: int) -> list[int]:
            return list(range(len(self._legal())))

        def _apply_action(self, action: int) -> None:
            move = self._legal()[action]
            self.inner.apply(self.inner.current_players()[0], move)
            self.held.moves = None

        def _action_to_string(self, player: int, action: int) -> str:
            return str(self._legal()[action])

        def is_terminal(self) -> bool:
            return self.inner.is_terminal()

        def returns(self) -> list[float]:
            return [float(r) for r in self.inner.returns()]

        def __deepcopy__(self, memo: dict[int, Any]) -> TablierSpielState:
            # `copy.deepcopy(state)` from Python: the engine's own clone as well
            twin = TablierSpielState(self.get_game(), self.inner.clone())
            twin.held.moves = self.held.moves
            return twin

        def __str__(self) -> str:
            return self.inner.render_text()

    class TablierSpielGame(pyspiel.Game):
        """An OpenSpiel game for one tablier game (its options fixed)."""

        def __init__(self, game: Game) -> None:
            _check_bridgeable(game)
            self.tablier_game = game
            game_type = pyspiel.GameType(
                short_name=f"python_tablier_{game.id}",
                long_name=f"Tablier {game.name}",
                dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
                chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
                information=pyspiel.GameType.Information.PERFECT_INFORMATION,
                utility=pyspiel.GameType.Utility.ZERO_SUM,
                reward_model=pyspiel.GameType.RewardModel.TERMINAL,
                max_num_players=2,
                min_num_players=2,
                provides_information_state_string=False,
                provides_information_state_tensor=False,
                provides_observation_string=False,
                provides_observation_tensor=False,
                parameter_specification={},
            )
            info = pyspiel.GameInfo(
                num_distinct_actions=MAX_ACTIONS,
                max_chance_outcomes=0,
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=MAX_GAME_LENGTH,
            )
            super().__init__(game_type, info, {})

        def new_initial_state(self) -> TablierSpielState:
            return TablierSpielState(self, self.tablier_game.new_state(seed=0, num_players=2))

        def wrap(self, inner: State) -> TablierSpielState:
            return TablierSpielState(self, inner)

    class _RolloutsUntil(spiel_mcts.RandomRolloutEvaluator):
        """OpenSpiel's random rollouts, until a deadline: a safety net for moves where
        the speed guess was too high. Late simulations score 0 and cost no rollout, so
        they can only make the bot more cautious, never slower."""

        def __init__(self, deadline: float, random_state: Any) -> None:
            super().__init__(n_rollouts=1, random_state=random_state)
            self.deadline = deadline
            self.late = 0

        def evaluate(self, state: Any) -> Any:
            if time.perf_counter() > self.deadline:
                self.late += 1
                return np.zeros(2)
            return super().evaluate(state)


def openspiel_game(game: Game) -> Any:
    """`game` as an OpenSpiel game (perfect-information two-player games only)."""
    _require()
    return TablierSpielGame(game)


class OpenSpielMCTSPlayer:
    """OpenSpiel's MCTSBot (UCT, random rollouts) with a time budget per move.

    `solve=True` is OpenSpiel's MCTS-solver: proven wins and losses are backed up the
    tree and decide the move (the `openspiel-mcts-solver` reference); without it, plain
    UCT (`openspiel-mcts`).
    """

    name = "openspiel-mcts"
    exploration = 2.0  # OpenSpiel's own examples use uct_c = 2 with random rollouts
    probe = 4  # simulations of the first move's speed probe

    def __init__(
        self, game: Game, seed: int | None = None, seconds: float = 1.8, solve: bool = False
    ) -> None:
        _require()
        _check_bridgeable(game)
        self.game = game
        self.solve = solve
        self.name = "openspiel-mcts-solver" if solve else "openspiel-mcts"
        self.seed = secrets.randbits(31) if seed is None else seed % (2**31)
        self.seconds = seconds
        self.spiel_game = TablierSpielGame(game)
        self.rate: float | None = None  # simulations per second, measured
        self.last_simulations = 0

    @property
    def budget_seconds(self) -> float:
        return self.seconds

    def choose(self, observation: dict[str, Any], seat: int) -> str:
        start = time.perf_counter()
        rng = position_rng(self.seed, seat, observation)
        inner = self.game.state_from_observation(observation, seat, rng)
        moves = inner.legal_moves(seat)
        if not moves:
            raise ValueError(f"player {seat} has no move to choose in this position")
        if len(moves) == 1:
            return str(moves[0])
        if self.rate is None:
            # the bot counts simulations, not seconds: time a few before the first move
            self._search(inner, self.probe, rng)
        assert self.rate is not None
        remaining = self.seconds * 0.8 - (time.perf_counter() - start)
        simulations = max(2, int(self.rate * remaining))
        action = self._search(inner, simulations, rng, deadline=start + self.seconds * 0.95)
        self.last_simulations = simulations
        return str(moves[action])

    def _search(
        self, inner: State, simulations: int, rng: random.Random, deadline: float = math.inf
    ) -> int:
        evaluator = _RolloutsUntil(deadline, np.random.RandomState(rng.randrange(2**31)))
        bot = spiel_mcts.MCTSBot(
            self.spiel_game,
            self.exploration,
            simulations,
            evaluator,
            solve=self.solve,
            random_state=np.random.RandomState(rng.randrange(2**31)),
        )
        started = time.perf_counter()
        action = int(bot.step(self.spiel_game.wrap(inner.clone())))
        spent = time.perf_counter() - started
        if spent > 0 and not evaluator.late:
            measured = simulations / spent
            # follow the speed as the game goes on, without jumping on one odd move
            self.rate = measured if self.rate is None else 0.5 * self.rate + 0.5 * measured
        return action
