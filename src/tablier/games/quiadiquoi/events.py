"""The public log of a QuiAdiQuoi game, in French and English.

Each event is a `Message` (code and parameters); the observation sends the English
line in `events` (as before) and the coded form in `event_messages`.
"""

from __future__ import annotations

from tablier.core.messages import Catalogue, Message

# categories said in words; a parameter given as {fr, en} is shown in each language
CATEGORY_NAMES: dict[str, dict[str, str]] = {
    "histoire": {"fr": "Histoire", "en": "History"},
    "litterature": {"fr": "Littérature", "en": "Literature"},
    "penseurs": {"fr": "Penseurs", "en": "Thinkers"},
}

EVENTS = Catalogue(
    "quiadiquoi.events",
    {
        "event.said": {"fr": "{text}", "en": "{text}"},
        "event.timeout": {
            "fr": "le joueur {player} n'a plus de temps",
            "en": "player {player} runs out of time",
        },
        "event.passes": {
            "fr": "le joueur {player} ne peut tirer aucune carte et passe",
            "en": "player {player} cannot draw any card and passes",
        },
        "event.pays": {
            "fr": "le joueur {player} paie un jeton {category}",
            "en": "player {player} pays a {category} token",
        },
        "event.pays_from": {
            "fr": "le joueur {player} paie un jeton {category} pris au joueur {payer}",
            "en": "player {player} pays a {category} token taken from player {payer}",
        },
        "event.tries_steal": {
            "fr": "le joueur {player} tente de voler la carte {card} au joueur {owner}",
            "en": "player {player} tries to steal card {card} from player {owner}",
        },
        "event.sends": {
            "fr": "le joueur {player} renvoie la carte {card} du joueur {owner} au compartiment 3",
            "en": "player {player} sends card {card} of player {owner} to compartment 3",
        },
        "event.hands": {
            "fr": "le joueur {owner} donne la carte {card} au joueur {player}",
            "en": "player {owner} hands card {card} to player {player}",
        },
        "event.named_nobody": {
            "fr": "personne ne détient la citation nommée par le joueur {player}",
            "en": "nobody holds the quotation named by player {player}",
        },
        "event.refuses_clue": {
            "fr": "le joueur {player} refuse un autre indice",
            "en": "player {player} refuses another clue",
        },
        "event.steals": {
            "fr": "le joueur {player} vole la carte {card} au joueur {owner}",
            "en": "player {player} steals card {card} from player {owner}",
        },
        "event.steal_fails": {
            "fr": "le joueur {player} ne parvient pas à voler la carte {card}",
            "en": "player {player} fails to steal card {card}",
        },
        "event.wins_card": {
            "fr": "le joueur {player} gagne la carte {card} ({category})",
            "en": "player {player} wins card {card} ({category})",
        },
        "event.takes_token": {
            "fr": "le joueur {player} prend un jeton {category}",
            "en": "player {player} takes a {category} token",
        },
        "event.cup_empty": {
            "fr": "le joueur {player} a raison, mais la coupelle n'a plus de jeton {category}",
            "en": "player {player} is right, but the cup has no {category} token",
        },
        "event.back_unturned": {
            "fr": "personne n'a trouvé : la carte {card} retourne au compartiment 3 sans être "
            "retournée",
            "en": "nobody found it: card {card} goes back to compartment 3 unturned",
        },
        "event.leaves": {
            "fr": "personne n'a trouvé : la carte {card} quitte la partie",
            "en": "nobody found it: card {card} leaves the game",
        },
        "event.tournament_begins": {
            "fr": "le tournoi {number} commence par le joueur {player}",
            "en": "tournament {number} begins with player {player}",
        },
        "event.pebbles_out": {
            "fr": "il n'y a plus de galets",
            "en": "the pebbles have run out",
        },
        "event.tournament_over": {
            "fr": "le tournoi {number} est terminé",
            "en": "tournament {number} is over",
        },
        "event.discards": {
            "fr": "le joueur {player} défausse un jeton {category}",
            "en": "player {player} discards a {category} token",
        },
        "event.returns_card": {
            "fr": "le joueur {player} n'a plus de jeton et rend la carte {card}",
            "en": "player {player} has no token left and returns card {card}",
        },
        "event.draws_token": {
            "fr": "le joueur {player} tire un jeton {category} de la coupelle",
            "en": "player {player} draws a {category} token from the cup",
        },
    },
)


def event(key: str, /, **params: object) -> Message:
    """An event; a `category` is named in French, and by its id in English as before."""
    category = params.get("category")
    if isinstance(category, str) and category in CATEGORY_NAMES:
        params["category"] = {"fr": CATEGORY_NAMES[category]["fr"], "en": category}
    return EVENTS.message(key, **params)
