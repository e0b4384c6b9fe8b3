"""Everything Trio says to people, in French and English."""

from __future__ import annotations

from collections.abc import Mapping

from tablier.core.messages import Catalogue

SEAT_NAMES: Mapping[str, tuple[str, ...]] = {"fr": ("Croix", "Rond"), "en": ("Cross", "Nought")}

TEXTS = Catalogue(
    "trio",
    {
        "refusal.not_a_square": {
            "fr": "« {move} » ne nomme pas une case : écrivez une lettre puis un chiffre, comme b3",
            "en": '"{move}" names no square: write a letter then a digit, like b3',
        },
        "refusal.off_board": {
            "fr": "la case {move} est hors du plateau de {size} × {size}",
            "en": "square {move} is off the {size} × {size} board",
        },
        "refusal.taken": {
            "fr": "la case {move} est déjà prise",
            "en": "square {move} is already taken",
        },
        "move.place": {"fr": "marque la case {square}", "en": "marks square {square}"},
        "outcome.line": {
            "fr": "{seat_name} aligne trois marques",
            "en": "{seat_name} lines up three marks",
        },
        "outcome.full": {
            "fr": "plateau plein sans alignement : partie nulle",
            "en": "the board is full with no line: a draw",
        },
        "board.to_move": {"fr": "au tour de {seat_name}", "en": "{seat_name} to move"},
    },
)
