"""Why a QuiAdiQuoi move is refused, in French and English."""

from __future__ import annotations

from tablier.core.messages import Catalogue

REFUSALS = Catalogue(
    "quiadiquoi",
    {
        "refusal.name_power": {
            "fr": "nommer une citation demande le pouvoir « carte volée » et un adversaire qui "
            "a une carte",
            "en": "naming a quotation needs the 'carte volée' power and an opponent with a card",
        },
        "refusal.name_format": {
            "fr": "écrivez l'auteur, une barre « | », puis la citation : name:auteur|paroles",
            "en": "write the author, a '|', then the quotation: name:author|words",
        },
        "refusal.not_possible": {
            "fr": "{move!r} n'est pas possible : {why}",
            "en": "{move!r} is not possible: {why}",
        },
        "refusal.not_legal": {
            "fr": "{move!r} n'est pas un coup permis : il faut maintenant {what} ({options})",
            "en": "{move!r} is not a legal move: now you must {what} ({options})",
        },
        "why.compartments": {
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
        "why.costs": {
            "fr": "sa carte coûte un jeton {category} et le joueur {player} n'en a pas",
            "en": "its card costs a {category} token and player {player} has none",
        },
        "what.choose": {"fr": "choisir un compartiment", "en": "choose a compartment"},
        "what.answer": {"fr": "répondre à la question", "en": "answer the question"},
        "what.respeak": {"fr": "donner la réponse supplémentaire", "en": "give the extra answer"},
        "what.verdict": {
            "fr": "accepter ou refuser la réponse",
            "en": "accept or refuse the answer",
        },
        "what.claims": {
            "fr": "réclamer le droit de reparler, ou passer",
            "en": "claim the right to speak again, or pass",
        },
        "what.challenge": {
            "fr": "prendre un autre indice ou s'arrêter",
            "en": "take another clue or stop",
        },
        "what.recite": {"fr": "réciter une citation", "en": "recite a quotation"},
        "what.discard": {"fr": "défausser", "en": "discard"},
        "what.move": {"fr": "jouer", "en": "move"},
    },
)
