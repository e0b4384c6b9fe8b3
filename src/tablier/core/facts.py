"""What a game is, as data: its rule facts and how the lobby presents it.

A `Game` declares `facts = RuleFacts(...)` and `presentation = Presentation(...)`; the
platform (server, computer players, command line, research adapters, web client) reads
them rather than knowing any game. `Game.describe()` serialises them field by field with
`as_json`, so a fact added here reaches the API without being listed twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from tablier.core.messages import Catalogue

# the pages offer these first in the new-game form
OPPONENTS = ("online", "local", "computer")

# a field with this metadata stays out of `describe()` (not plain data: a catalogue)
NOT_IN_API = {"api": False}


@dataclass(frozen=True)
class RuleFacts:
    """Facts of the rules and of the platform's policy around them."""

    min_players: int = 2
    max_players: int = 2
    # None: a game starts with `min_players`
    default_players: int | None = None
    # some seat may not see everything (hot-seat play needs a hand-over)
    hidden_information: bool = False
    # the engine's own seeded generator deals, shuffles, rolls or tosses during play
    # (research adapters declare chance nodes; without it two seeds play alike)
    chance: bool = False
    # the rules draw lots for who plays first (the server shuffles the seats)
    draws_lots: bool = False
    # the seats the engine awaits together choose without seeing each other's choice, in
    # rounds (Qui'win); research environments derive their parallel flag from it
    simultaneous_moves: bool = False
    # moves the player writes: templates such as `answer:<text>`, offered as they are by
    # `legal_moves`; the player replaces each `<...>` part with his own words
    text_move_templates: tuple[str, ...] = ()
    # the move the platform plays for a seat whose decision clock runs out (see
    # `Game.decision_seconds`); None: running out of time loses the game
    timeout_move: str | None = None
    # policy: the loser of a game begins the next one (the server reseats a rematch)
    loser_starts_next: bool = False
    # policy: outcome reasons after which the platform deals a new game at once
    new_deal_reasons: frozenset[str] = frozenset()
    # policy: the options whose value, other than its default, makes another game for
    # ratings (a rating per variant: Kwintie is not Kwinty); the others (a clock, a
    # detail of the rules) keep the game's rating
    rated_apart: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # old-style declarations may give lists and sets: keep the frozen forms
        object.__setattr__(self, "text_move_templates", tuple(self.text_move_templates))
        object.__setattr__(self, "new_deal_reasons", frozenset(self.new_deal_reasons))
        object.__setattr__(self, "rated_apart", tuple(self.rated_apart))
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(
                f"players must satisfy 1 <= min_players <= max_players, "
                f"not {self.min_players}..{self.max_players}"
            )
        default = self.default_players
        if default is not None and not self.min_players <= default <= self.max_players:
            raise ValueError(
                f"default_players {default} is outside {self.min_players}..{self.max_players}"
            )


@dataclass(frozen=True)
class Presentation:
    """How the lobby and the pages show the game; no rule depends on it."""

    # the lobby lists games by rank (lower first)
    rank: int = 50
    # one or two sentences per language, e.g. {"fr": ..., "en": ...}
    pitch: Mapping[str, str] = field(default_factory=dict)
    # how long a game lasts, in minutes (shortest, longest)
    duration_minutes: tuple[int, int] = (10, 30)
    # the names of the seats per language, e.g. {"fr": ("Blanc", "Noir"), ...}
    seat_names: Mapping[str, Sequence[str]] = field(default_factory=dict)
    # how the pages name the game's own computer players: name -> {"fr": ..., "en": ...}
    player_labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # what the new-game form offers first: one of OPPONENTS
    default_opponent: str = "computer"
    # the catalogue holding `outcome.<reason>` texts for this game's outcomes
    outcome_messages: Catalogue | None = field(default=None, metadata=NOT_IN_API)

    def __post_init__(self) -> None:
        shortest, longest = self.duration_minutes
        object.__setattr__(self, "duration_minutes", (int(shortest), int(longest)))
        if self.default_opponent not in OPPONENTS:
            raise ValueError(
                f"default_opponent must be one of {', '.join(OPPONENTS)}, "
                f"not {self.default_opponent!r}"
            )


def plain(value: Any) -> Any:
    """A declared value as JSON: mappings as objects, sequences and sets as lists."""
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, set | frozenset):
        return sorted(plain(item) for item in value)
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    return value


def as_json(declared: Any) -> dict[str, Any]:
    """Every field of a declaration dataclass that belongs in the API, as JSON."""
    return {
        spec.name: plain(getattr(declared, spec.name))
        for spec in fields(declared)
        if spec.metadata.get("api", True)
    }
