"""Why a Counterplays move is refused, in French and English.

Each rule a move may break has a code (`counterplays:refusal.<key>`) and named figures
(cells, letters, levels), so every client shows the refusal in its own language.
"""

from __future__ import annotations

from tablier.core.messages import Catalogue

REFUSALS = Catalogue(
    "counterplays",
    {
        "refusal.not_notation": {
            "fr": "{move!r} n'est pas un coup de Counterplays : écrivez la lettre de la tuile, "
            "deux-points puis ses six triangles, par exemple {example}",
            "en": "{move!r} is not a Counterplays move: write a tile letter, a colon and its "
            "six cells, e.g. {example}",
        },
        "refusal.no_such_tile": {
            "fr": "il n'y a pas de tuile {letter!r} : les tuiles sont {letters}",
            "en": "there is no tile {letter!r}: the tiles are {letters}",
        },
        "refusal.not_a_cell": {
            "fr": "{part!r} n'est pas un triangle : un triangle s'écrit x,y (nombres entiers), "
            "séparés par « ; », par exemple {example}",
            "en": "{part!r} is not a cell: cells are written x,y (whole numbers), "
            "separated by ';', e.g. {example}",
        },
        "refusal.too_far": {
            "fr": "le triangle {x},{y} est trop loin des tuiles pour être atteint",
            "en": "cell {x},{y} is too far away from the tiles to be reached",
        },
        "refusal.named_twice": {
            "fr": "un triangle est nommé deux fois : une tuile couvre six triangles différents",
            "en": "a cell is named twice: a tile covers six different cells",
        },
        "refusal.six_cells": {
            "fr": "une tuile couvre exactement six triangles, pas {n}",
            "en": "a tile covers exactly six cells, not {n}",
        },
        "refusal.not_joined": {
            "fr": "ces six triangles ne forment pas un hexiamant : ils ne se tiennent pas tous",
            "en": "these six cells do not form a hexiamond: they are not all joined",
        },
        "refusal.other_tile": {
            "fr": "ces triangles forment la tuile {shape}, pas la tuile {letter} (aucune "
            "rotation ni aucun retournement de {letter} ne les couvre)",
            "en": "these cells form tile {shape}, not tile {letter} (in no rotation or "
            "reflection does {letter} cover them)",
        },
        "refusal.already_placed": {
            "fr": "la tuile {letter} est déjà posée : {colour} n'en a pas d'autre",
            "en": "tile {letter} is already placed: {colour} has no other",
        },
        "refusal.first_anchor": {
            "fr": "la première tuile se pose avec son triangle le plus bas, puis le plus à "
            "gauche, en 0,0 (s'il pointe vers le haut) ou en 1,0 (s'il pointe vers le bas) : "
            "ici, c'est {move}",
            "en": "the first tile is placed with its lowest, leftmost cell at 0,0 (when "
            "that cell points up) or 1,0 (when it points down): here that is {move}",
        },
        "refusal.partly_on_table": {
            "fr": {
                "one": "la tuile {letter} ne serait pas à plat : {n} de ses triangles serait "
                "sur la table et les autres sur des tuiles ; une tuile ne peut pas "
                "chevaucher en partie les tuiles posées, elle repose tout entière sur la "
                "table ou tout entière sur des tuiles d'une même hauteur",
                "other": "la tuile {letter} ne serait pas à plat : {n} de ses triangles "
                "seraient sur la table et les autres sur des tuiles ; une tuile ne peut pas "
                "chevaucher en partie les tuiles posées, elle repose tout entière sur la "
                "table ou tout entière sur des tuiles d'une même hauteur",
            },
            "en": {
                "one": "tile {letter} would not lie flat: {n} of its triangles would be on "
                "the table and the others on tiles; a tile may not partly overlap the tiles "
                "already placed, it lies wholly on the table or wholly on tiles of one height",
                "other": "tile {letter} would not lie flat: {n} of its triangles would be on "
                "the table and the others on tiles; a tile may not partly overlap the tiles "
                "already placed, it lies wholly on the table or wholly on tiles of one height",
            },
        },
        "refusal.uneven": {
            "fr": "la tuile {letter} ne serait pas à plat : les triangles du dessous sont à "
            "des hauteurs différentes ({low} et {high}), et chaque triangle doit être porté",
            "en": "tile {letter} would not lie flat: the cells under it stand at different "
            "heights ({low} and {high}), and every triangle must be supported",
        },
        "refusal.no_contact": {
            "fr": "la tuile {letter} doit partager un côté avec une tuile posée sur la table ; "
            "se toucher par un coin, ou pas du tout, ne suffit pas",
            "en": "tile {letter} must share an edge with a tile on the table; touching "
            "only at a corner, or not at all, is not enough",
        },
        "refusal.one_tile_under": {
            "fr": "la tuile {letter} reposerait sur une seule tuile (le {under} de {colour}) : "
            "au-dessus de la table, une tuile doit reposer sur au moins deux tuiles",
            "en": "tile {letter} would rest on only one tile ({colour}'s {under}): "
            "a tile above the table must rest on at least two tiles",
        },
        "refusal.not_highest": {
            "fr": "la tuile {letter} doit être posée au niveau {best}, le plus haut que cette "
            "tuile puisse atteindre (règle d)",
            "en": "tile {letter} must be placed at level {best}, the highest this tile can "
            "reach (rule d)",
        },
    },
)
