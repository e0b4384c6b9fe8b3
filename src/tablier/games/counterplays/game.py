"""The Counterplays game: options and the start of a game."""

from __future__ import annotations

from typing import Any, ClassVar

from tablier.core.facts import Presentation, RuleFacts
from tablier.core.game import Game
from tablier.core.hooks import Hooks
from tablier.core.messages import WHITE_BLACK
from tablier.core.options import Option
from tablier.games.counterplays.render import TEXTS
from tablier.games.counterplays.state import TILES_EACH, CounterplaysState


class Counterplays(Game):
    id: ClassVar[str] = "counterplays"
    name: ClassVar[str] = "Counterplays"
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            name="goal",
            default="highest",
            choices=("highest", "lowest"),
            label={"fr": "But", "en": "Goal"},
            help={
                "fr": "Ce qui désigne le gagnant au décompte final.",
                "en": "What decides the winner in the final count.",
            },
            value_labels={
                "highest": {"fr": "Le plus haut niveau", "en": "The highest level"},
                "lowest": {"fr": "Le niveau 1 (variante)", "en": "Level 1 (variant)"},
            },
            value_help={
                "highest": {
                    "fr": "Le plus de tuiles au niveau le plus haut gagne ; à égalité, "
                    "on compare le niveau en dessous.",
                    "en": "Most tiles on the highest level wins; on a tie, the level "
                    "below decides.",
                },
                "lowest": {
                    "fr": "Le plus de tuiles posées sur la table gagne ; à égalité, on "
                    "compare le niveau au-dessus.",
                    "en": "Most tiles on the table wins; on a tie, the level above decides.",
                },
            },
        ),
    )
    # two players, no chance, no hidden part; "level 1 wins" is rated apart
    facts = RuleFacts(rated_apart=("goal",))
    presentation = Presentation(
        pitch={
            "fr": "Empilez vos douze hexiamants : la règle du plus haut niveau oblige à "
            "monter, et le plus de tuiles tout en haut gagne.",
            "en": "Stack your twelve hexiamonds: you must always build as high as a tile "
            "can go, and most tiles on the top level wins.",
        },
        duration_minutes=(15, 30),
        seat_names=WHITE_BLACK,
        outcome_messages=TEXTS,
    )
    hooks = Hooks(
        heuristics="tablier.games.counterplays.heuristics:make_heuristics",
        research_interface="tablier.games.counterplays.actions:interface",
        # the solo puzzles: in the browser (HTTP routes and a page) and `tablier puzzle ...`
        http_routes="tablier.games.counterplays.puzzles.http:router",
        cli_commands={"puzzle": "tablier.games.counterplays.cli:puzzle_app"},
        web_assets={
            "board": "js/boards/counterplays-board.js",
            "puzzle": "js/boards/counterplays-puzzle.js",
            "messages": "i18n/boards/counterplays.{lang}.json",
        },
    )

    def max_game_length(self) -> int:
        # every move lays one tile, and the game ends when all are laid
        return 2 * TILES_EACH

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> CounterplaysState:
        if setup:
            raise ValueError(f"counterplays takes no setup, not {', '.join(sorted(setup))}")
        return CounterplaysState(self, seed, num_players)
