"""The text picture of a Turris position (the tower level by level and its five views)
and the words for how a game ended, in French and English."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablier.core.messages import Catalogue, seat_colour
from tablier.games.turris.geometry import CELLS, FILES, cell_at
from tablier.games.turris.observation import BONUS, OVER
from tablier.games.turris.views import View, totals

if TYPE_CHECKING:
    from tablier.games.turris.state import TurrisState

TEXTS = Catalogue(
    "turris.render",
    {
        "outcome.score": {
            "fr": "décompte des cinq vues : {totals_0} contre {totals_1}",
            "en": "the five views counted: {totals_0} to {totals_1}",
        },
        "letter.0": {"fr": "B", "en": "W"},
        "letter.1": {"fr": "N", "en": "B"},
        "level": {"fr": "niveau {z}", "en": "level {z}"},
        "face": {"fr": "face {name}", "en": "face {name}"},
        "roof": {"fr": "toit", "en": "roof"},
        "from": {"fr": "côté {side}", "en": "from {side}"},
        "side.A": {"fr": "rangée 1", "en": "rank 1"},
        "side.B": {"fr": "colonne c", "en": "file c"},
        "side.C": {"fr": "rangée 3", "en": "rank 3"},
        "side.D": {"fr": "colonne a", "en": "file a"},
        "side.roof": {"fr": "dessus", "en": "above"},
        "points": {"fr": "{l0} {p0}  {l1} {p1}", "en": "{l0} {p0}  {l1} {p1}"},
        "draw": {"fr": "partie nulle", "en": "a draw"},
        "wins": {"fr": "{colour} gagne", "en": "{colour} wins"},
        "over": {
            "fr": "Turris — partie finie : Blanc {white}, Noir {black} : {result}",
            "en": "Turris — game over: White {white}, Black {black}: {result}",
        },
        "doing.bonus": {
            "fr": "bonus : poser une pièce, retirer une pièce adverse ou passer (skip)",
            "en": "bonus: place a piece, remove an opponent's piece or skip",
        },
        "doing.place": {"fr": "poser une pièce", "en": "place a piece"},
        "to_move": {
            "fr": "Turris — {colour} ({letter}) au trait : {doing}",
            "en": "Turris — {colour} ({letter}) to move: {doing}",
        },
        "supply": {
            "fr": "Pièces restantes : Blanc {white}, Noir {black}.  "
            "Plus bas niveau inachevé : {lowest}",
            "en": "Pieces left: White {white}, Black {black}.  Lowest unfinished level: {lowest}",
        },
        "last": {"fr": "Dernières posées : {list}", "en": "Last placed: {list}"},
        "last_item": {"fr": "{colour} {piece}", "en": "{colour} {piece}"},
        "freed": {
            "fr": "Libéré par un retrait, interdit à la prochaine pose de {colour} : {spots}",
            "en": "Freed by a removal, closed to {colour}'s next placement: {spots}",
        },
        "empty": {"fr": "La tour est vide.", "en": "The tower is empty."},
        "legend1": {
            "fr": "La tour vue de dessus, niveau le plus haut d'abord (B Blanc, N Noir ;",
            "en": "The tower from above, top level first (W White, B Black;",
        },
        "legend2": {
            "fr": "^ cube du bas et ' cube du haut d'une verticale ; "
            "- et | joignent une horizontale) :",
            "en": "^ lower and ' upper cube of a vertical piece; - and | join a horizontal one):",
        },
        "views1": {
            "fr": "Les cinq vues avec les points de chacun",
            "en": "The five views with each player's points",
        },
        "views2": {
            "fr": "(une minuscule : un cube vu en retrait, ou plus bas que le sommet) :",
            "en": "(a lower-case letter is a cube seen behind, or below, the front):",
        },
        "final": {
            "fr": "Score final : Blanc {white}, Noir {black}",
            "en": "Final score: White {white}, Black {black}",
        },
        "so_far": {
            "fr": "Score actuel : Blanc {white}, Noir {black}",
            "en": "Score so far: White {white}, Black {black}",
        },
    },
)


def _letters(lang: str) -> tuple[str, str]:
    return TEXTS.text("letter.0", lang), TEXTS.text("letter.1", lang)


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


def _level_block(state: TurrisState, z: int, lang: str) -> list[str]:
    """One level seen from above: rank 3 at the top, file a on the left.

    `^` marks the lower cube of a vertical piece, `'` its upper cube; `-` and `|` join
    the two cubes of a horizontal piece."""
    lines = [TEXTS.text("level", lang, z=z)]
    letters = _letters(lang)

    def label(cell: int) -> str:
        piece_id = state.piece_at(cell, z)
        if piece_id < 0:
            return ". "
        piece = state.pieces[piece_id]
        assert piece is not None
        owner, vertical, _cells, base = piece
        mark = " " if not vertical else "^" if base == z else "'"
        return letters[owner] + mark

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


def _view_block(view: View, lang: str) -> list[str]:
    letters = _letters(lang)
    title = (
        TEXTS.text("face", lang, name=view.name)
        if view.name != "roof"
        else TEXTS.text("roof", lang)
    )
    lines = [title, TEXTS.text("from", lang, side=TEXTS.message(f"side.{view.name}"))]
    width = max(len(label) for label in view.row_labels) if view.row_labels else 1
    for r, label in enumerate(view.row_labels):
        row = []
        for c in range(len(view.column_labels)):
            owner = view.cells[r][c]
            if owner is None:
                row.append(".")
            else:
                letter = letters[owner]
                row.append(letter if view.depth[r][c] == 0 else letter.lower())
        lines.append(f"{label.rjust(width)} " + " ".join(row))
    lines.append(" " * (width + 1) + " ".join(view.column_labels))
    lines.append(
        TEXTS.text(
            "points", lang, l0=letters[0], p0=view.points[0], l1=letters[1], p1=view.points[1]
        )
    )
    return lines


def render(state: TurrisState, lang: str = "fr") -> str:
    def say(key: str, **params: Any) -> str:
        return TEXTS.text(key, lang, **params)

    out: list[str] = []
    if state.phase == OVER:
        white, black = totals(state.final_views())
        result: Any = TEXTS.message("draw")
        if white != black:
            result = TEXTS.message("wins", colour=seat_colour(0 if white > black else 1))
        out.append(say("over", white=white, black=black, result=result))
    else:
        mover = state.to_move
        doing = TEXTS.message("doing.bonus" if state.phase == BONUS else "doing.place")
        out.append(
            say("to_move", colour=seat_colour(mover), letter=_letters(lang)[mover], doing=doing)
        )
    out.append(
        say(
            "supply", white=state.supply[0], black=state.supply[1], lowest=state.lowest_incomplete()
        )
    )
    last = [state.piece_name(state.last_placed[p]) for p in (0, 1)]
    if any(last):
        items = [say("last_item", colour=seat_colour(p), piece=last[p]) for p in (0, 1) if last[p]]
        out.append(say("last", list=", ".join(items)))
    for p in (0, 1):
        if state.forbidden[p]:
            spots = ", ".join(f"{CELLS[c]}@{z}" for c, z in sorted(state.forbidden[p]))
            out.append(say("freed", colour=seat_colour(p), spots=spots))
    out.append("")
    height = max(state.heights)
    if height == 0:
        out.append(say("empty"))
        out.append("")
    else:
        out.append(say("legend1"))
        out.append(say("legend2"))
        out.extend(_side_by_side([_level_block(state, z, lang) for z in range(height, 0, -1)]))
        views = state.views()
        out.append(say("views1"))
        out.append(say("views2"))
        out.extend(_side_by_side([_view_block(v, lang) for v in views.values()]))
        white, black = totals(views)
        out.append(say("final" if state.phase == OVER else "so_far", white=white, black=black))
    return "\n".join(out).rstrip() + "\n"
