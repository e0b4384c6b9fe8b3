"""Test helper: set up a Turris tower directly, piece by piece, without the turn rules.

Pieces are stacked on top of their columns (so nothing floats) in the order given;
supplies, the last piece placed by each player and the player to move follow.
"""

from __future__ import annotations

from collections.abc import Iterable

import tablier
from tablier.games.turris.geometry import CELL_INDEX
from tablier.games.turris.state import PIECES_PER_PLAYER, TurrisState

W, B = 0, 1


def put(state: TurrisState, owner: int, text: str) -> None:
    """Stack one piece written `Va1` or `Ha1b1` on top of its columns."""
    vertical = text[0] == "V"
    cells = (CELL_INDEX[text[1:3]],) if vertical else (CELL_INDEX[text[1:3]], CELL_INDEX[text[3:5]])
    z = state.heights[cells[0]] + 1
    assert all(state.heights[c] + 1 == z for c in cells), f"{text} would not rest entirely"
    piece_id = len(state.pieces)
    state.pieces.append((owner, vertical, cells, z))
    cubes = [(cells[0], z), (cells[0], z + 1)] if vertical else [(c, z) for c in cells]
    for c, level in cubes:
        state.grid[level * 9 + c] = piece_id
        state.level_count[level] += 1
        state.heights[c] = level
    state.supply[owner] -= 1
    state.last_placed[owner] = piece_id


def tower(
    pieces: Iterable[tuple[int, str]],
    *,
    to_move: int = W,
    supply: tuple[int, int] | None = None,
    bonus_chain: bool = False,
) -> TurrisState:
    """A state whose tower holds `pieces` ((owner, notation) in stacking order)."""
    state = tablier.load("turris", bonus_chain=bonus_chain).new_state(seed=0)
    assert isinstance(state, TurrisState)
    for owner, text in pieces:
        put(state, owner, text)
    if supply is not None:
        state.supply = list(supply)
    assert all(0 <= s <= PIECES_PER_PLAYER for s in state.supply)
    state.to_move = to_move
    state._legal = None
    return state


def play(state: TurrisState, *moves: str) -> None:
    """Apply moves in turn, each for the player awaited at that moment."""
    for move in moves:
        state.apply(state.current_players()[0], move)


# Levels 1 and 2 complete: nine vertical pieces (owners given as a 3×3 picture,
# rank 3 on the first line, files a to c from left to right).
def ground_floor(picture: str) -> list[tuple[int, str]]:
    rows = [line.split() for line in picture.strip().splitlines()]
    assert len(rows) == 3 and all(len(r) == 3 for r in rows)
    placed = []
    for r, row in enumerate(rows):
        rank = 3 - r
        for f, mark in enumerate(row):
            placed.append((W if mark == "W" else B, f"V{'abc'[f]}{rank}"))
    return placed


MIXED = ground_floor(
    """
    W B B
    W W B
    B W B
    """
)
