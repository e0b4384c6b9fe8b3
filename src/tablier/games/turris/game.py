"""The Turris game: its options and how a game starts."""

from __future__ import annotations

from typing import Any, ClassVar

from tablier.core.facts import Presentation, RuleFacts
from tablier.core.game import Game
from tablier.core.hooks import Hooks
from tablier.core.messages import WHITE_BLACK
from tablier.core.options import Option
from tablier.games.turris.render import TEXTS
from tablier.games.turris.state import TurrisState


class TurrisGame(Game):
    id = "turris"
    name = "Turris"
    facts = RuleFacts(draws_lots=True)  # the rule text draws lots for the first player
    presentation = Presentation(
        pitch={
            "fr": "Bâtissez à deux une tour de 3×3 et couvrez ses faces de votre couleur.",
            "en": "Build a 3×3 tower together and cover its faces with your colour.",
        },
        duration_minutes=(15, 30),
        seat_names=WHITE_BLACK,
        outcome_messages=TEXTS,
    )
    hooks = Hooks(
        heuristics="tablier.games.turris.heuristics:make_heuristics",
        research_interface="tablier.games.turris.actions:interface",
        web_assets={
            "board": "js/boards/turris-board.js",
            "messages": "i18n/boards/turris.{lang}.json",
        },
    )
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "bonus_chain",
            False,
            label={"fr": "Bonus en chaîne", "en": "Chained bonus"},
            kind=bool,
            help={
                "fr": "Une pose bonus au centre rapporte elle aussi un bonus.",
                "en": "A bonus placement on the centre earns another bonus too.",
            },
        ),
    )

    def max_game_length(self) -> int:
        # removals give pieces back, so no short bound is proven: a cap far above the
        # longest games played (random play included)
        return 600

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> TurrisState:
        if setup:
            raise ValueError(f"turris takes no setup arguments, not {', '.join(sorted(setup))}")
        return TurrisState(self, seed, num_players)
