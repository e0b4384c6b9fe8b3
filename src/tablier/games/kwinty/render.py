"""The wall as a text picture, and the words for how a game ended, in French and English."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.core.messages import Catalogue, seat_colour
from tablier.games.kwinty.geometry import HEIGHT, LETTERS, count_fours

if TYPE_CHECKING:
    from tablier.games.kwinty.state import KwintyState

MARKS = ("○", "●")

TEXTS = Catalogue(
    "kwinty.render",
    {
        "outcome.line": {"fr": "une ligne de cinq", "en": "a line of five"},
        "outcome.exhausted": {
            "fr": "plus de pièces : décompte des lignes de quatre "
            "({lines_of_four_0}–{lines_of_four_1})",
            "en": "no pieces left: lines of four counted ({lines_of_four_0}–{lines_of_four_1})",
        },
        "outcome.blocked": {
            "fr": "plus aucun coup possible : décompte des lignes de quatre "
            "({lines_of_four_0}–{lines_of_four_1})",
            "en": "no move left: lines of four counted ({lines_of_four_0}–{lines_of_four_1})",
        },
        "status": {
            "fr": "○ Blanc : {left0} pièces restantes   ● Noir : {left1} pièces restantes   "
            "lignes de quatre : {fours0}–{fours1}",
            "en": "○ White: {left0} pieces left   ● Black: {left1} pieces left   "
            "lines of four: {fours0}–{fours1}",
        },
        "to_move": {"fr": "{colour} ({mark}) au trait", "en": "{colour} ({mark}) to move"},
        "draw": {"fr": "Partie finie : nulle ({why})", "en": "Game over: draw ({why})"},
        "won": {
            "fr": "Partie finie : {colour} gagne avec {why}",
            "en": "Game over: {colour} wins with {why}",
        },
        "why.line": {"fr": "une ligne de cinq", "en": "a line of five"},
        "why.fours": {"fr": "plus de lignes de quatre", "en": "more lines of four"},
        "why.exhausted": {"fr": "plus de pièces", "en": "no pieces left"},
        "why.blocked": {"fr": "plus aucun coup", "en": "no move left"},
    },
)


def render(state: KwintyState, lang: str) -> str:
    """The wall seen from the front: ○ White, ● Black, ─ and │ join a piece's two cells."""
    owner: dict[tuple[int, int], int] = {}
    joined_right: set[tuple[int, int]] = set()
    joined_up: set[tuple[int, int]] = set()
    for p, c, r, o in state.pieces:
        owner[(c, r)] = p
        if o == "h":
            owner[(c + 1, r)] = p
            joined_right.add((c, r))
        else:
            owner[(c, r + 1)] = p
            joined_up.add((c, r))
    lo, hi = state.frame()
    top = max(max(state.heights), 1)
    lines: list[str] = []
    win = set(state.geo.cells_of(state.win_cells))
    for row in range(min(HEIGHT, top + 1), 0, -1):
        text = f"{row:>2} "
        for col in range(lo, hi + 1):
            cell = (col, row)
            mark = MARKS[owner[cell]] if cell in owner else "·"
            if cell in win:
                mark = "★" if owner[cell] == 0 else "✸"
            text += mark + ("─" if cell in joined_right else " ")
        lines.append(text.rstrip())
        if row > 1:
            under = "   "
            for col in range(lo, hi + 1):
                under += ("│" if (col, row - 1) in joined_up else " ") + " "
            lines.append(under.rstrip())
    lines.append("   " + " ".join(LETTERS[lo : hi + 1]))
    fours = [count_fours(state.occ[p], state.geo) for p in (0, 1)]
    lines.append(
        TEXTS.text(
            "status",
            lang,
            left0=state.left[0],
            left1=state.left[1],
            fours0=fours[0],
            fours1=fours[1],
        )
    )
    if state.to_move is not None:
        mover = state.to_move
        lines.append(TEXTS.text("to_move", lang, colour=seat_colour(mover), mark=MARKS[mover]))
    elif state.winner is None:
        lines.append(TEXTS.text("draw", lang, why=TEXTS.message(f"why.{state.reason}")))
    else:
        why = TEXTS.message("why.line" if state.reason == "line" else "why.fours")
        lines.append(TEXTS.text("won", lang, colour=seat_colour(state.winner), why=why))
    return "\n".join(lines)
