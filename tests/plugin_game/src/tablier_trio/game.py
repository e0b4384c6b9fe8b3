"""Trio's facts: two players, a square board of 3 or 4, three marks in a line win."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tablier.core.game import Game
from tablier.core.messages import Catalogue
from tablier.core.options import Option
from tablier.core.state import State
from tablier_trio.words import SEAT_NAMES, TEXTS


class TrioGame(Game):
    id: ClassVar[str] = "trio"
    name: ClassVar[str] = "Trio"
    seat_names: ClassVar[Mapping[str, tuple[str, ...]]] = SEAT_NAMES
    outcome_messages: ClassVar[Catalogue | None] = TEXTS
    research_interface: ClassVar[str | None] = "tablier_trio.research:interface"
    # its board and the board's words, in this package's web/ folder
    web_assets: ClassVar[Mapping[str, str]] = {
        "board": "tablier_trio:web/trio-board.js",
        "messages": "tablier_trio:web/trio.{lang}.json",
    }
    rank: ClassVar[int] = 90
    duration_minutes: ClassVar[tuple[int, int]] = (1, 3)
    pitch: ClassVar[dict[str, str]] = {
        "fr": "Marquez tour à tour une case : le premier qui aligne trois marques gagne.",
        "en": "Mark a square in turn: the first to line up three marks wins.",
    }
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "size",
            4,
            choices=(4, 3),
            kind=int,
            label={"fr": "Taille du plateau", "en": "Board size"},
            help={
                "fr": "Un plateau de 4 × 4 ou de 3 × 3 cases.",
                "en": "A board of 4 × 4 or 3 × 3 squares.",
            },
        ),
    )

    @property
    def size(self) -> int:
        return int(self.options["size"])

    def max_game_length(self) -> int:
        return self.size * self.size

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> State:
        from tablier_trio.state import TrioState

        if setup:
            raise ValueError(f"trio takes no setup, got {sorted(setup)}")
        return TrioState(self, seed, num_players)
