"""Threat-space search: a win forced by threats the opponent must answer, one by one.

A *threat* is a placement after which its player could complete a five with his next
piece. The opponent must then block (or win first); when every block leaves another
threat, and the last step leaves two that no single piece stops, the attacker wins
whatever the opponent does. Such sequences decide Kwinty games between good players,
and they are narrow: the attacker only tries placements that make a threat, and the
opponent's replies that do not block lose at once. So they can be searched several
moves deep in the time an MCTS would spend wandering among quiet moves.

The search is exact in what it claims: a move it returns wins against every reply
(each of the opponent's legal moves is examined, not only blocks, and a reply that wins
for him or leaves him a win refutes the line). It is incomplete: it does not find wins
that need a quiet move in between, and gives up when its time is spent.
"""

from __future__ import annotations

import time

from tablier.games.kwinty.heuristics import (
    cells_of,
    notation,
    placements,
    threat_masks,
    winning_placements,
)
from tablier.games.kwinty.state import KwintyState


class _OutOfTime(Exception):
    pass


def forced_win(state: KwintyState, player: int, depth: int, seconds: float) -> str | None:
    """A move of `player` (to move) that wins by threats within `depth` of his moves."""
    deadline = time.perf_counter() + seconds
    try:
        for limit in range(1, depth + 1):  # shortest wins first
            found = _attack(state, player, limit, deadline)
            if found is not None:
                return found
    except _OutOfTime:
        return None
    return None


def _attack(state: KwintyState, player: int, depth: int, deadline: float) -> str | None:
    wins = winning_placements(state, player)
    if wins:
        return notation(*wins[0])
    if depth <= 1 or state.left[player] <= 0:
        return None
    other = 1 - player
    if winning_placements(state, other):
        return None  # he threatens first: answering is not attacking
    if time.perf_counter() > deadline:
        raise _OutOfTime
    geo = state.geo
    mine = state.occ[player]
    occupied = mine | state.occ[other]
    for placement in placements(state, player):
        cells = cells_of(geo, *placement)
        if not any(threat_masks(geo, mine | cells, occupied | cells)):
            continue  # no five within one piece afterwards: no threat, no need to play it
        after = state.clone()
        after.play_fast(player, *placement)
        if after.is_terminal() or after.to_move != other:
            continue
        if not winning_placements(after, player) or winning_placements(after, other):
            continue  # no threat made, or he wins first
        if _every_reply_loses(after, player, depth - 1, deadline):
            return notation(*placement)
    return None


def _every_reply_loses(state: KwintyState, player: int, depth: int, deadline: float) -> bool:
    other = 1 - player
    replies = placements(state, other)
    if not replies:
        answered = state.clone()
        answered.apply(other, "pass")
        return _after_reply(answered, player, depth, deadline)
    for reply in replies:
        answered = state.clone()
        answered.play_fast(other, *reply)
        if not _after_reply(answered, player, depth, deadline):
            return False
    return True


def _after_reply(answered: KwintyState, player: int, depth: int, deadline: float) -> bool:
    """Whether `player` still wins by threats once the opponent has replied."""
    if answered.is_terminal():
        return answered.returns()[player] == 1.0
    if answered.to_move != player:
        return False  # a turn skipped: outside what this search follows
    if winning_placements(answered, player):
        return True  # that reply did not block
    return _attack(answered, player, depth, deadline) is not None
