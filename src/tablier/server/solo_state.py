"""The state message of a game played alone against the page (a lesson, a problem).

It has the shape a room sends a seat (docs/protocol.md), so the game's real board draws
it; there is no room, clock, seat list or rematch behind it.
"""

from __future__ import annotations

from typing import Any

from tablier.core.state import State
from tablier.server.outcomes import told_outcome
from tablier.server.words import spoken_moves


def solo_state_message(state: State, seat: int, legal_moves: list[str]) -> dict[str, Any]:
    """What `seat` sees of `state`, offered `legal_moves` (empty while it must wait)."""
    return {
        "type": "state",
        "room": None,
        "game_number": 1,
        "seat": seat,
        "observation": state.observation(seat),
        "legal_moves": legal_moves,
        "awaited": state.current_players(),
        "moves": state.public_history(seat),
        "words": spoken_moves(state, seat),
        "move_count": len(state.history),
        "terminal": state.is_terminal(),
        "outcome": told_outcome(state.game, state.outcome()),
        "clocks": None,
        "seats": [],
        "rematch": [],
        "previous_outcome": None,
    }
