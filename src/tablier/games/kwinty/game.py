"""Kwintie / Kwinty: five in a line with 1×2 pieces in a vertical wall."""

from __future__ import annotations

from typing import Any, ClassVar

from tablier.core.facts import Presentation, RuleFacts
from tablier.core.game import Game
from tablier.core.hooks import Hooks
from tablier.core.messages import WHITE_BLACK
from tablier.core.options import Option
from tablier.games.kwinty.render import TEXTS
from tablier.games.kwinty.state import PIECES_EACH, KwintyState


class KwintyGame(Game):
    id: ClassVar[str] = "kwinty"
    name: ClassVar[str] = "Kwinty"
    facts = RuleFacts(
        # the rule text draws lots for the first player, and the loser of a game
        # begins the following one
        draws_lots=True,
        loser_starts_next=True,
        # Kwintie is rated apart from Kwinty
        rated_apart=("variant",),
    )
    presentation = Presentation(
        rank=1,
        pitch={
            "fr": "Bâtissez un mur à deux : le premier qui aligne cinq carrés de sa couleur gagne.",
            "en": "Build a wall together and be first to line up five squares of your colour.",
        },
        duration_minutes=(10, 20),
        seat_names=WHITE_BLACK,
        outcome_messages=TEXTS,
    )
    hooks = Hooks(
        heuristics="tablier.games.kwinty.heuristics:make_heuristics",
        research_interface="tablier.games.kwinty.actions:interface",
        research_variants={
            "kwinty": {"variant": "kwinty"},
            "kwintie": {"variant": "kwintie"},
        },
        web_assets={
            "board": "js/boards/kwinty-board.js",
            "messages": "i18n/boards/kwinty.{lang}.json",
        },
    )
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "variant",
            "kwinty",
            label={"fr": "Variante", "en": "Variant"},
            choices=("kwinty", "kwintie"),
            help={
                "fr": "Avec ou sans plateau au pied du mur.",
                "en": "With or without a board at the foot of the wall.",
            },
            value_labels={
                "kwinty": {"fr": "Kwinty (sans plateau)", "en": "Kwinty (no board)"},
                "kwintie": {"fr": "Kwintie (plateau de 9 cases)", "en": "Kwintie (9-square board)"},
            },
            value_help={
                "kwinty": {
                    "fr": "Les pièces se posent côte à côte ; le mur fait au plus 9 × 9.",
                    "en": "Pieces are laid side by side; the wall is at most 9 × 9.",
                },
                "kwintie": {
                    "fr": "Un plateau de 9 cases ; Blanc ne commence pas sur la case du milieu.",
                    "en": "A 9-square board; White does not open on the middle square.",
                },
            },
        ),
        Option(
            "short_faces",
            "ends",
            label={"fr": "Petits côtés", "en": "Short faces"},
            choices=("ends", "strict"),
            help={
                "fr": "Comment les petits côtés de vos pièces touchent vos autres pièces.",
                "en": "How the short faces of your pieces may touch your other pieces.",
            },
            value_labels={
                "ends": {"fr": "Jamais bout à bout", "en": "Never end to end"},
                "strict": {"fr": "Petits côtés à l'écart", "en": "Short faces kept apart"},
            },
            value_help={
                "ends": {
                    "fr": "Deux pièces de même couleur ne se touchent pas bout à bout.",
                    "en": "Two pieces of one colour never touch end to end.",
                },
                "strict": {
                    "fr": "Un petit côté ne touche aucune pièce de sa couleur.",
                    "en": "A short face touches no piece of its own colour.",
                },
            },
        ),
        Option(
            "exhaustion",
            "lines4",
            label={"fr": "Si personne n'aligne cinq", "en": "If nobody makes five"},
            choices=("lines4", "draw"),
            help={
                "fr": "Quand les pièces sont toutes posées sans ligne de cinq.",
                "en": "When every piece is placed and nobody has a line of five.",
            },
            value_labels={
                "lines4": {"fr": "Lignes de quatre", "en": "Lines of four"},
                "draw": {"fr": "Partie nulle", "en": "A draw"},
            },
            value_help={
                "lines4": {
                    "fr": "On compte les lignes de quatre : qui en a le plus gagne.",
                    "en": "Lines of four are counted: whoever has more wins.",
                },
                "draw": {
                    "fr": "La partie est nulle.",
                    "en": "The game is a draw.",
                },
            },
        ),
    )

    def max_game_length(self) -> int:
        # forty placements, and never two passes in a row (the second ends the game)
        return 4 * PIECES_EACH + 1

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> KwintyState:
        if setup:
            raise ValueError(f"kwinty takes no setup, got {', '.join(setup)}")
        return KwintyState(self, seed, num_players)
