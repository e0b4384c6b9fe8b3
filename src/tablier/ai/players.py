"""The player interface and the registry of computer players by name."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from tablier.core.game import Game
from tablier.core.registry import game_class, game_ids


class Player(Protocol):
    """A computer player. It decides from what its seat observes, nothing more."""

    name: str

    def choose(self, observation: dict[str, Any], seat: int) -> str:
        """The notation of the move to play for `seat`, given `observation(seat)`."""
        ...


class RandomPlayer:
    """Plays a uniformly random legal move (text moves get their template as is)."""

    name = "random"

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, observation: dict[str, Any], seat: int) -> str:
        state = self.game.state_from_observation(observation, seat, self.rng)
        moves = state.legal_moves(seat)
        if not moves:
            raise ValueError(f"player {seat} has no move to choose in this position")
        return str(self.rng.choice(moves))


PlayerFactory = Callable[[Game, "int | None"], Player]

_FACTORIES: dict[str, PlayerFactory] = {"random": RandomPlayer}


def register_player(name: str, factory: PlayerFactory) -> None:
    """Make a player available by name everywhere a player is named."""
    _FACTORIES[name] = factory


def _game_factory(game: Game, name: str) -> PlayerFactory | None:
    """A player the game itself declares (`Game.named_players`), imported when asked for."""
    factory: PlayerFactory | None = game.resolve_hook("named_players", name)
    return factory


def player_names(game: Game | None = None) -> list[str]:
    """Every registered name; with `game`, only the players that can play it.

    A game may declare players of its own (`Game.named_players`); some general
    players cannot play every game (`openspiel-mcts` needs perfect information and
    the optional OpenSpiel package).
    """
    if game is None:
        names = list(_FACTORIES)
        for game_id in game_ids():
            names += [n for n in game_class(game_id).named_players if n not in names]
        return names
    usable = []
    for name, factory in _FACTORIES.items():
        try:
            factory(game, 0)
        except (ValueError, RuntimeError, ImportError):
            continue
        usable.append(name)
    return usable + [name for name in game.named_players if name not in usable]


class MissingExtra(ValueError):
    """A player needs an optional package that is not installed; `extra` names the
    optional dependency group that brings it."""

    def __init__(self, message: str, extra: str = "research") -> None:
        super().__init__(message)
        self.extra = extra


def make_player(name: str, game: Game, seed: int | None = None) -> Player:
    """The computer player called `name` for `game` (ValueError naming the known ones)."""
    factory = _game_factory(game, name) or _FACTORIES.get(name)
    if factory is None:
        if name in player_names():
            raise ValueError(f"{game.id} has no {name} player")
        raise ValueError(f"unknown player {name!r}; known players: {', '.join(player_names())}")
    try:
        return factory(game, seed)
    except ImportError as exc:
        raise MissingExtra(
            f"the player {name!r} needs the optional package {exc.name or 'it uses'}: "
            "pip install 'tablier[research]'"
        ) from None
