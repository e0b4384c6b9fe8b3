"""Why a Counterplays move is refused, in French and English."""

from __future__ import annotations

from tablier.core.messages import Catalogue

REFUSALS = Catalogue(
    "counterplays",
    {
        "refusal.not_notation": {
            "fr": "{move!r} n'est pas un coup de Counterplays : écrivez la lettre d'une tuile, "
            "deux-points et ses six cases, par exemple {example}",
            "en": "{move!r} is not a Counterplays move: write a tile letter, a colon and its "
            "six cells, e.g. {example}",
        },
        "refusal.no_tile": {
            "fr": "il n'y a pas de tuile {letter!r} : les tuiles sont {letters}",
            "en": "there is no tile {letter!r}: the tiles are {letters}",
        },
        "refusal.not_cell": {
            "fr": "{part!r} n'est pas une case : une case s'écrit x,y (des nombres entiers), "
            "séparées par « ; », par exemple {example}",
            "en": "{part!r} is not a cell: cells are written x,y (whole numbers), "
            "separated by ';', e.g. {example}",
        },
        "refusal.too_far": {
            "fr": "la case {x},{y} est trop loin des tuiles pour être atteinte",
            "en": "cell {x},{y} is too far away from the tiles to be reached",
        },
        "refusal.twice": {
            "fr": "une case est nommée deux fois : une tuile couvre six cases différentes",
            "en": "a cell is named twice: a tile covers six different cells",
        },
        "refusal.six_cells": {
            "fr": "une tuile couvre exactement six cases, pas {n}",
            "en": "a tile covers exactly six cells, not {n}",
        },
        "refusal.not_joined": {
            "fr": "ces six cases ne forment pas un hexiamant : elles ne se tiennent pas toutes",
            "en": "these six cells do not form a hexiamond: they are not all joined",
        },
        "refusal.other_tile": {
            "fr": "ces cases forment la tuile {found}, pas la tuile {letter} (aucune rotation "
            "ni symétrie de {letter} ne les couvre)",
            "en": "these cells form tile {found}, not tile {letter} (in no rotation or "
            "reflection does {letter} cover them)",
        },
        "refusal.placed": {
            "fr": "la tuile {letter} est déjà posée : {colour} n'en a pas d'autre",
            "en": "tile {letter} is already placed: {colour} has no other",
        },
        "refusal.first": {
            "fr": "la première tuile se pose avec sa case la plus basse et la plus à gauche en "
            "0,0 (quand ce triangle pointe vers le haut) ou en 1,0 (vers le bas) : ici "
            "c'est {expected}",
            "en": "the first tile is placed with its lowest, leftmost cell at 0,0 (when "
            "that cell points up) or 1,0 (when it points down): here that is {expected}",
        },
        "refusal.overlap": {
            "fr": "la tuile {letter} ne serait pas à plat : {hanging} de ses triangles seraient "
            "sur la table et les autres sur des tuiles ; une tuile ne peut pas chevaucher en "
            "partie les tuiles posées, elle repose entièrement sur la table ou entièrement "
            "sur des tuiles d'une même hauteur",
            "en": "tile {letter} would not lie flat: {hanging} of its triangles would be on the "
            "table and the others on tiles; a tile may not partly overlap the tiles "
            "already placed, it lies wholly on the table or wholly on tiles of one height",
        },
        "refusal.uneven": {
            "fr": "la tuile {letter} ne serait pas à plat : les cases sous elle sont à des "
            "hauteurs différentes ({low} et {high}), et chaque triangle doit être soutenu",
            "en": "tile {letter} would not lie flat: the cells under it stand at different "
            "heights ({low} and {high}), and every triangle must be supported",
        },
        "refusal.no_edge": {
            "fr": "la tuile {letter} doit partager un côté avec une tuile posée sur la table ; "
            "toucher seulement par un coin, ou pas du tout, ne suffit pas",
            "en": "tile {letter} must share an edge with a tile on the table; touching "
            "only at a corner, or not at all, is not enough",
        },
        "refusal.one_tile": {
            "fr": "la tuile {letter} ne reposerait que sur une seule tuile (la {under} de "
            "{owner}) : au-dessus de la table, une tuile repose sur au moins deux tuiles",
            "en": "tile {letter} would rest on only one tile ({owner}'s {under}): "
            "a tile above the table must rest on at least two tiles",
        },
        "refusal.not_highest": {
            "fr": "la tuile {letter} doit être posée au niveau {best}, le plus haut qu'elle "
            "puisse atteindre",
            "en": "tile {letter} must be placed at level {best}, the highest this tile can reach",
        },
    },
)
