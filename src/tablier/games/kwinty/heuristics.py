"""What the computer players know about Kwinty/Kwintie (used by `tablier.ai`).

* A move that completes a line of five is always taken; when the opponent could
  complete one on his next turn, only moves that stop him are considered (in the search
  tree exactly, in playouts by a cheap test).
* The evaluation counts the windows of five cells that a player could still fill (no
  opponent cell in them, inside the reachable frame), weighted by how many of the five
  he already holds: three or four of five is a real threat, one is not.

Everything works on the engine's bit-boards, so it is cheap enough for playouts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache

from tablier.ai.knowledge import Heuristics
from tablier.core.game import Game
from tablier.core.move import Move
from tablier.core.state import State
from tablier.games.kwinty.geometry import HEIGHT, LETTERS, Geometry, has_five, runs_of
from tablier.games.kwinty.state import KwintyState

Placement = tuple[int, int, str]

# weight of a live window holding 1..4 of the player's cells
WINDOW_WEIGHTS = (0.0, 0.05, 0.3, 1.0, 4.0)
EVAL_SCALE = 6.0


def cells_of(geo: Geometry, col: int, row: int, orient: str) -> int:
    first = 1 << geo.bit(col, row)
    return first | (first << 1 if orient == "h" else first << geo.stride)


def notation(col: int, row: int, orient: str) -> str:
    return f"{LETTERS[col]}{row}{orient}"


def winning_placements(state: KwintyState, player: int) -> list[Placement]:
    """Legal placements of `player` that complete a line of five now."""
    if state.left[player] <= 0:
        return []
    occ = state.occ[player]
    geo = state.geo
    return [p for p in state._placements(player) if has_five(occ | cells_of(geo, *p), geo)]


def opponent_moves_next(state: KwintyState, player: int) -> bool:
    return state.left[1 - player] > 0


@cache
def _frame_mask(geo: Geometry, lo: int, hi: int) -> int:
    mask = 0
    for row in range(1, HEIGHT + 1):
        for col in range(lo, hi + 1):
            mask |= 1 << geo.bit(col, row)
    return mask


def window_score(state: KwintyState, player: int) -> float:
    """Weighted count of the live five-cell windows of `player`."""
    geo = state.geo
    lo, hi = state.frame()
    frame = _frame_mask(geo, lo, hi)
    mine = state.occ[player]
    free = frame & ~state.occ[1 - player]
    total = 0.0
    for d in geo.directions:
        alive = runs_of(free, d, 5)
        if not alive:
            continue
        # bit-sliced counter of how many of the window's five cells are mine
        s0 = s1 = s2 = 0
        for k in range(5):
            x = mine >> (k * d)
            c0 = s0 & x
            s0 ^= x
            c1 = s1 & c0
            s1 ^= c0
            s2 |= c1
        n4 = alive & s2 & ~s1 & ~s0
        n3 = alive & ~s2 & s1 & s0
        n2 = alive & ~s2 & s1 & ~s0
        n1 = alive & ~s2 & ~s1 & s0
        total += (
            WINDOW_WEIGHTS[4] * n4.bit_count()
            + WINDOW_WEIGHTS[3] * n3.bit_count()
            + WINDOW_WEIGHTS[2] * n2.bit_count()
            + WINDOW_WEIGHTS[1] * n1.bit_count()
        )
    return total


class KwintyHeuristics(Heuristics):
    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, KwintyState)
        diff = window_score(state, 0) - window_score(state, 1)
        # a single step from a win for the player to move counts strongly for him
        value = math.tanh(diff / EVAL_SCALE) * 0.9
        return [value, -value]

    def candidate_moves(self, state: State, player: int, moves: Sequence[Move]) -> list[Move]:
        assert isinstance(state, KwintyState)
        if len(moves) == 1:
            return list(moves)
        wins = winning_placements(state, player)
        if wins:
            keep = {notation(*p) for p in wins}
            return [m for m in moves if m in keep]
        other = 1 - player
        if not opponent_moves_next(state, player) or not winning_placements(state, other):
            return list(moves)
        blocking = []
        for move in moves:
            if move == "pass":
                continue
            after = state.clone()
            after.apply(player, move)
            if after.is_terminal() or not winning_placements(after, other):
                blocking.append(move)
        return blocking or list(moves)

    def playout_move(
        self, state: State, player: int, moves: Sequence[Move], rng: random.Random
    ) -> Move:
        assert isinstance(state, KwintyState)
        if len(moves) == 1:
            return moves[0]
        mine = state._placements(player)
        geo = state.geo
        occ = state.occ[player]
        for p in mine:
            if has_five(occ | cells_of(geo, *p), geo):
                return Move(notation(*p))
        other = 1 - player
        if opponent_moves_next(state, player):
            threats = winning_placements(state, other)
            if threats:
                danger = 0
                for p in threats:
                    danger |= cells_of(geo, *p)
                covering = [p for p in mine if cells_of(geo, *p) & danger]
                if covering:
                    return Move(notation(*covering[rng.randrange(len(covering))]))
        return moves[rng.randrange(len(moves))]


def make_heuristics(game: Game) -> Heuristics:
    return KwintyHeuristics(game)
