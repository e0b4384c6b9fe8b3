"""The text picture of the stack, seen from above, and its words in French and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tablier.core.messages import Catalogue
from tablier.games.counterplays.geometry import cell_of, is_up, key_of

TEXTS = Catalogue(
    "counterplays.render",
    {
        "legend": {
            "fr": "Vu de dessus : chaque triangle montre sa tuile du dessus, en MAJUSCULE pour "
            "Blanc, en minuscule pour Noir, puis le niveau de cette tuile. « / » et « \\ » "
            "sont les lignes de la grille.",
            "en": "Seen from above: each triangle shows its top tile, UPPER-case for White, "
            "lower-case for Black, then the level of that tile. '/' and '\\' are the grid "
            "lines.",
        },
        "empty": {"fr": "(la table est vide)", "en": "(the table is empty)"},
        "none": {"fr": "aucune", "en": "none"},
        "level": {"fr": "niveau {level} : {n}", "en": "level {level}: {n}"},
        "seat": {
            "fr": "{colour} : tuiles restantes {left} ; posées {placed}",
            "en": "{colour}: tiles left {left}; placed {placed}",
        },
        "draw": {
            "fr": "Partie terminée : égalité (autant à chaque niveau).",
            "en": "Game over: a draw (equal at every level).",
        },
        "won": {
            "fr": "Partie terminée : {colour} gagne, départagé au niveau {level}.",
            "en": "Game over: {colour} wins, decided at level {level}.",
        },
        "to_play": {"fr": "{colour} joue.", "en": "{colour} to play."},
        "outcome.levels": {
            "fr": "départagé au niveau {decided_at_level}",
            "en": "decided at level {decided_at_level}",
        },
        "outcome.draw": {
            "fr": "autant de tuiles à chaque niveau",
            "en": "as many tiles at every level",
        },
    },
)
LEGEND = TEXTS.text("legend", "en")


def picture(
    height: Mapping[int, int],
    top: Mapping[int, int],
    tiles: Sequence[tuple[int, str, tuple[int, ...], int]],
    lang: str = "fr",
) -> list[str]:
    """Rows from the top of the table down, each labelled with its y, x labels above."""
    if not height:
        return [TEXTS.text("empty", lang)]
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
