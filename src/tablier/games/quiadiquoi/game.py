"""QuiAdiQuoi: the game, its options and the deck it plays with."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from tablier.core.facts import Presentation, RuleFacts
from tablier.core.game import Game
from tablier.core.hooks import Hooks
from tablier.core.messages import Message
from tablier.core.options import Option
from tablier.core.state import State
from tablier.core.uploads import fetch
from tablier.games.quiadiquoi.deck import Card, Deck, builtin_deck_names, load_deck, resolve_deck
from tablier.games.quiadiquoi.render import TEXTS
from tablier.games.quiadiquoi.upload import deck_of

DIE_FACES: tuple[str, ...] = ("blank", "magic", "clues", "imposed", "steal_token", "steal_card")
DEFAULT_DIE = ",".join(DIE_FACES)
PACKS: tuple[str, ...] = ("blue", "mixed", "separate")
# the die's faces for people: a symbol (the one the board draws) and a name
DIE_FACE_LABELS: dict[str, dict[str, str]] = {
    "blank": {"fr": "· Face blanche", "en": "· Blank face"},
    "magic": {"fr": "✦ Jeton magique", "en": "✦ Magic token"},
    "clues": {"fr": "③ Trois indices", "en": "③ Three clues"},
    "imposed": {"fr": "☝ Choix imposé", "en": "☝ Imposed choice"},
    "steal_token": {"fr": "⇄ Jeton volé", "en": "⇄ Stolen token"},
    "steal_card": {"fr": "♠ Carte volée", "en": "♠ Stolen card"},
}
DIE_FACE_HELP: dict[str, dict[str, str]] = {
    "blank": {"fr": "Aucun pouvoir ce tour-ci.", "en": "No power this turn."},
    "magic": {
        "fr": "Une carte bordeaux se paie d'un jeton de n'importe quelle catégorie.",
        "en": "A bordeaux card is paid with a token of any category.",
    },
    "clues": {
        "fr": "Les trois premiers indices sont lus d'un coup.",
        "en": "The first three clues are read at once.",
    },
    "imposed": {
        "fr": "Le lecteur choisit le compartiment à la place du joueur.",
        "en": "The reader chooses the compartment for the player.",
    },
    "steal_token": {
        "fr": "Sans le bon jeton, on paie avec celui d'un adversaire.",
        "en": "Without the right token, one pays with an opponent's.",
    },
    "steal_card": {
        "fr": "On tente de voler une carte adverse, ou on la renvoie au compartiment 3.",
        "en": "One tries to steal an opponent's card, or sends it to compartment 3.",
    },
}


def parse_seats(name: str, text: str) -> tuple[int, ...]:
    """A comma-separated list of seats, e.g. "0,2" ("" for none)."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not all(part.isdigit() and int(part) < QuiAdiQuoiGame.max_players for part in parts):
        raise ValueError(
            f"option {name!r} cannot be {text!r}; give seat numbers separated by commas, e.g. 0,2"
        )
    return tuple(sorted({int(part) for part in parts}))


