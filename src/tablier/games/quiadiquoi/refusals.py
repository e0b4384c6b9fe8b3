"""Why a QuiAdiQuoi move is refused, in French and English.

Every refusal is raised as `REFUSALS.refuse("refusal.<key>", **params)`: an
`IllegalMove` with the stable code `quiadiquoi:refusal.<key>`, its parameters, and
`text(lang)` in either language (`str(exc)` is the English text).
"""

from __future__ import annotations

from tablier.core.messages import Catalogue

# what each phase waits for, said as "now you must ..."
TASKS = Catalogue(
    "quiadiquoi.tasks",
    {
        "choose": {"fr": "choisir un compartiment", "en": "choose a compartment"},
        "answer": {"fr": "répondre à la question", "en": "answer the question"},
        "respeak": {"fr": "donner la réponse supplémentaire", "en": "give the extra answer"},
        "verdict": {"fr": "accepter ou refuser la réponse", "en": "accept or refuse the answer"},
        "claims": {
            "fr": "réclamer la parole à nouveau, ou passer",
            "en": "claim the right to speak again, or pass",
        },
        "challenge": {
            "fr": "prendre un autre indice ou s'arrêter",
            "en": "take another clue or stop",
        },
        "recite": {"fr": "réciter une citation", "en": "recite a quotation"},
        "discard": {"fr": "défausser", "en": "discard"},
        "move": {"fr": "jouer", "en": "move"},
    },
)

REFUSALS = Catalogue(
    "quiadiquoi",
    {
        "refusal.not_legal": {
            "fr": "{move!r} n'est pas un coup permis : il faut maintenant {task} ({options})",
            "en": "{move!r} is not a legal move: now you must {task} ({options})",
        },
        "refusal.take_impossible": {
            "fr": "{move!r} est impossible : {why}",
            "en": "{move!r} is not possible: {why}",
        },
        "refusal.name_needs_power": {
            "fr": "nommer une citation demande le pouvoir « carte volée » et un adversaire "
            "qui possède une carte",
            "en": "naming a quotation needs the 'carte volée' power and an opponent with a card",
        },
        "refusal.name_format": {
            "fr": "écrivez l'auteur, une barre « | », puis la citation : name:auteur|mots",
            "en": "write the author, a '|', then the quotation: name:author|words",
        },
        # the reasons `refusal.take_impossible` gives
        "why.no_compartment": {
            "fr": "les compartiments sont 1, 2 et 3",
            "en": "the compartments are 1, 2 and 3",
        },
        "why.empty": {
            "fr": "le compartiment {comp} est vide",
            "en": "compartment {comp} is empty",
        },
        "why.closed": {
            "fr": "le compartiment 3 est fermé pendant le tour de préparation",
            "en": "compartment 3 is closed during the preparation round",
        },
        "why.magic_not_needed": {
            "fr": "le jeton magique ne sert qu'à qui n'a pas le jeton de la catégorie, et le "
            "joueur {player} a un jeton {category}",
            "en": "the magic token is only for a player without the category's token, and "
            "player {player} has a {category} token",
        },
        "why.no_token": {
            "fr": "sa carte coûte un jeton {category} et le joueur {player} n'en a pas",
            "en": "its card costs a {category} token and player {player} has none",
        },
    },
)
