"""The move list in words for the pages: `State.move_words` rendered in both languages.

Every seat (and the spectators) gets the words of its own `public_history`, so a move
hidden from a seat is not said to it. Worked out once per move and viewer: a room sends
its state after every move, and each state message carries the whole list. Where a game
says its moves the default way (each from the position before it), the list grows by the
new moves only, from a position kept one move behind, instead of replaying the game.
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
        if type(state).move_words is State.move_words:
            said = _grown(state, who)
        else:
            said = [m.texts() if m is not None else None for m in state.move_words(who)]
        known[1][who] = said
    return said


# per state and viewer: (the position after the moves said so far, their words)
_GROWN: weakref.WeakKeyDictionary[State, dict[int | None, tuple[State, Words]]] = (
    weakref.WeakKeyDictionary()
)


def _grown(state: State, viewer: int | None) -> Words:
    """`State.move_words(viewer)` rendered, saying only the moves not said before."""
    kept = _GROWN.setdefault(state, {})
    history = state.history
    known = kept.get(viewer)
    if known is None or known[0].history != history[: len(known[1])]:
        # first time, or the game was rewound: from the start
        start = state.game.new_state(seed=state.seed, num_players=state.num_players, **state.setup)
        known = (start, [])
        kept[viewer] = known
    before, said = known
    for player, move in history[len(said) :]:
        message = before.describe_move(player, move, viewer)
        said.append(message.texts() if message is not None else None)
        before.apply(player, move)
    return list(said)  # the kept list grows: callers get their own


def record_words(record: Replayable, viewer: int | None) -> Words:
    """The words of a finished game's moves, one per move of `record` ([] if they differ)."""
    state = records.replay(record)
    said = spoken_moves(state, viewer)
    return said if len(said) == len(record["moves"]) else []
