"""The text picture of a Turris position: the tower level by level and its five views."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.games.turris.geometry import CELLS, FILES, cell_at
from tablier.games.turris.views import View, totals

if TYPE_CHECKING:
    from tablier.games.turris.state import TurrisState

LETTERS = ("W", "B")
COLOURS = ("White", "Black")


def _side_by_side(blocks: list[list[str]], gap: str = "    ", per_line: int = 5) -> list[str]:
    out: list[str] = []
    for start in range(0, len(blocks), per_line):
        chunk = blocks[start : start + per_line]
        widths = [max(len(line) for line in block) for block in chunk]
        height = max(len(block) for block in chunk)
        for i in range(height):
            parts = [
                (block[i] if i < len(block) else "").ljust(w)
                for block, w in zip(chunk, widths, strict=True)
            ]
            out.append(gap.join(parts).rstrip())
        out.append("")
    return out


def _level_block(state: TurrisState, z: int) -> list[str]:
    """One level seen from above: rank 3 at the top, file a on the left.

    `^` marks the lower cube of a vertical piece, `'` its upper cube; `-` and `|` join
    the two cubes of a horizontal piece."""
    lines = [f"level {z}"]

    def label(cell: int) -> str:
        piece_id = state.piece_at(cell, z)
        if piece_id < 0:
            return ". "
        piece = state.pieces[piece_id]
        assert piece is not None
        owner, vertical, _cells, base = piece
        mark = " " if not vertical else "^" if base == z else "'"
        return LETTERS[owner] + mark

    def joined(c1: int, c2: int) -> bool:
        p1 = state.piece_at(c1, z)
        if p1 < 0 or p1 != state.piece_at(c2, z):
            return False
        piece = state.pieces[p1]
        return piece is not None and not piece[1]

    for y in (2, 1, 0):
        row = f"{y + 1} "
        for x in (0, 1, 2):
            cell = cell_at(x, y)
            text = label(cell)
            if x < 2 and joined(cell, cell_at(x + 1, y)):
                text = text[0] + "-"
            row += text + (" " if x < 2 else "")
        lines.append(row.rstrip())
        if y > 0:
            bars = "  " + " ".join(
                "| " if joined(cell_at(x, y), cell_at(x, y - 1)) else "  " for x in (0, 1, 2)
            )
            lines.append(bars.rstrip())
    lines.append("  " + "  ".join(FILES))
    return lines


def _view_block(view: View) -> list[str]:
    title = f"face {view.name}" if view.name != "roof" else "roof"
    lines = [title, f"from {view.side}"]
    width = max(len(label) for label in view.row_labels) if view.row_labels else 1
    for r, label in enumerate(view.row_labels):
        row = []
        for c in range(len(view.column_labels)):
            owner = view.cells[r][c]
            if owner is None:
                row.append(".")
            else:
                letter = LETTERS[owner]
                row.append(letter if view.depth[r][c] == 0 else letter.lower())
        lines.append(f"{label.rjust(width)} " + " ".join(row))
    lines.append(" " * (width + 1) + " ".join(view.column_labels))
    lines.append(f"W {view.points[0]}  B {view.points[1]}")
    return lines


def render(state: TurrisState) -> str:
    from tablier.games.turris.state import BONUS, OVER

    out: list[str] = []
    if state.phase == OVER:
        white, black = totals(state.final_views())
        result = "a draw" if white == black else f"{COLOURS[0 if white > black else 1]} wins"
        out.append(f"Turris — game over: White {white}, Black {black}: {result}")
    else:
        who = f"{COLOURS[state.to_move]} ({LETTERS[state.to_move]})"
        doing = (
            "bonus: place a piece, remove an opponent's piece or skip"
            if state.phase == BONUS
            else "place a piece"
        )
        out.append(f"Turris — {who} to move: {doing}")
    out.append(
        f"Pieces left: White {state.supply[0]}, Black {state.supply[1]}.  "
        f"Lowest unfinished level: {state.lowest_incomplete()}"
    )
    last = [state.piece_name(state.last_placed[p]) for p in (0, 1)]
    if any(last):
        out.append(
            "Last placed: " + ", ".join(f"{COLOURS[p]} {last[p]}" for p in (0, 1) if last[p])
        )
    for p in (0, 1):
        if state.forbidden[p]:
            spots = ", ".join(f"{CELLS[c]}@{z}" for c, z in sorted(state.forbidden[p]))
            out.append(f"Freed by a removal, closed to {COLOURS[p]}'s next placement: {spots}")
    out.append("")
    height = max(state.heights)
    if height == 0:
        out.append("The tower is empty.")
        out.append("")
    else:
        out.append("The tower from above, top level first (W White, B Black;")
        out.append("^ lower and ' upper cube of a vertical piece; - and | join a horizontal one):")
        out.extend(_side_by_side([_level_block(state, z) for z in range(height, 0, -1)]))
        views = state.views()
        out.append("The five views with each player's points")
        out.append("(a lower-case letter is a cube seen behind, or below, the front):")
        out.extend(_side_by_side([_view_block(v) for v in views.values()]))
        white, black = totals(views)
        label = "Final score" if state.phase == OVER else "Score so far"
        out.append(f"{label}: White {white}, Black {black}")
    return "\n".join(out).rstrip() + "\n"
