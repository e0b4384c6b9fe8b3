"""Tablier's games registered in OpenSpiel, with fixed action numbers, from what each
game declares; nothing here names a game.

Importing this module registers, for `pyspiel.load_game`, every name research
frameworks offer (`interface.offered_names`: a game's id, or the names of its declared
`research_variants`), as `python_tablier_<name>`, its parameters the game's options
that the name leaves free (with their defaults). With the built-in games:

| name | game | parameters (defaults) |
|---|---|---|
| `python_tablier_kwinty` | Kwinty | `short_faces` ("ends"), `exhaustion` ("lines4") |
| `python_tablier_kwintie` | Kwintie (Kwinty's 9-column variant) | the same |
| `python_tablier_turris` | Turris | `bonus_chain` (False) |
| `python_tablier_counterplays` | Counterplays | `goal` ("highest") |
| `python_tablier_quiwin` | Qui'win (simultaneous, chance, hidden) | `open_lengths` (False) |

A sequential perfect-information game gets the generic game below: one OpenSpiel
action per engine move, its maximum length the game's `max_game_length()`. A game it
cannot hold (simultaneous moves, hidden information) is registered only when it
declares an OpenSpiel game of its own (`Game.openspiel_game`: Qui'win's is
`openspiel_quiwin.py`), which importing its module registers.

Actions are the games' fixed action tables (their research interface); observation
tensors are the per-seat tensors, observation strings the game's text picture for
that seat, information-state strings the seat's whole observation as JSON (it holds
the seat's own moves and everything public: perfect recall). The generic game
declares no information-state tensor (`provides_information_state_tensor=False`;
asking for one raises `NoInformationStateTensor`); Qui'win has one. States serialise
as their action history (OpenSpiel's default), which the fixed numbering makes
replayable.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pyspiel

from tablier.ai.spiel_held import Held
from tablier.core.game import Game
from tablier.core.registry import game_class, load
from tablier.core.state import State
from tablier.research.interface import interface, legal_actions, offered_names
from tablier.research.openspiel_observer import (
    NoInformationStateTensor,
    TablierObserver,
    make_observer,
)


def _parameters(game_id: str, fixed: dict[str, Any]) -> dict[str, Any]:
    """The game's options OpenSpiel may set, with their defaults."""
    specs = load(game_id).option_specs
    return {spec.name: spec.default for spec in specs if spec.name not in fixed}


def _tablier_game(game_id: str, fixed: dict[str, Any], params: dict[str, Any]) -> Game:
    options = {**_parameters(game_id, fixed), **(params or {}), **fixed}
    return load(game_id, **options)


class TablierSpielState(pyspiel.State):
    """An OpenSpiel state holding a tablier state of a turn-based game."""

    def __init__(self, spiel_game: TablierSpielGame, inner: State) -> None:
        super().__init__(spiel_game)
        # held, so that OpenSpiel's generic copy uses the engine's clone (spiel_held.py)
        self.held = Held(inner, spiel_game.research.actions)

    @property
    def inner(self) -> State | None:
        return self.held.state

    @property
    def table(self) -> Any:
        return self.held.shared

    def current_player(self) -> int:
        assert self.inner is not None
        awaited = self.inner.current_players()
        return awaited[0] if awaited else int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        assert self.inner is not None
        return legal_actions(self.inner, player)

    def _apply_action(self, action: int) -> None:
        assert self.inner is not None
        self.inner.apply(self.inner.current_players()[0], self.table.decode(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.table.decode(action))

    def is_terminal(self) -> bool:
        assert self.inner is not None
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        assert self.inner is not None
        return [float(r) for r in self.inner.returns()]

    def deal_string(self, player: int) -> str:
        return ""

    def __deepcopy__(self, memo: dict[int, Any]) -> TablierSpielState:
        # OpenSpiel clones Python states with deepcopy: use the engine's own clone
        assert self.inner is not None
        return TablierSpielState(self.get_game(), self.inner.clone())

    def __str__(self) -> str:
        assert self.inner is not None
        return str(self.inner.render_text(None, "en"))


class TablierSpielGame(pyspiel.Game):
    """Base of the registered turn-based games; subclasses fix `game_id` and `fixed`."""

    game_id: ClassVar[str]
    fixed: ClassVar[dict[str, Any]]
    game_type: ClassVar[Any]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.tablier_game = _tablier_game(self.game_id, self.fixed, params)
        self.research = interface(self.tablier_game)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.research.actions.size,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            # one OpenSpiel action per engine move: the game's declared bound
            max_game_length=int(self.tablier_game.max_game_length() or 0),
        )
        super().__init__(self.game_type, info, params)

    def new_initial_state(self) -> TablierSpielState:
        return TablierSpielState(self, self.tablier_game.new_state(seed=0, num_players=2))

    def wrap(self, inner: State) -> TablierSpielState:
        return TablierSpielState(self, inner)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TablierObserver:
        return make_observer(
            iig_obs_type, params, self.research.tensors, None, self.game_type.short_name
        )


def _game_type(name: str, long_name: str, params: dict[str, Any]) -> Any:
    return pyspiel.GameType(
        short_name=name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


PREFIX = "python_tablier_"


def _generic_fits(cls: type[Game]) -> bool:
    """Whether the generic turn-based game holds `cls`: one seat moves at a time and
    sees everything, and the game declares no OpenSpiel game of its own."""
    own = cls.openspiel_game is not None
    return not (own or cls.simultaneous_moves or cls.hidden_information)


def _turn_based() -> dict[str, tuple[str, dict[str, Any]]]:
    """Registered name -> (game id, options fixed by the name), for the generic game."""
    return {
        PREFIX + name: (game_id, fixed)
        for name, (game_id, fixed) in offered_names().items()
        if _generic_fits(game_class(game_id))
    }


def _register_turn_based() -> dict[str, type[TablierSpielGame]]:
    made: dict[str, type[TablierSpielGame]] = {}
    for name, (game_id, fixed) in TURN_BASED.items():
        params = _parameters(game_id, fixed)
        short = name.removeprefix(PREFIX)
        # a variant's name is its own (Kwintie); the game's name otherwise
        long_name = "Tablier " + (game_class(game_id).name if short == game_id else short.title())
        cls: type[TablierSpielGame] = type(
            f"Spiel_{name}",
            (TablierSpielGame,),
            {
                "game_id": game_id,
                "fixed": dict(fixed),
                "game_type": _game_type(name, long_name, params),
            },
        )
        pyspiel.register_game(cls.game_type, cls)
        made[name] = cls
    return made


def _register_own() -> tuple[str, ...]:
    """The games' own OpenSpiel games: importing each declared module registers it."""
    owners = sorted({game_id for game_id, _ in offered_names().values()})
    declared = [game_class(g) for g in owners if game_class(g).openspiel_game is not None]
    return tuple(sorted({str(cls.resolve_hook("openspiel_game")) for cls in declared}))


TURN_BASED = _turn_based()
GAMES = _register_turn_based()
GAME_NAMES: tuple[str, ...] = (*TURN_BASED, *_register_own())

__all__ = [
    "GAMES",
    "GAME_NAMES",
    "PREFIX",
    "TURN_BASED",
    "NoInformationStateTensor",
    "TablierSpielGame",
    "TablierSpielState",
]
