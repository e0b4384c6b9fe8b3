"""The player interface and the registry of computer players by name."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from tablier.core.game import Game


class Player(Protocol):
    """A computer player. It decides from what its seat observes, nothing more."""

    name: str

    def choose(self, observation: dict[str, Any], seat: int) -> str:
        """The notation of the move to play for `seat`, given `observation(seat)`."""
        ...


def position_rng(seed: int, seat: int, observation: dict[str, Any]) -> random.Random:
    """The rng for one decision, seeded per position rather than per call.

    The same observation thus gets the same answer whatever the player was asked
    before, which makes seeded players reproducible move by move.
    """
    return random.Random(f"{seed}:{seat}:{len(observation['moves'])}")


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


def player_names(game: Game | None = None) -> list[str]:
    """Every registered name; with `game`, only the players that can play it.

    Some players exist for some games only (`rule-of-thumb` for Qui'win,
    `openspiel-mcts` for perfect-information games when OpenSpiel is installed).
    """
    if game is None:
        return list(_FACTORIES)
    usable = []
    for name, factory in _FACTORIES.items():
        try:
            factory(game, 0)
        except (ValueError, RuntimeError):
            continue
        usable.append(name)
    return usable


def make_player(name: str, game: Game, seed: int | None = None) -> Player:
    """The computer player called `name` for `game` (ValueError naming the known ones)."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(
            f"unknown player {name!r}; known players: {', '.join(_FACTORIES)}"
        ) from None
    return factory(game, seed)
