"""The `Game` base class: a rule set with its options, able to start states."""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from tablier.core.messages import WORDS, Catalogue, Message
from tablier.core.options import TEXTS as OPTION_TEXTS
from tablier.core.options import Option, OptionError, resolve_options

if TYPE_CHECKING:
    from tablier.core.state import State


class Game(ABC):
    """A game with its options fixed. Subclasses declare the class attributes.

    Every convention the platform (server, computer players, command line, web client)
    needs about a game is declared here, so that nothing outside the game's package
    names a game or one of its fields.
    """

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
    # moves the player writes: templates such as `answer:<text>`, offered as they are
    # by `legal_moves`; the player replaces each `<...>` part with his own words
    text_move_templates: ClassVar[tuple[str, ...]] = ()
    # the move the platform plays for a seat whose decision clock runs out (see
    # `decision_seconds`); None: running out of time loses the game
    timeout_move: ClassVar[str | None] = None
    # outcome reasons after which the platform deals a new game at once (a void deal)
    new_deal_reasons: ClassVar[frozenset[str]] = frozenset()
    # players of this game only: name -> "module:factory" (imported when asked for);
    # a factory takes (game, seed) and returns a computer player
    named_players: ClassVar[Mapping[str, str]] = {}
    # HTTP routes of this game only (its solo puzzles...): "module:router", a FastAPI
    # APIRouter the server mounts
    http_routes: ClassVar[str | None] = None
    # how the pages name those players: name -> {"fr": ..., "en": ...}
    player_labels: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    # command-line sub-commands of this game only: name -> "module:typer_app"
    # (e.g. a deck checker), added to `tablier` when the command line starts
    cli_commands: ClassVar[Mapping[str, str]] = {}
    # research interface of this game: "module:factory", the factory taking the game
    # (its options fixed) and returning an object with `actions` (a fixed action table:
    # size, encode, decode) and `tensors` (per-seat observation tensors); see
    # docs/research.md. None: the game is not offered to research frameworks
    research_interface: ClassVar[str | None] = None
    # the names research frameworks offer this game under, each with the options it
    # fixes, e.g. {"kwinty": {"variant": "kwinty"}, "kwintie": {"variant": "kwintie"}};
    # empty: one name, the game's id, nothing fixed
    research_variants: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    # the game's own OpenSpiel game, for a game the generic turn-based one cannot hold
    # (simultaneous moves, chance, hidden hands): "module:NAME", the module registering
    # it with pyspiel when imported, NAME its registered short name. None: the generic
    # one, for a sequential perfect-information game with a research interface
    openspiel_game: ClassVar[str | None] = None
    # True when the seats the engine awaits together choose without seeing each other's
    # choice (the engine hides a choice until every awaited seat is in): moves come in
    # rounds, as in Qui'win. False for turn-based games, where each move is seen before
    # the next is chosen (research environments derive their parallel flag from it)
    simultaneous_moves: ClassVar[bool] = False
    # the names of the seats per language, e.g. {"fr": ("Blanc", "Noir"), ...}
    seat_names: ClassVar[Mapping[str, Sequence[str]]] = {}
    # the catalogue holding `outcome.<reason>` texts for this game's outcomes
    outcome_messages: ClassVar[Catalogue | None] = None
    # the lobby lists games by rank (lower first)
    rank: ClassVar[int] = 50
    # what the new-game form offers first: "online", "local" or "computer"
    default_opponent: ClassVar[str] = "computer"
    pitch: ClassVar[dict[str, str]] = {}
    duration_minutes: ClassVar[tuple[int, int]] = (10, 30)

    @classmethod
    def art(cls) -> str | None:
        """The game's picture for the lobby: `art.svg` in the game's package, if any."""
        package = cls.__module__.rpartition(".")[0] or cls.__module__
        try:
            picture = resources.files(package) / "art.svg"
            return picture.read_text(encoding="utf-8") if picture.is_file() else None
        except (ModuleNotFoundError, TypeError):
            return None

    @classmethod
    def has_text_moves(cls) -> bool:
        return bool(cls.text_move_templates)

    @property
    def text_moves(self) -> bool:
        """True when some moves are written by the player (see `text_move_templates`)."""
        return self.has_text_moves()

    @classmethod
    def is_template(cls, move: str) -> bool:
        """Whether `move` is a text-move template the player must complete."""
        return move in cls.text_move_templates

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

    def max_game_length(self) -> int | None:
        """The most moves (entries of `state.history`) a game with these options can last,
        or None where the game declares no bound. Study runs and research environments
        stop (truncate) a game that reaches it, so a variant that loops is reported
        instead of hanging. Games override it with a bound their rules guarantee, or
        where none is proven, a cap far above any game played."""
        return None

    def decision_seconds(self) -> float | None:
        """Seconds allowed for each decision where `timeout_move` is legal (None: no limit).

        Games with an answer clock read it from their options.
        """
        return None

    @classmethod
    def seat_name(cls, seat: int, lang: str = "fr") -> str:
        names = cls.seat_names.get(lang) or cls.seat_names.get("fr") or ()
        if 0 <= seat < len(names):
            return str(names[seat])
        return WORDS.text("seat", lang, n=seat + 1)

    def outcome_message(self, outcome: Mapping[str, Any]) -> Message:
        """Why a game ended, as a message: the game's own reasons, else the platform's."""
        reason = str(outcome.get("reason"))
        params: dict[str, Any] = {}
        for key, value in outcome.items():
            if isinstance(value, str | int):
                params[key] = value
            elif isinstance(value, list) and all(isinstance(v, str | int) for v in value):
                # per-seat figures (e.g. lines of four) are named key_0, key_1, ...
                params.update({f"{key}_{i}": v for i, v in enumerate(value)})
        seat = outcome.get("seat")
        if isinstance(seat, int):
            params["seat_name"] = {lang: self.seat_name(seat, lang) for lang in ("fr", "en")}
        own = self.outcome_messages
        if own is not None and f"outcome.{reason}" in own.entries:
            return own.message(f"outcome.{reason}", **params)
        if f"outcome.{reason}" in WORDS.entries:
            return WORDS.message(f"outcome.{reason}", **params)
        return WORDS.message("outcome.other", reason=reason)

    def outcome_text(self, outcome: Mapping[str, Any], lang: str = "fr") -> str:
        return self.outcome_message(outcome).text(lang)

    def study_facts(self, state: State) -> dict[str, float]:
        """Numbers a balance study averages over finished games (besides length and who
        won): by default the outcome's numeric fields, and for per-seat figures (a list
        of numbers, one per seat) the first seat's margin over the second. Games add
        their natural units by overriding this."""
        facts: dict[str, float] = {}
        for key, value in (state.outcome() or {}).items():
            # seat numbers are labels, not measures
            if key in ("returns", "winner", "seat") or isinstance(value, bool):
                continue
            if isinstance(value, int | float):
                facts[key] = float(value)
            elif (
                isinstance(value, list)
                and len(value) == state.num_players == 2
                and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
            ):
                facts[f"{key}_margin"] = float(value[0] - value[1])
        return facts

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
            "text_moves": cls.has_text_moves(),
            "text_move_templates": list(cls.text_move_templates),
            "timeout_move": cls.timeout_move,
            "new_deal_reasons": sorted(cls.new_deal_reasons),
            "seat_names": {lang: list(names) for lang, names in cls.seat_names.items()},
            "rank": cls.rank,
            "player_labels": {name: dict(label) for name, label in cls.player_labels.items()},
            "default_opponent": cls.default_opponent,
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
        allowed: Any = ", ".join(s.name for s in cls.option_specs) or OPTION_TEXTS.message("none")
        raise OptionError(OPTION_TEXTS.message("unknown", name=name, game=cls.id, allowed=allowed))
