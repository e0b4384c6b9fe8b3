"""The level-6 puzzle played by hand: both colours in turn, every move checked by the engine.

A position is the list of moves played from the start (White first). The real engine
replays them, so rule d) and every other rule apply exactly as in a game. A hint is the
next move of a line reaching level 6: the solver's line from the start when the player
has followed it so far, else a fresh, bounded beam search from the player's position.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import tablier
from tablier.games.counterplays.puzzles import level6
from tablier.games.counterplays.state import CounterplaysState

# a search from the player's position stops after this many candidate moves (a few s)
BUDGET = 400_000
WIDTH = 40
MAX_MOVES = 24


def replay(moves: Iterable[str]) -> CounterplaysState:
    """The position after `moves`; IllegalMove (with the engine's reason) at a bad one."""
    state = tablier.load("counterplays").new_state(seed=0, num_players=2)
    assert isinstance(state, CounterplaysState)
    for move in list(moves)[:MAX_MOVES]:
        if state.is_terminal():
            break
        state.apply(state.current_players()[0], move)
    return state


def view(moves: list[str]) -> dict[str, Any]:
    """What the page draws: the engine's observation, the legal moves of the colour to
    play, and how high the stack stands against the goal."""
    state = replay(moves)
    top = level6.top_level(state)
    players = state.current_players()
    seat = players[0] if players else None
    return {
        "observation": state.observation(None),
        "seat": seat,
        "legal_moves": [str(m) for m in state.legal_moves(seat)] if seat is not None else [],
        "top_level": top,
        "target": level6.TARGET,
        "solved": top >= level6.TARGET,
        "over": state.is_terminal(),
    }


@lru_cache(maxsize=1)
def known_line() -> tuple[str, ...]:
    """A line from the start reaching level 6 (searched once, then remembered)."""
    for width in (WIDTH, level6.WIDTH):
        found = level6.search(width=width)
        if found.found:
            return tuple(str(m) for _, m in found.moves)
    return ()


def line_from(moves: list[str]) -> tuple[list[str], bool]:
    """Moves that take the player's position to level 6, and whether the search was cut
    short (so an empty answer proves nothing)."""
    known = list(known_line())
    if known and known[: len(moves)] == moves:
        return _to_target(known)[len(moves) :], False
    found = level6.search(width=WIDTH, budget=BUDGET, start=moves)
    if found.found:
        return _to_target([str(m) for _, m in found.moves])[len(moves) :], False
    return [], found.out_of_budget


def _to_target(line: list[str]) -> list[str]:
    """The line cut right after the move that reaches the target level."""
    state = replay([])
    for index, move in enumerate(line):
        state.apply(state.current_players()[0], move)
        if level6.top_level(state) >= level6.TARGET:
            return line[: index + 1]
    return line
