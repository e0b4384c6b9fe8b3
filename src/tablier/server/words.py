"""The move list in words for the pages: `State.move_words` rendered in both languages.

Every seat (and the spectators) gets the words of its own `public_history`, so a move
hidden from a seat is not said to it. Worked out once per move and viewer: a room sends
its state after every move, and each state message carries the whole list.
"""

from __future__ import annotations

import weakref

from tablier.core import records
from tablier.core.records import Replayable
from tablier.core.state import State

Words = list[dict[str, str] | None]

# per state: (moves played when worked out, {viewer: words})
_SAID: weakref.WeakKeyDictionary[State, tuple[int, dict[int | None, Words]]] = (
    weakref.WeakKeyDictionary()
)


def spoken_moves(state: State, viewer: int | None) -> Words:
    """`state.move_words(viewer)` as {fr, en} texts (None where a move has no words)."""
    count = len(state.history)
    known = _SAID.get(state)
    if known is None or known[0] != count:
        known = (count, {})
        _SAID[state] = known
    # a game that shows everyone the same move list has the same words for everyone
    same_for_all = type(state).public_history is State.public_history
    who = None if same_for_all else viewer
    said = known[1].get(who)
    if said is None:
        said = [m.texts() if m is not None else None for m in state.move_words(who)]
        known[1][who] = said
    return said


def record_words(record: Replayable, viewer: int | None) -> Words:
    """The words of a finished game's moves, one per move of `record` ([] if they differ)."""
    state = records.replay(record)
    said = spoken_moves(state, viewer)
    return said if len(said) == len(record["moves"]) else []
