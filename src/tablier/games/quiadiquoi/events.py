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
            "fr": "le joueur {player_n} n'a plus de temps",
            "en": "player {player_n} runs out of time",
        },
        "event.passes": {
            "fr": "le joueur {player_n} ne peut tirer aucune carte et passe",
            "en": "player {player_n} cannot draw any card and passes",
        },
        "event.pays": {
            "fr": "le joueur {player_n} paie un jeton {category}",
            "en": "player {player_n} pays a {category} token",
        },
        "event.pays_from": {
            "fr": "le joueur {player_n} paie un jeton {category} pris au joueur {payer_n}",
            "en": "player {player_n} pays a {category} token taken from player {payer_n}",
        },
        "event.tries_steal": {
            "fr": "le joueur {player_n} tente de voler la carte {card} au joueur {owner_n}",
            "en": "player {player_n} tries to steal card {card} from player {owner_n}",
        },
        "event.sends": {
            "fr": "le joueur {player_n} renvoie la carte {card} du joueur {owner_n} "
            "au compartiment 3",
            "en": "player {player_n} sends card {card} of player {owner_n} to compartment 3",
        },
        "event.hands": {
            "fr": "le joueur {owner_n} donne la carte {card} au joueur {player_n}",
            "en": "player {owner_n} hands card {card} to player {player_n}",
        },
        "event.named_nobody": {
            "fr": "personne ne détient la citation nommée par le joueur {player_n}",
            "en": "nobody holds the quotation named by player {player_n}",
        },
        "event.refuses_clue": {
            "fr": "le joueur {player_n} refuse un autre indice",
            "en": "player {player_n} refuses another clue",
        },
        "event.steals": {
            "fr": "le joueur {player_n} vole la carte {card} au joueur {owner_n}",
            "en": "player {player_n} steals card {card} from player {owner_n}",
        },
        "event.steal_fails": {
            "fr": "le joueur {player_n} ne parvient pas à voler la carte {card}",
            "en": "player {player_n} fails to steal card {card}",
        },
        "event.wins_card": {
            "fr": "le joueur {player_n} gagne la carte {card} ({category})",
            "en": "player {player_n} wins card {card} ({category})",
        },
        "event.takes_token": {
            "fr": "le joueur {player_n} prend un jeton {category}",
            "en": "player {player_n} takes a {category} token",
        },
        "event.cup_empty": {
            "fr": "le joueur {player_n} a raison, mais la coupelle n'a plus de jeton {category}",
            "en": "player {player_n} is right, but the cup has no {category} token",
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
            "fr": "le tournoi {number} commence par le joueur {player_n}",
            "en": "tournament {number} begins with player {player_n}",
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
            "fr": "le joueur {player_n} défausse un jeton {category}",
            "en": "player {player_n} discards a {category} token",
        },
        "event.returns_card": {
            "fr": "le joueur {player_n} n'a plus de jeton et rend la carte {card}",
            "en": "player {player_n} has no token left and returns card {card}",
        },
        "event.draws_token": {
            "fr": "le joueur {player_n} tire un jeton {category} de la coupelle",
            "en": "player {player_n} draws a {category} token from the cup",
        },
    },
)


def event(key: str, /, **params: object) -> Message:
    """An event; a `category` is named in French, and by its id in English as before."""
    category = params.get("category")
    if isinstance(category, str) and category in CATEGORY_NAMES:
        params["category"] = {"fr": CATEGORY_NAMES[category]["fr"], "en": category}
    # the parameters keep the engine's seats (from 0); the words count from 1, as people do
    for seat in ("player", "owner", "payer"):
        value = params.get(seat)
        if isinstance(value, int) and not isinstance(value, bool):
            params[f"{seat}_n"] = value + 1
    return EVENTS.message(key, **params)
