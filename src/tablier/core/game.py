"""The `Game` base class: a rule set with its options, able to start states."""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from tablier.core.options import Option, resolve_options

if TYPE_CHECKING:
    from tablier.core.state import State


class Game(ABC):
    """A game with its options fixed. Subclasses declare the class attributes."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int | None] = None
    option_specs: ClassVar[tuple[Option, ...]] = ()
    # True when some seat may not see everything (hot-seat play needs a hand-over)
    hidden_information: ClassVar[bool] = False
    # True when the rules draw lots for who plays first (the server shuffles the seats)
    draws_lots: ClassVar[bool] = False
    # True when the loser of a game begins the next one (the server reseats a rematch)
    loser_starts_next: ClassVar[bool] = False
    # True when some moves are free text (a template such as `answer:<text>`)
    text_moves: ClassVar[bool] = False
    pitch: ClassVar[dict[str, str]] = {}
    duration_minutes: ClassVar[tuple[int, int]] = (10, 30)

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = resolve_options(self.id, self.option_specs, options)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} {self.options}>"

    def new_state(
        self, seed: int | None = None, num_players: int | None = None, **setup: Any
    ) -> State:
        """Start a game. `seed` drives every chance event; `setup` is game-specific."""
        if seed is None:
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        if num_players is None:
            num_players = self.default_players or self.min_players
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise ValueError(f"num_players must be an integer, not {num_players!r}")
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"{self.id} is played by {self.min_players} to {self.max_players} players, "
                f"not {num_players}"
            )
        return self._new_state(seed, num_players, **setup)

    @abstractmethod
    def _new_state(self, seed: int, num_players: int, **setup: Any) -> State:
        """Build the initial state; raise ValueError for a bad `setup`."""

    def state_from_observation(
        self, observation: dict[str, Any], seat: int | None, rng: random.Random
    ) -> State:
        """A full state consistent with what `seat` observes (for computer players).

        This default fits perfect-information games without chance: it replays the
        public move list. Games with hidden parts override it and sample those parts
        with `rng`, consistently with the observation.
        """
        state = self.new_state(seed=0, num_players=observation["num_players"])
        for player, move in observation["moves"]:
            state.apply(player, move)
        return state

    @classmethod
    def describe(cls) -> dict[str, Any]:
        """What the CLI and server show about the game before it is loaded."""
        return {
            "id": cls.id,
            "name": cls.name,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "hidden_information": cls.hidden_information,
            "draws_lots": cls.draws_lots,
            "loser_starts_next": cls.loser_starts_next,
            "text_moves": cls.text_moves,
            "pitch": dict(cls.pitch),
            "duration_minutes": list(cls.duration_minutes),
            "options": [spec.describe() for spec in cls.option_specs],
        }

    @classmethod
    def parse_option(cls, name: str, text: str) -> Any:
        """Parse one `key=value` option given as text (command line, query string)."""
        for spec in cls.option_specs:
            if spec.name == name:
                return spec.parse(text)
        allowed = ", ".join(s.name for s in cls.option_specs) or "none"
        raise ValueError(f"unknown option {name!r} for {cls.id}; allowed options: {allowed}")
