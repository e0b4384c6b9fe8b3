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

from tablier.core.game import Game
from tablier.core.heuristics import Heuristics
from tablier.core.move import Move
from tablier.core.state import State
from tablier.games.kwinty import fastplay
from tablier.games.kwinty.geometry import HEIGHT, LETTERS, Geometry, runs_of
from tablier.games.kwinty.state import KwintyState

Placement = tuple[int, int, str]

# weight of a live window holding 1..4 of the player's cells
WINDOW_WEIGHTS = (0.0, 0.05, 0.3, 1.0, 4.0)
EVAL_SCALE = 6.0
# how many of his own moves the threat-space search gives the attacker
THREAT_DEPTH = 6
# the same, at every new node of the search tree (kept short: it runs thousands of times)
LEAF_THREAT_DEPTH = 2


def cells_of(geo: Geometry, col: int, row: int, orient: str) -> int:
    first = 1 << geo.bit(col, row)
    return first | (first << 1 if orient == "h" else first << geo.stride)


def notation(col: int, row: int, orient: str) -> str:
    return f"{LETTERS[col]}{row}{orient}"


def threat_masks(geo: Geometry, mine: int, occupied: int) -> tuple[int, int, int]:
    """Where one piece would complete a line of five for the owner of `mine`.

    Returns (cells that complete a five on their own, left cells of horizontal pairs
    that complete one together, bottom cells of vertical pairs that do). A piece's
    two cells lie on one line only along its own direction, so these cover every way
    a placement can win. Occupied cells are left out.
    """
    single = 0
    hpair = 0
    vpair = 0
    stride = geo.stride
    for d in geo.directions:
        # before_k: the k cells before it along d are mine; after_k: the k cells after
        b1 = mine << d
        b2 = b1 & (mine << 2 * d)
        b3 = b2 & (mine << 3 * d)
        a1 = mine >> d
        a2 = a1 & (mine >> 2 * d)
        a3 = a2 & (mine >> 3 * d)
        single |= (b3 & (mine << 4 * d)) | (b3 & a1) | (b2 & a2) | (b1 & a3)
        single |= a3 & (mine >> 4 * d)
        if d == 1 or d == stride:
            # a pair (x, x + d): runs before x and after x + d add up to three
            pair = b3 | (b2 & (a1 >> d)) | (b1 & (a2 >> d)) | (a3 >> d)
            if d == 1:
                hpair = pair
            else:
                vpair = pair
    free = ~occupied
    return single & free, hpair & free, vpair & free


def completes(geo: Geometry, masks: tuple[int, int, int], col: int, row: int, orient: str) -> bool:
    single, hpair, vpair = masks
    b = geo.bit(col, row)
    if (single >> b) & 1:
        return True
    if orient == "h":
        return bool((single >> (b + 1)) & 1 or (hpair >> b) & 1)
    return bool((single >> (b + geo.stride)) & 1 or (vpair >> b) & 1)


