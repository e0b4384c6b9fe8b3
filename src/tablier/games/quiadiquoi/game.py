"""QuiAdiQuoi: the game, its options and the deck it plays with."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tablier.core.game import Game
from tablier.core.options import Option
from tablier.core.state import State
from tablier.games.quiadiquoi.deck import Card, Deck, load_deck, resolve_deck

DIE_FACES: tuple[str, ...] = ("blank", "magic", "clues", "imposed", "steal_token", "steal_card")
DEFAULT_DIE = ",".join(DIE_FACES)
PACKS: tuple[str, ...] = ("blue", "mixed", "separate")


def parse_die_faces(text: str) -> tuple[str, ...]:
    """`die_faces` is a comma-separated list of face names (a face may repeat)."""
    faces = tuple(part.strip() for part in text.split(",") if part.strip())
    unknown = [f for f in faces if f not in DIE_FACES]
    if not faces or unknown:
        raise ValueError(
            f"option 'die_faces' cannot be {text!r}; give a comma-separated list of faces "
            f"among: {', '.join(DIE_FACES)}"
        )
    return faces


class QuiAdiQuoiGame(Game):
    id = "quiadiquoi"
    name = "QuiAdiQuoi"
    min_players = 3
    max_players = 6
    default_players = 4
    hidden_information = True
    text_moves = True
    duration_minutes = (30, 60)
    pitch: ClassVar[dict[str, str]] = {
        "fr": "Jeu d'ambiance sur les citations : trouvez qui a dit quoi, "
        "puis restituez les phrases pour gagner les cartes.",
        "en": "A party quiz on quotations: find who said what, then recite the "
        "words faithfully to win the cards.",
    }
    option_specs = (
        Option(
            "cards_to_win",
            3,
            kind=int,
            minimum=3,
            maximum=12,
            help={
                "fr": "cartes à posséder pour gagner (au moins une par catégorie)",
                "en": "cards needed to win (at least one of each category)",
            },
        ),
        Option(
            "prep_rounds",
            1,
            choices=(1, 2),
            help={
                "fr": "tours de préparation sans dé ni 3e compartiment",
                "en": "preparation rounds without the die or compartment 3",
            },
        ),
        Option("die", True, kind=bool, help={"fr": "jouer avec le dé", "en": "play with the die"}),
        Option(
            "die_faces",
            DEFAULT_DIE,
            help={
                "fr": "faces du dé, séparées par des virgules : " + DEFAULT_DIE,
                "en": "the die's faces, comma-separated: " + DEFAULT_DIE,
            },
        ),
        Option(
            "difficulty",
            "base",
            choices=("base", "all"),
            help={
                "fr": "base : cartes à une étoile ; all : toutes",
                "en": "base: one-star cards; all: every card",
            },
        ),
        Option(
            "answer_seconds",
            20,
            kind=int,
            minimum=5,
            maximum=600,
            nullable=True,
            help={
                "fr": "temps de réponse (None : pas de chrono)",
                "en": "seconds per answer (None: no clock)",
            },
        ),
        Option(
            "packs",
            "blue",
            choices=PACKS,
            help={
                "fr": "blue : faces bleues ; mixed : faces mêlées ; separate : paquets séparés",
                "en": "blue: blue faces; mixed: mixed faces; separate: author and phrase packs",
            },
        ),
        Option(
            "challenge",
            False,
            kind=bool,
            help={"fr": "variante défi", "en": "challenge variant"},
        ),
        Option(
            "reader_confirms",
            True,
            kind=bool,
            help={
                "fr": "le lecteur valide chaque réponse",
                "en": "the reader confirms every verdict",
            },
        ),
        Option(
            "deck",
            "base-fr",
            help={
                "fr": "paquet livré (base-fr, test-fr) ou chemin d'un fichier",
                "en": "a shipped deck (base-fr, test-fr) or a file path",
            },
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.die_faces = parse_die_faces(self.options["die_faces"])
        self.deck: Deck = load_deck(resolve_deck(self.options["deck"]))
        self.active_cards: list[Card] = [
            card
            for card in self.deck.cards
            if self.options["difficulty"] == "all" or card.difficulty == 1
        ]
        if len(self.active_cards) < 2:
            raise ValueError(
                f"the deck {self.deck.name!r} has fewer than 2 cards of the chosen difficulty; "
                "try difficulty='all'"
            )

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> State:
        from tablier.games.quiadiquoi.state import QuiAdiQuoiState

        if setup:
            raise ValueError(f"quiadiquoi takes no setup arguments, not {', '.join(setup)}")
        return QuiAdiQuoiState(self, seed, num_players, deal=True)

    def state_from_observation(
        self, observation: dict[str, Any], seat: int | None, rng: random.Random
    ) -> State:
        """A state consistent with the observation: hidden cards are sampled with `rng`."""
        from tablier.games.quiadiquoi.restore import restore_state

        return restore_state(self, observation, rng)
