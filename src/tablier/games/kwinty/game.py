"""Kwintie / Kwinty: five in a line with 1×2 pieces in a vertical wall."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tablier.core.game import Game
from tablier.core.messages import WHITE_BLACK, Catalogue
from tablier.core.options import Option
from tablier.games.kwinty.render import TEXTS
from tablier.games.kwinty.state import KwintyState


class KwintyGame(Game):
    id: ClassVar[str] = "kwinty"
    name: ClassVar[str] = "Kwinty"
    min_players = 2
    draws_lots = True  # the rule text draws lots for the first player
    loser_starts_next = True  # the loser of a game begins the following one
    max_players = 2
    rank: ClassVar[int] = 1
    seat_names: ClassVar[Mapping[str, tuple[str, ...]]] = WHITE_BLACK
    outcome_messages: ClassVar[Catalogue | None] = TEXTS
    research_interface: ClassVar[str | None] = "tablier.games.kwinty.actions:interface"
    pitch: ClassVar[dict[str, str]] = {
        "fr": "Bâtissez un mur à deux et alignez le premier cinq carrés de votre couleur.",
        "en": "Build a wall together and be first to line up five squares of your colour.",
    }
    duration_minutes: ClassVar[tuple[int, int]] = (10, 20)
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "variant",
            "kwinty",
            label={"fr": "Variante", "en": "Variant"},
            choices=("kwinty", "kwintie"),
            help={
                "fr": "kwinty : sans plateau, pièces côte à côte, mur de 9×9 au plus ; "
                "kwintie : plateau de 9 cases, la case centrale e1 interdite au 1er coup.",
                "en": "kwinty: no board, pieces side by side, wall at most 9×9; "
                "kwintie: 9-square board, centre e1 forbidden for White's first piece.",
            },
        ),
        Option(
            "short_faces",
            "ends",
            label={"fr": "Petits côtés", "en": "Short faces"},
            choices=("ends", "strict"),
            help={
                "fr": "ends : deux pièces d'une couleur ne se touchent pas bout à bout ; "
                "strict : un petit côté ne touche aucune pièce de sa couleur.",
                "en": "ends: same-colour pieces never touch end to end; "
                "strict: a short face never touches a same-colour piece.",
            },
        ),
        Option(
            "exhaustion",
            "lines4",
            label={"fr": "Si personne n'aligne cinq", "en": "If nobody makes five"},
            choices=("lines4", "draw"),
            help={
                "fr": "Si personne n'aligne cinq : lines4 = le plus de lignes de quatre "
                "gagne ; draw = partie nulle.",
                "en": "If nobody makes five: lines4 = most lines of four wins; draw = a draw.",
            },
        ),
    )

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> KwintyState:
        if setup:
            raise ValueError(f"kwinty takes no setup, got {', '.join(setup)}")
        return KwintyState(self, seed, num_players)
