"""The text picture of the stack seen from above, and the words for how a game ended,
in French and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tablier.core.messages import Catalogue, seat_colour
from tablier.games.counterplays.geometry import cell_of, is_up, key_of
from tablier.games.counterplays.shapes import LETTERS

if TYPE_CHECKING:
    from tablier.games.counterplays.state import CounterplaysState

TEXTS = Catalogue(
    "counterplays.render",
    {
        "outcome.levels": {
            # the tiles' colours, not the seats': players have names of their own
            "fr": "décidé au niveau {decided_at_level} (tuiles blanches {tiles_at_level_0}, "
            "noires {tiles_at_level_1})",
            "en": "decided on level {decided_at_level} (white tiles {tiles_at_level_0}, "
            "black {tiles_at_level_1})",
        },
        "outcome.equal": {
            "fr": "autant de tuiles de chaque couleur à chaque niveau",
            "en": "as many tiles of each colour on every level",
        },
        "empty": {"fr": "(la table est vide)", "en": "(the table is empty)"},
        "legend": {
            "fr": "Vu de dessus : chaque triangle montre sa tuile du dessus, en MAJUSCULE pour "
            "Blanc, en minuscule pour Noir, puis le niveau de cette tuile. « / » et « \\ » "
            "sont les traits de la grille.",
            "en": "Seen from above: each triangle shows its top tile, UPPER-case for White, "
            "lower-case for Black, then the level of that tile. '/' and '\\' are the grid "
            "lines.",
        },
        "level": {"fr": "niveau {level} : {n}", "en": "level {level}: {n}"},
        "none": {"fr": "aucune", "en": "none"},
        "player": {
            "fr": "{colour} : tuiles restantes {left} ; posées {placed}",
            "en": "{colour}: tiles left {left}; placed {placed}",
        },
        "draw": {
            "fr": "Partie finie : nulle (égalité à tous les niveaux).",
            "en": "Game over: a draw (equal at every level).",
        },
        "won": {
            "fr": "Partie finie : {colour} gagne, décidé au niveau {level}.",
            "en": "Game over: {colour} wins, decided at level {level}.",
        },
        "to_play": {"fr": "{colour} joue.", "en": "{colour} to play."},
    },
)


def render(state: CounterplaysState, lang: str) -> str:
    """The picture, each player's tiles and counts, and whose turn it is or who won."""
    say = TEXTS.text
    lines = picture(state.height, state.top, state.tiles, say("empty", lang))
    lines.append("")
    lines.append(say("legend", lang))
    counts = state.level_counts()
    for p in (0, 1):
        left = "".join(c for c in LETTERS if c in state.left[p]) or say("none", lang)
        placed = ", ".join(
            say("level", lang, level=k + 1, n=c[p]) for k, c in enumerate(counts) if c[p]
        )
        lines.append(
            say(
                "player",
                lang,
                colour=seat_colour(p),
                left=left,
                placed=placed or say("none", lang),
            )
        )
    outcome = state.outcome()
    if outcome is not None:
        level = outcome["decided_at_level"]
        if level is None:
            lines.append(say("draw", lang))
        else:
            winner = seat_colour(outcome["returns"].index(1.0))
            lines.append(say("won", lang, colour=winner, level=level))
    else:
        lines.append(say("to_play", lang, colour=seat_colour(state.current_players()[0])))
    return "\n".join(lines)


def picture(
    height: Mapping[int, int],
    top: Mapping[int, int],
    tiles: Sequence[tuple[int, str, tuple[int, ...], int]],
    empty: str = "(the table is empty)",
) -> list[str]:
    """Rows from the top of the table down, each labelled with its y, x labels above."""
    if not height:
        return [empty]
    cells = [cell_of(k) for k in height]
    x0 = min(x for x, _ in cells) - 1
    x1 = max(x for x, _ in cells) + 1
    y0 = min(y for _, y in cells)
    y1 = max(y for _, y in cells)
    # each cell takes three columns: its left grid line and a two-character label
    ruler = [" "] * (3 * (x1 - x0 + 1) + 1)
    for x in range(x0, x1 + 1):
        if x % 2 == 0:
            label = str(x)
            start = 3 * (x - x0) + 1
            for i, ch in enumerate(label):
                if start + i < len(ruler):
                    ruler[start + i] = ch
    header = "  x " + "".join(ruler).rstrip()
    lines = [header]
    for y in range(y1, y0 - 1, -1):
        row = []
        for x in range(x0, x1 + 1):
            row.append("/" if is_up(x, y) else "\\")
            key = key_of(x, y)
            if key in height:
                owner, letter, _cells, level = tiles[top[key]]
                mark = letter if owner == 0 else letter.lower()
                row.append(f"{mark}{level if level < 10 else '+'}")
            else:
                row.append("  ")
        row.append("\\" if is_up(x1, y) else "/")
        lines.append(f"{y:>3} " + "".join(row))
    lines.append(header)
    return lines
