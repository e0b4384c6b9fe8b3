"""The `Game` base class: a rule set with its options, able to start states."""

from __future__ import annotations

import random
import secrets
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from tablier.core.declarations import DeclaredMeta, settle
from tablier.core.facts import Presentation, RuleFacts, as_json
from tablier.core.hooks import Hooks, lookup, resolve
from tablier.core.messages import WORDS, Catalogue, Message
from tablier.core.options import TEXTS as OPTION_TEXTS
from tablier.core.options import Option, OptionError, resolve_options

if TYPE_CHECKING:
    from tablier.core.state import State


class Game(metaclass=DeclaredMeta):
    """A game with its options fixed.

    A subclass sets `id`, `name` and `option_specs`, and declares what the platform
    needs to know as data: `facts` (rule facts and policy), `presentation` (the lobby's
    copy) and `hooks` (its extensions, imported only through `resolve_hook`), so that
    nothing outside the game's package names a game or one of its fields. Each field
    is also readable as a class attribute of the same name (`GAME.min_players`).
    """

    id: ClassVar[str]
    name: ClassVar[str]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    facts: ClassVar[RuleFacts] = RuleFacts()
    presentation: ClassVar[Presentation] = Presentation()
    hooks: ClassVar[Hooks] = Hooks()

    # the fields of `facts` (see core/facts.py), spread onto the class
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int | None]
    hidden_information: ClassVar[bool]
    chance: ClassVar[bool]
    draws_lots: ClassVar[bool]
    simultaneous_moves: ClassVar[bool]
    text_move_templates: ClassVar[tuple[str, ...]]
    timeout_move: ClassVar[str | None]
    loser_starts_next: ClassVar[bool]
    new_deal_reasons: ClassVar[frozenset[str]]
    rated_apart: ClassVar[tuple[str, ...]]
    # the fields of `presentation`
    rank: ClassVar[int]
    pitch: ClassVar[Mapping[str, str]]
    duration_minutes: ClassVar[tuple[int, int]]
    seat_names: ClassVar[Mapping[str, Sequence[str]]]
    player_labels: ClassVar[Mapping[str, Mapping[str, str]]]
    default_opponent: ClassVar[str]
    outcome_messages: ClassVar[Catalogue | None]
    # the fields of `hooks` (see core/hooks.py)
    named_players: ClassVar[Mapping[str, str]]
    heuristics: ClassVar[str | None]
    cli_commands: ClassVar[Mapping[str, str]]
    http_routes: ClassVar[str | None]
    research_interface: ClassVar[str | None]
    research_variants: ClassVar[Mapping[str, Mapping[str, Any]]]
    openspiel_game: ClassVar[str | None]
    web_assets: ClassVar[Mapping[str, str]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        settle(cls)

    @classmethod
    def declared_hooks(cls) -> list[tuple[str, str]]:
        """Every "module:attribute" the game declares: its hooks and its options' upload
        checkers (`options[deck].upload`), each with its label."""
        found = list(cls.hooks.declared())
        found += [(f"options[{s.name}].upload", s.upload) for s in cls.option_specs if s.upload]
        return found

    @classmethod
    def resolve_hook(cls, hook: str, key: str | None = None) -> Any:
        """What a hook names, imported (`key`: the entry of a mapping hook such as
        `named_players`); None when the game declares none."""
        where = lookup(cls.hooks, hook, key)
        if where is None:
            return None
        return resolve(where, game=cls.id, hook=hook if key is None else f"{hook}[{key}]")

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
        """What the CLI and server show about the game before it is loaded: its
        declarations field by field, and its options."""
        return {
            "id": cls.id,
            "name": cls.name,
            **as_json(cls.facts),
            "text_moves": cls.has_text_moves(),
            **as_json(cls.presentation),
            "hooks": as_json(cls.hooks),
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


# the base class's own attributes: the declarations' defaults
settle(Game)
