"""Building QuiAdiQuoi positions for the tests (small deck, chosen cards, chosen die)."""

from __future__ import annotations

from typing import Any

import tablier
from tablier.games.quiadiquoi.phases import Phase
from tablier.games.quiadiquoi.state import QuiAdiQuoiState
from tablier.games.quiadiquoi.table import Slot

DECK = "test-fr"


def make(n: int = 3, seed: int = 1, **options: Any) -> QuiAdiQuoiState:
    """A new game on the test deck; the reader's confirmation and the clock are off."""
    options.setdefault("deck", DECK)
    options.setdefault("reader_confirms", False)
    options.setdefault("answer_seconds", None)
    state = tablier.load("quiadiquoi", **options).new_state(seed=seed, num_players=n)
    assert isinstance(state, QuiAdiQuoiState)
    return state


def set_turn(state: QuiAdiQuoiState, principal: int, die: str | None = None) -> None:
    """Jump to a turn after the preparation rounds with `principal` to choose."""
    n = state.num_players
    rounds = state.game.options["prep_rounds"]
    state.table.turn = rounds * n * 5 + principal
    state.table.principal = principal
    state.table.reader = (principal - 1) % n
    state.table.die = die
    state.table.phase = Phase.CHOOSE


def put_front(state: QuiAdiQuoiState, comp: int, card_id: str, face: str = "blue") -> None:
    """Move `card_id` (from wherever it is) to the front of compartment `comp`."""
    for slots in state.table.comps:
        slots[:] = [slot for slot in slots if slot[0] != card_id]
    for held in state.table.cards:
        if card_id in held:
            held.remove(card_id)
    state.table.comps[comp - 1].insert(0, Slot(card_id, face))


def give(state: QuiAdiQuoiState, player: int, *cards: str) -> None:
    for card_id in cards:
        for slots in state.table.comps:
            slots[:] = [slot for slot in slots if slot[0] != card_id]
        state.table.cards[player].append(card_id)


def tokens(state: QuiAdiQuoiState, player: int, **counts: int) -> None:
    for category, count in counts.items():
        state.table.cup[category] -= count - state.table.tokens[player][category]
        state.table.tokens[player][category] = count


def play(state: QuiAdiQuoiState, *moves: tuple[int, str]) -> None:
    for player, move in moves:
        state.apply(player, move)


def card(state: QuiAdiQuoiState, card_id: str) -> Any:
    return state.deck.card(card_id)