def parse_seat_targets(name: str, text: str) -> dict[int, int]:
    """Comma-separated `seat=cards` entries, e.g. "1=5,3=4" ("" for none)."""
    targets: dict[int, int] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        seat, _, cards = part.partition("=")
        seat, cards = seat.strip(), cards.strip()
        if not (seat.isdigit() and cards.isdigit()) or int(seat) >= QuiAdiQuoiGame.max_players:
            raise ValueError(
                f"option {name!r} cannot be {text!r}; give seat=cards entries separated by "
                "commas, e.g. 1=5,3=4"
            )
        if not 3 <= int(cards) <= 12:
            raise ValueError(f"option {name!r}: a target of {cards} cards is not within 3..12")
        targets[int(seat)] = int(cards)
    return targets


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
    facts = RuleFacts(
        min_players=3,
        max_players=6,
        default_players=4,
        # hands are hidden; the deck is shuffled and the die rolled by the seeded generator
        hidden_information=True,
        chance=True,
        text_move_templates=("answer:<text>", "recite:<text>", "name:<author>|<quote>"),
        # silence at the answer clock's end is a move of its own (see the rules pages)
        timeout_move="timeout",
    )
    presentation = Presentation(
        pitch={
            "fr": "Jeu d'ambiance sur les citations : trouvez qui a dit quoi, "
            "puis restituez les phrases pour gagner les cartes.",
            "en": "A party quiz on quotations: find who said what, then recite the "
            "words faithfully to win the cards.",
        },
        duration_minutes=(30, 60),
        # played around one table first
        default_opponent="local",
        outcome_messages=TEXTS,
    )
    hooks = Hooks(
        # a quiz is won by knowing the deck, not by searching moves: the levels are
        # guests who remember more or less of it (players.py)
        named_players={
            name: f"tablier.games.quiadiquoi.players:{level}_player"
            for level, names in (
                ("easy", ("easy", "facile")),
                ("medium", ("medium", "moyen")),
                ("hard", ("hard", "difficile")),
                ("expert", ("expert",)),
            )
            for name in names
        },
        # `tablier deck check|import`
        cli_commands={"deck": "tablier.games.quiadiquoi.cli:deck_app"},
        # the board on each phone, and the shared screen of a party
        web_assets={
            "board": "js/boards/quiadiquoi-board.js",
            "host": "js/boards/quiadiquoi-host.js",
            "messages": "i18n/boards/quiadiquoi.{lang}.json",
        },
    )
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "cards_to_win",
            3,
            label={"fr": "Cartes pour gagner", "en": "Cards to win"},
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
            label={"fr": "Tours de préparation", "en": "Preparation rounds"},
            choices=(1, 2),
            help={
                "fr": "tours de préparation sans dé ni 3e compartiment",
                "en": "preparation rounds without the die or compartment 3",
            },
            value_labels={
                "1": {"fr": "Un tour", "en": "One round"},
                "2": {"fr": "Deux tours", "en": "Two rounds"},
            },
        ),
        Option(
            "die",
            True,
            kind=bool,
            help={"fr": "jouer avec le dé", "en": "play with the die"},
            label={"fr": "Dé", "en": "Die"},
        ),
        Option(
            "die_faces",
            DEFAULT_DIE,
            label={"fr": "Faces du dé", "en": "Die faces"},
            help={
                "fr": "Les faces du dé : décochez celles dont vous ne voulez pas.",
                "en": "The die's faces: untick those you do not want.",
            },
            parts=DIE_FACES,
            value_labels=DIE_FACE_LABELS,
            value_help=DIE_FACE_HELP,
        ),
        Option(
            "difficulty",
            "base",
            label={"fr": "Difficulté", "en": "Difficulty"},
            choices=("base", "all"),
            help={
                "fr": "Quelles cartes du paquet sont jouées.",
                "en": "Which cards of the deck are played.",
            },
            value_labels={
                "base": {"fr": "Cartes à une étoile", "en": "One-star cards"},
                "all": {"fr": "Toutes les cartes", "en": "Every card"},
            },
            value_help={
                "base": {
                    "fr": "Les questions les plus connues, pour commencer.",
                    "en": "The best-known questions, to begin with.",
                },
                "all": {
                    "fr": "Toutes les cartes, les plus difficiles aussi.",
                    "en": "Every card, the hardest too.",
                },
            },
        ),
        Option(
            "answer_seconds",
            20,
            label={"fr": "Temps de réponse", "en": "Answer time"},
            kind=int,
            minimum=5,
            maximum=600,
            nullable=True,
            help={
                "fr": "Secondes pour répondre à une question.",
                "en": "Seconds to answer a question.",
            },
            value_labels={"none": {"fr": "Sans chrono", "en": "No clock"}},
        ),
        Option(
            "packs",
            "blue",
            label={"fr": "Paquets", "en": "Packs"},
            choices=PACKS,
            help={
                "fr": "Par quelle face les cartes sont posées en question.",
                "en": "Which face of the cards the questions are asked from.",
            },
            value_labels={
                "blue": {"fr": "Faces bleues", "en": "Blue faces"},
                "mixed": {"fr": "Faces mêlées", "en": "Mixed faces"},
                "separate": {"fr": "Paquets séparés", "en": "Separate packs"},
            },
            value_help={
                "blue": {
                    "fr": "Toutes les cartes montrent leur face bleue.",
                    "en": "Every card shows its blue face.",
                },
                "mixed": {
                    "fr": "Les cartes arrivent sur l'une ou l'autre face.",
                    "en": "Cards come up on either face.",
                },
                "separate": {
                    "fr": "Deux paquets : l'un pour les auteurs, l'autre pour les phrases.",
                    "en": "Two packs: one for the authors, one for the phrases.",
                },
            },
        ),
        Option(
            "challenge",
            False,
            label={"fr": "Variante défi", "en": "Challenge variant"},
            kind=bool,
            help={"fr": "variante défi", "en": "challenge variant"},
        ),
        Option(
            "reader_confirms",
            True,
            label={"fr": "Le lecteur valide", "en": "Reader confirms"},
            kind=bool,
            help={
                "fr": "le lecteur valide chaque réponse",
                "en": "the reader confirms every verdict",
            },
        ),
        Option(
            "seats_without_die",
            "",
            label={"fr": "Places sans dé", "en": "Seats without the die"},
            help={
                "fr": "places qui jouent sans le dé pour les désavantager, ex. 0,2",
                "en": "seats that play without the die as a handicap, e.g. 0,2",
            },
        ),
        Option(
            "seats_cards_to_win",
            "",
            label={"fr": "Objectifs par place", "en": "Targets per seat"},
            help={
                "fr": "objectif plus élevé pour des joueurs expérimentés, ex. 1=5,3=4",
                "en": "a higher target for experienced players, e.g. 1=5,3=4",
            },
        ),
        Option(
            "cheat_sheet",
            False,
            label={"fr": "Anti-sèche", "en": "Cheat sheet"},
            kind=bool,
            help={
                "fr": "montrer l'anti-sèche (la liste des auteurs du paquet)",
                "en": "show the cheat sheet (the deck's authors)",
            },
        ),
        Option(
            "deck",
            "base-fr",
            label={"fr": "Paquet", "en": "Deck"},
            # the server accepts only the shipped decks; a local program may give a path
            resources=builtin_deck_names,
            help={
                "fr": "Le paquet de cartes joué (en ligne de commande, aussi un fichier).",
                "en": "The deck of cards played (on the command line, also a file).",
            },
            value_labels={
                "base-fr": {"fr": "Paquet de base (français)", "en": "Base deck (French)"},
                "test-fr": {"fr": "Petit paquet d'essai", "en": "Small test deck"},
            },
            upload="tablier.games.quiadiquoi.upload:check_upload",
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.die_faces = parse_die_faces(self.options["die_faces"])
        self.seats_without_die = parse_seats("seats_without_die", self.options["seats_without_die"])
        self.seats_cards_to_win = parse_seat_targets(
            "seats_cards_to_win", self.options["seats_cards_to_win"]
        )
        uploaded = fetch(self.options["deck"])
        # a deck uploaded for this room, else a shipped deck (or, locally, a file)
        self.deck: Deck = (
            deck_of(uploaded) if uploaded else load_deck(resolve_deck(self.options["deck"]))
        )
        self.authors: list[str] = sorted({card.author for card in self.deck.cards})
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

    def outcome_message(self, outcome: Mapping[str, Any]) -> Message:
        # the outcome names seats from 0, as the engine does; people count from 1
        winner = outcome.get("winner")
        if isinstance(winner, int) and not isinstance(winner, bool):
            outcome = {**outcome, "winner": winner + 1}
        return super().outcome_message(outcome)

    def decision_seconds(self) -> float | None:
        seconds = self.options["answer_seconds"]
        return None if seconds is None else float(seconds)

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> State:
        from tablier.games.quiadiquoi.state import QuiAdiQuoiState

        if setup:
            raise ValueError(f"quiadiquoi takes no setup arguments, not {', '.join(setup)}")
        named = [*self.seats_without_die, *self.seats_cards_to_win]
        if any(seat >= num_players for seat in named):
            raise ValueError(
                f"a seat named in the options does not exist with {num_players} players "
                f"(seats are 0 to {num_players - 1})"
            )
        return QuiAdiQuoiState(self, seed, num_players, deal=True)

    def state_from_observation(
        self, observation: dict[str, Any], seat: int | None, rng: random.Random
    ) -> State:
        """A state consistent with the observation: hidden cards are sampled with `rng`."""
        from tablier.games.quiadiquoi.restore import restore_state

        return restore_state(self, observation, rng)
