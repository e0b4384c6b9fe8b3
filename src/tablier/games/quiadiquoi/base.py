"""What the rule modules (turn, question, tournament) share: the state's data and helpers.

`QuiAdiQuoiState` (state.py) is built from the rule mixins `TurnRules`, `QuestionRules`
and `TournamentRules`; each reaches the others' steps through the stubs declared here.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any

from tablier.core.messages import Message
from tablier.core.state import State
from tablier.games.quiadiquoi.deck import Card, Deck

if TYPE_CHECKING:
    from tablier.games.quiadiquoi.game import QuiAdiQuoiGame
    from tablier.games.quiadiquoi.table import Summary, Table

# how many events the public log keeps
EVENTS_KEPT = 12


class RulesBase(State):
    game: QuiAdiQuoiGame
    deck: Deck
    table: Table

    def opt(self, name: str) -> Any:
        return self.game.options[name]

    def card(self, card_id: str) -> Card:
        return self.deck.card(card_id)

    @property
    def n(self) -> int:
        return self.num_players

    def timed(self) -> bool:
        return self.opt("answer_seconds") is not None

    def prep(self) -> bool:
        return bool(self.table.turn < self.opt("prep_rounds") * self.n)

    def log(self, event: Message) -> None:
        events = self.table.events
        events.append(event)
        del events[:-EVENTS_KEPT]

    # Steps one rule module takes into another. Each is defined by one of the mixins, so
    # they are abstract here: the state built from all three has every one of them.
    @abstractmethod
    def _start_turn(self) -> None: ...

    @abstractmethod
    def _end_turn(self, gainer: int | None) -> None: ...

    @abstractmethod
    def _ask(self, card_id: str, face: str, comp: int, winnable: bool, owner: int = -1) -> None: ...

    @abstractmethod
    def _hear(self, card_id: str) -> None: ...

    @abstractmethod
    def _tournament_due(self) -> bool: ...

    @abstractmethod
    def _start_tournament(self, starter: int) -> None: ...

    @abstractmethod
    def _end(self, reason: str) -> None: ...

    @abstractmethod
    def _summary(self, card_id: str, face: str, winner: int | None, kind: str) -> Summary: ...

    @abstractmethod
    def _discard_actions(self, player: int) -> list[str]: ...
