"""Why a move is refused: each rule checked on its own, in plain words.

These checks are written independently of the fast move generator in `state.py`
(rule e) in particular is worked out here by simulating the tower after the move), so
tests can check that the two agree on every move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.games.turris.geometry import CELLS, CENTRE, NEIGHBOURS, Piece, cubes
from tablier.games.turris.notation import PAIR_INDEX, Parsed

if TYPE_CHECKING:
    from tablier.games.turris.state import TurrisState

NOT_NOTATION = (
    "not Turris notation: write a vertical piece as Vb2, a horizontal one as Ha1b1, "
    "a bonus removal as xa1@3, or skip / pass"
)


def refusal(state: TurrisState, player: int, parsed: Parsed) -> str | None:
    """Why the awaited `player` may not play the move `parsed` now; None if he may."""
    kind, cells, level = parsed
    if kind == "":
        return NOT_NOTATION
    if kind == "pass":
        if state.in_bonus:
            return "during a bonus choose a placement, a removal or skip, not pass"
        if state.has_placement(player):
            return "you may pass only when you have no legal placement"
        return None
    if kind == "skip":
        return (
            None
            if state.in_bonus
            else "skip only declines a centre bonus, and you have no bonus now"
        )
    if kind == "x":
        return _removal(state, player, cells[0], level)
    return _placement(state, player, kind == "V", cells)


def _rule_e(
    state: TurrisState, removed: list[tuple[int, int]], added: list[tuple[int, int]]
) -> str | None:
    """Rule e) on the tower as it would be after removing and adding these cubes."""
    counts = state.level_count[:]
    heights = state.heights[:]
    for c, z in removed:
        counts[z] -= 1
        heights[c] = min(heights[c], z - 1)
    for c, z in added:
        counts[z] += 1
        heights[c] = max(heights[c], z)
    lowest = 1
    while counts[lowest] == 9:
        lowest += 1
    top = max(heights)
    if top <= lowest + 2:
        return None
    return (
        f"there would be a cube at level {top} while level {lowest} is unfinished: "
        "no cube may be more than two levels above the lowest unfinished level (rule e)"
    )


def _removal(state: TurrisState, player: int, cell: int, level: int) -> str | None:
    if not state.in_bonus:
        return "a piece may be removed only as the bonus for playing on the centre b2"
    piece_id = state.piece_at(cell, level)
    if piece_id < 0:
        return f"there is no cube at {CELLS[cell]} level {level}"
    piece = state.pieces[piece_id]
    assert piece is not None
    owner = piece[0]
    if owner == player:
        return "you may remove only one of your opponent's pieces"
    if piece_id == state.last_placed[owner]:
        return "the piece your opponent placed last may not be removed"
    own = cubes(piece)
    for c, z in own:
        above = state.piece_at(c, z + 1)
        if above >= 0 and above != piece_id:
            return "another piece rests on it"
    return _rule_e(state, own, [])


def _placement(
    state: TurrisState, player: int, vertical: bool, cells: tuple[int, ...]
) -> str | None:
    if state.supply[player] == 0:
        return "you have no pieces left to place"
    heights = state.heights
    if not vertical:
        a, b = cells
        if (a, b) not in PAIR_INDEX:
            return "the two cells of a horizontal piece must be side by side"
        if heights[a] != heights[b]:
            return (
                f"{CELLS[a]} is {heights[a]} high and {CELLS[b]} is {heights[b]} high: "
                "a piece must rest entirely on the ground or on cubes (rule b)"
            )
        if heights[a] == 0:
            return "a horizontal piece must bridge two pieces, so not lie on the ground (rule d)"
        if state.piece_at(a, heights[a]) == state.piece_at(b, heights[b]):
            return "a horizontal piece must bridge two different pieces (rule d)"
    z = heights[cells[0]] + 1
    piece: Piece = (player, vertical, cells, z)
    new = cubes(piece)
    broken = _rule_e(state, [], new)
    if broken:
        return broken
    if vertical and state.pieces:
        c = cells[0]
        beside = [(n, lz) for n in NEIGHBOURS[c] for _c, lz in new]
        if z == 1 and not any(state.piece_at(n, lz) >= 0 for n, lz in beside):
            return "every new piece must touch a piece already in the tower (rule a)"
        if not any(state.piece_at(n, lz) >= 0 for n, lz in beside):
            return "a vertical piece must touch another piece along one of its long sides (rule c)"
    for c, lz in new:
        if c == CENTRE and not any(state.piece_at(o, lz) >= 0 for o in range(9) if o != CENTRE):
            return (
                f"the centre b2 of level {lz} may be filled only once another cell of that "
                "level holds a cube (rule f)"
            )
    forbidden = state.forbidden[player]
    for c, lz in new:
        if (c, lz) in forbidden:
            return (
                f"{CELLS[c]} level {lz} was freed by a removal: your next placement may not fill it"
            )
    return None
