"""QuiAdiQuoi's moves in words, in French and English (the move list, captions).

Words are made from the move list *as a viewer gets it* (`public_history`): while the
game goes on, what a player said is reduced to its kind there (`answer:…`), so the
words say "répond" without the answer; a card aimed at is never named.
"""

from __future__ import annotations

from tablier.core.messages import WORDS as CORE_WORDS
from tablier.core.messages import Catalogue, Message
from tablier.games.quiadiquoi.events import CATEGORY_NAMES

WORDS = Catalogue(
    "quiadiquoi.words",
    {
        "answer": {"fr": "répond « {text} »", "en": "answers “{text}”"},
        "answer_hidden": {"fr": "répond", "en": "answers"},
        "recite": {"fr": "récite « {text} »", "en": "recites “{text}”"},
        "recite_hidden": {"fr": "récite une citation", "en": "recites a quotation"},
        "name": {"fr": "nomme « {text} »", "en": "names “{text}”"},
        "name_hidden": {
            "fr": "nomme une citation à voler",
            "en": "names a quotation to steal",
        },
        "take": {
            "fr": "prend la question du compartiment {comp}",
            "en": "takes the question of compartment {comp}",
        },
        "take_with": {
            "fr": "prend la question du compartiment {comp} en payant d'un jeton {category} "
            "(jeton magique)",
            "en": "takes the question of compartment {comp}, paying a {category} token "
            "(magic token)",
        },
        "take_from": {
            "fr": "prend la question du compartiment {comp} avec un jeton pris à {seat}",
            "en": "takes the question of compartment {comp} with a token taken from {seat}",
        },
        "steal": {"fr": "tente de voler une carte", "en": "tries to steal a card"},
        "send": {
            "fr": "renvoie une carte adverse au compartiment 3",
            "en": "sends an opponent's card back to compartment 3",
        },
        "discard": {"fr": "défausse un jeton {category}", "en": "discards a {category} token"},
        "return": {"fr": "rend une carte", "en": "gives back a card"},
        "abstain": {"fr": "s'abstient", "en": "abstains"},
        "claim": {"fr": "reprend la parole", "en": "speaks again"},
        "pass": {"fr": "passe", "en": "passes"},
        "accept": {"fr": "valide la réponse", "en": "accepts the answer"},
        "refuse": {"fr": "refuse la réponse", "en": "refuses the answer"},
        "timeout": {"fr": "laisse passer le temps", "en": "lets the time run out"},
        "clue": {"fr": "demande un indice", "en": "asks for a clue"},
        "stop": {"fr": "s'arrête là", "en": "stops there"},
    },
)

SIMPLE = ("abstain", "claim", "pass", "accept", "refuse", "timeout", "clue", "stop")


def describe(entry: str) -> Message | None:
    """One move-list entry in words; spoken entries may come as `answer:…` (hidden)."""
    kind, colon, said = entry.partition(":")
    if colon and kind in ("answer", "recite", "name"):
        if said == "…":
            return WORDS.message(f"{kind}_hidden")
        return WORDS.message(kind, text=said.replace("|", " — ") if kind == "name" else said)
    if entry in SIMPLE:
        return WORDS.message(entry)
    parts = entry.split(" ")
    if parts[0] == "take" and len(parts) >= 2 and parts[1].isdigit():
        comp = int(parts[1])
        if len(parts) == 4 and parts[2] == "with" and parts[3] in CATEGORY_NAMES:
            return WORDS.message("take_with", comp=comp, category=CATEGORY_NAMES[parts[3]])
        if len(parts) == 4 and parts[2] == "from" and parts[3].isdigit():
            seat = CORE_WORDS.message("seat", n=int(parts[3]) + 1)
            return WORDS.message("take_from", comp=comp, seat=seat)
        return WORDS.message("take", comp=comp) if len(parts) == 2 else None
    if len(parts) == 2 and parts[0] == "discard" and parts[1] in CATEGORY_NAMES:
        return WORDS.message("discard", category=CATEGORY_NAMES[parts[1]])
    if len(parts) == 2 and parts[0] in ("steal", "send", "return"):
        return WORDS.message(parts[0])
    return None