def placements(state: KwintyState, player: int) -> list[Placement]:
    """The legal placements of `player`, read from the engine's legal bit-boards (the
    same set as `KwintyState._placements`, which checks them one by one and is several
    times slower)."""
    vertical, horizontal = state._legal_boards(player)
    stride = state.geo.stride
    found: list[Placement] = []
    for board, orient in ((horizontal, "h"), (vertical, "v")):
        while board:
            low = board & -board
            index = low.bit_length() - 1
            found.append((index % stride, index // stride, orient))
            board ^= low
    return found


def winning_placements(state: KwintyState, player: int) -> list[Placement]:
    """Legal placements of `player` that complete a line of five now."""
    if state.left[player] <= 0:
        return []
    geo = state.geo
    masks = threat_masks(geo, state.occ[player], state.occ[0] | state.occ[1])
    if not any(masks):
        return []
    return [p for p in placements(state, player) if completes(geo, masks, *p)]


def danger_cells(state: KwintyState, player: int) -> int:
    """Cells where `player` threatens to complete a five and that a piece could reach
    next turn (one or two rows above a column's top): a cheap stand-in for his
    winning placements, used in playouts."""
    geo = state.geo
    single, hpair, vpair = threat_masks(geo, state.occ[player], state.occ[0] | state.occ[1])
    threat = single | hpair | (hpair << 1) | vpair | (vpair << geo.stride)
    if not threat:
        return 0
    reach = 0
    lo, hi = state.frame()
    for col in range(lo, hi + 1):
        row = state.heights[col] + 1
        if row <= HEIGHT:
            reach |= 1 << geo.bit(col, row)
            if row < HEIGHT:
                reach |= 1 << geo.bit(col, row + 1)
    return threat & reach


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
    # playouts that take a winning placement when there is one and (with
    # `block_in_playouts`) cover the opponent's reachable threats; see docs/ai.md for
    # what each costs and brings
    threat_playouts = True
    block_in_playouts = False
    # the same playouts in compiled code when it can be built (fastplay.py); False
    # keeps them in Python (for head-to-head runs against the old way)
    compiled_playouts = True

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

    def forced_win(self, state: State, player: int, seconds: float) -> Move | None:
        # imported here: the threat search builds on this module
        from tablier.games.kwinty.threats import forced_win

        assert isinstance(state, KwintyState)
        found = forced_win(state, player, THREAT_DEPTH, seconds)
        return None if found is None else Move(found)

    def proved_returns(self, state: State) -> list[float] | None:
        from tablier.games.kwinty.threats import forced_win

        assert isinstance(state, KwintyState)
        player = state.to_move
        if player is None or forced_win(state, player, LEAF_THREAT_DEPTH, 1.0) is None:
            return None
        return [1.0, -1.0] if player == 0 else [-1.0, 1.0]

    def playout(self, state: State, rng: random.Random) -> list[float]:
        if not self.threat_playouts:
            return super().playout(state, rng)
        assert isinstance(state, KwintyState)
        fast = fastplay.load() if self.compiled_playouts else None
        if state.to_move is None:  # already over: its result, not a playout's
            return [float(v) for v in state.returns()]
        if fast is not None and self.playout_depth is None and not self.block_in_playouts:
            winner = fast.playout(state, rng.getrandbits(64))
            if winner is not None:
                return [0.0, 0.0] if winner < 0 else [1.0, -1.0] if winner == 0 else [-1.0, 1.0]
        choose = self._blocking_choice if self.block_in_playouts else self._choice
        depth = self.playout_depth
        steps = 0
        while state.to_move is not None:
            if depth is not None and steps >= depth:
                return self.evaluate(state)
            steps += 1
            player = state.to_move
            chosen = choose(state, player, rng)
            if chosen is None:
                state.apply(player, "pass")
            else:
                state.play_fast(player, *chosen)
        return [float(v) for v in state.returns()]

    @staticmethod
    def _choice(state: KwintyState, player: int, rng: random.Random) -> Placement | None:
        """The first winning placement of `placements`' order (horizontals, then
        verticals, each by cell) if any, else a uniformly random one, read straight
        from the legal bit-boards without listing them; None: no placement."""
        vertical, horizontal = state._legal_boards(player)
        if not (vertical | horizontal):
            return None
        geo = state.geo
        stride = geo.stride
        single, hpair, vpair = threat_masks(geo, state.occ[player], state.occ[0] | state.occ[1])
        if single | hpair | vpair:
            wins = horizontal & (single | (single >> 1) | hpair)
            orient = "h"
            if not wins:
                wins = vertical & (single | (single >> stride) | vpair)
                orient = "v"
            if wins:
                index = (wins & -wins).bit_length() - 1
                return index % stride, index // stride, orient
        across = horizontal.bit_count()
        k = rng.randrange(across + vertical.bit_count())
        if k < across:
            index, orient = _kth_bit(horizontal, k), "h"
        else:
            index, orient = _kth_bit(vertical, k - across), "v"
        return index % stride, index // stride, orient

    @staticmethod
    def _blocking_choice(state: KwintyState, player: int, rng: random.Random) -> Placement | None:
        """A win if any, else a placement covering the opponent's reachable threats,
        else a random one (`block_in_playouts`)."""
        mine = placements(state, player)
        if not mine:
            return None
        geo = state.geo
        masks = threat_masks(geo, state.occ[player], state.occ[0] | state.occ[1])
        if any(masks):
            wins = [p for p in mine if completes(geo, masks, *p)]
            if wins:
                return wins[0]
        if opponent_moves_next(state, player):
            danger = danger_cells(state, 1 - player)
            if danger:
                covering = [p for p in mine if cells_of(geo, *p) & danger]
                if covering:
                    return covering[rng.randrange(len(covering))]
        return mine[rng.randrange(len(mine))]


def _kth_bit(board: int, k: int) -> int:
    """The index of the k-th lowest set bit of `board` (k from 0)."""
    for _ in range(k):
        board &= board - 1
    return (board & -board).bit_length() - 1


def make_heuristics(game: Game) -> Heuristics:
    return KwintyHeuristics(game)
