"""The `State` base class: one position of a game, moved on by `apply`."""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from tablier.core.errors import IllegalMove
from tablier.core.messages import WORDS, Message, player_word
from tablier.core.move import Move
from tablier.core.outcome import Outcome

if TYPE_CHECKING:
    from tablier.core.game import Game
    from tablier.core.records import Record


class State(ABC):
    """A position. Subclasses implement the rules through the abstract methods.

    The base class keeps what every game shares: the game and its options, the seed
    and the state's own random generator (the only source of chance), the number of
    players and the history of accepted moves, from which `record()` is built.
    """

    def __init__(
        self, game: Game, seed: int, num_players: int, setup: dict[str, Any] | None = None
    ):
        self.game = game
        self.seed = seed
        self.num_players = num_players
        self.rng = random.Random(seed)
        self.setup: dict[str, Any] = dict(setup or {})
        self.history: list[tuple[int, str]] = []

    # ----------------------------------------------------------------- the contract
    @abstractmethod
    def current_players(self) -> list[int]:
        """Players whose decision is awaited now; [] when the game is over."""

    @abstractmethod
    def legal_moves(self, player: int) -> list[Move]:
        """Every distinct legal move of `player` now; [] when he is not awaited."""

    def apply(self, player: int, move: Move | str) -> None:
        """Play `move` for `player`, or raise IllegalMove and leave the state unchanged."""
        if not isinstance(move, str):
            move = str(move)
        if type(player) is not int and (isinstance(player, bool) or not isinstance(player, int)):
            raise WORDS.refuse("refusal.player_type", given=repr(player))
        if not 0 <= player < self.num_players:
            raise WORDS.refuse("refusal.no_such_player", player=player, last=self.num_players - 1)
        if not self.awaits(player):
            raise IllegalMove(self._not_awaited(player, self.current_players()))
        canonical = self._apply(player, move)
        self.history.append((player, canonical))

    def awaits(self, player: int) -> bool:
        """Whether `player` is among `current_players()`; games may answer it faster."""
        return player in self.current_players()

    def apply_legal(self, player: int, move: Move | str) -> None:
        """Play a move taken from this very position's `legal_moves(player)`.

        For searches, which replay their own generated moves millions of times: a
        game whose checks cost may skip them here. By default it is `apply`.
        """
        self.apply(player, move)

    @abstractmethod
    def _apply(self, player: int, move: str) -> str:
        """Check and play `move` (already known to be awaited from `player`).

        Must raise IllegalMove *before* changing anything. Returns the move's
        canonical notation, which goes into the record.
        """

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """+1 win, -1 loss, 0 draw per player; all zeros until the game ends."""

    @abstractmethod
    def observation(self, player: int | None = None) -> dict[str, Any]:
        """What `player` may know (None: a spectator), as JSON-serialisable data."""

    def open_observation(self, player: int | None = None) -> dict[str, Any]:
        """This position as a finished game's replay shows it to `player`.

        Once a game is over nothing is secret any more, so a game with hidden
        information adds what was hidden then (hands, pending choices). Only for the
        positions of a finished game: never send it while the game goes on.
        """
        return self.observation(player)

    @abstractmethod
    def render_text(self, viewer: int | None = None, lang: str = "fr") -> str:
        """A readable text picture of the position (as `viewer` may see it), in `lang`."""

    def example_text_moves(self, player: int, rng: random.Random) -> list[str]:
        """Complete text moves `player` could write now, right and wrong ones mixed.

        For simulations and tests only (they may draw on hidden information): a game
        whose `legal_moves` holds text-move templates offers filled-in examples here so
        a random playout can reach the end. Other games have none.
        """
        return []

    def describe_move(self, player: int, move: str, viewer: int | None = None) -> Message | None:
        """`move` of `player`, played from this position, in words, as `viewer` may know it.

        Called on the position *before* the move. The words are a predicate ("pose une
        pièce debout en c3–c4", "places the N on level 2"): the pages put the player's
        name in front. `move` is the entry of `public_history(viewer)`, so the words
        never tell more than that entry. None: no words (the pages show the notation).
        """
        return None

    def move_words(self, viewer: int | None = None) -> list[Message | None]:
        """The words of each entry of `public_history(viewer)`, in the same order.

        By default the game is replayed from its start and each move is described from
        the position before it. Games whose `public_history` hides or rewrites moves
        override this to describe the entries as `viewer` sees them.
        """
        before = self.game.new_state(seed=self.seed, num_players=self.num_players, **self.setup)
        said: list[Message | None] = []
        for player, move in self.history:
            said.append(before.describe_move(player, move, viewer))
            before.apply(player, move)
        return said

    def clone(self) -> State:
        """An independent deep copy. Games override this when a faster copy pays."""
        return copy.deepcopy(self)

    def record(self) -> Record:
        """The game as data: replaying it with `tablier.replay` gives this state."""
        rec: Record = {
            "format": "tablier-record/1",
            "game": self.game.id,
            "options": dict(self.game.options),
            "seed": self.seed,
            "num_players": self.num_players,
            "moves": [[p, m] for p, m in self.history],
        }
        if self.setup:
            rec["setup"] = copy.deepcopy(self.setup)
        if self.is_terminal():
            rec["returns"] = self.returns()
            outcome = self.outcome()
            # always there at the end (the contract); the test is for the type's sake
            if outcome is not None:
                rec["outcome"] = outcome
        return rec

    # ------------------------------------------------------------ shared extras
    def outcome(self) -> Outcome | None:
        """Why the game ended: {"returns", "reason", ...}; None while it goes on.

        `reason` is a short stable code (e.g. "line", "exhaustion") that clients
        translate; games add details under other keys, declared by a subclass of
        `Outcome` that their override returns (games/kwinty/outcome.py).
        """
        if not self.is_terminal():
            return None
        return {"returns": self.returns(), "reason": "end"}

    def public_history(self, viewer: int | None = None) -> list[list[Any]]:
        """The move list as `viewer` may see it. Games with secret moves override it."""
        return [[p, m] for p, m in self.history]

    def base_observation(self, viewer: int | None) -> dict[str, Any]:
        """The public part every game's observation starts from.

        Games build `observation(p)` as `{**self.base_observation(p), ...their own}`.
        `moves` is `public_history(viewer)`, so games with secret moves stay private.
        """
        return {
            "game": self.game.id,
            "options": dict(self.game.options),
            "num_players": self.num_players,
            "viewer": viewer,
            "awaited": self.current_players(),
            "moves": self.public_history(viewer),
            "terminal": self.is_terminal(),
            "returns": self.returns(),
            "outcome": self.outcome(),
        }

    def outcome_text(self, lang: str = "fr") -> str | None:
        """Why the game ended, in words (None while it goes on)."""
        outcome = self.outcome()
        return None if outcome is None else self.game.outcome_text(outcome, lang)

    def _not_awaited(self, player: int, awaited: list[int]) -> Message:
        if not awaited:
            return WORDS.message("refusal.game_over")
        return WORDS.message(
            "refusal.not_awaited", player=player, awaited=[player_word(p) for p in awaited]
        )
