"""The labelled answers that justify the matching rules and thresholds (matching.py).

Each case is (card id, answer, expected verdict). Author answers are judged against the
blue face, quotation answers against the bordeaux face (the card's quotation and its
accepted alternative wordings), with the test deck (`test-fr`). A card id may also
name a card of the base deck (`base-fr/h027`) or one of the invented cards below.
The tests (test_qadq_matching.py) and the measurement script
(benchmarks/qadq_matching.py) both read them from here.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from tablier.games.quiadiquoi.deck import Card, Deck, builtin_deck_path, load_deck

AUTHOR_CASES: list[tuple[str, str, bool]] = [
    # the canonical name, any case, missing accents
    ("l08", "Victor Hugo", True),
    ("l08", "victor hugo", True),
    ("l08", "VICTOR HUGO", True),
    ("p04", "Jean-Paul Sartre", True),
    ("p04", "jean paul sartre", True),
    ("h07", "Jean Jaures", True),
    ("l03", "antoine de saint exupery", True),
    ("h03", "Napoleon Bonaparte", True),
    # aliases
    ("h01", "le Roi-Soleil", True),
    ("h01", "roi soleil", True),
    ("h06", "JFK", True),
    ("l01", "François-Marie Arouet", True),
    ("h08", "Caesar", True),  # one letter from the alias "César"
    ("h08", "Cesare", True),
    ("h08", "Cicéron", False),
    # the surname alone, unambiguous in the deck
    ("l08", "Hugo", True),
    ("p01", "Descartes", True),
    ("p05", "Beauvoir", True),
    ("p05", "de Beauvoir", True),
    ("h04", "de Gaulle", True),
    ("h04", "Gaulle", True),
    ("p06", "Montaigne", True),
    # word order
    ("l08", "Hugo Victor", True),
    # small typos (within int(len * 0.2) edits, at least one from four letters)
    ("l08", "Victor Hugi", True),
    ("l08", "Hugp", True),
    ("l01", "Voltair", True),
    ("l01", "Volter", False),  # three edits on eight letters
    ("p01", "Decartes", True),
    ("p04", "Satre", True),
    ("l06", "Shakespear", True),
    ("l06", "Shakspeare", True),
    ("l04", "Prousst", True),
    ("p08", "Jean-Jacques Rouseau", True),
    ("l07", "Ronsart", True),
    # refused: other people, other names, nonsense
    ("l08", "Victor", False),  # a first name is not a surname
    ("l08", "Zola", False),
    ("l08", "Voltaire", False),  # another author of the deck
    ("l01", "Rousseau", False),
    ("p04", "Camus", False),
    ("p04", "Simone de Beauvoir", False),
    ("h01", "Louis XVI", False),
    ("h01", "Louis", False),
    ("h01", "XIV", False),
    ("h02", "Henri III", False),
    ("p02", "Pasteur", False),
    ("p07", "Platon", False),
    ("p07", "Socrates", True),  # one letter added
    ("l08", "", False),
    ("l08", "???", False),
    ("p08", "Jean Rousseau", False),  # a wrong given name is not a typo
]

QUOTE_CASES: list[tuple[str, str, bool]] = [
    # exact, case, accents, punctuation
    ("p01", "Je pense, donc je suis.", True),
    ("p01", "je pense donc je suis", True),
    ("p01", "JE PENSE DONC JE SUIS !", True),
    ("l02", "Rodrigue as tu du coeur", True),
    ("h01", "l'etat c'est moi", True),
    ("h01", "L’État, c’est moi !", True),
    ("p02", "Le coeur a ses raisons que la raison ne connait point", True),
    # articles dropped or changed
    ("p02", "Coeur a ses raisons que raison ne connait point", True),
    ("p03", "L'homme est le loup pour l'homme", True),
    ("h05", "Je n'ai à offrir que sang, peine, larmes et sueur", True),
    ("h05", "Je n'ai à offrir que du sang, de la sueur et des larmes", False),  # reordered
    # small typos
    ("p01", "je pence donc je suis", True),
    ("l01", "Il faut cultivez notre jardin", True),
    ("l04", "Longtemps je me suis couche de bone heure", True),
    (
        "h06",
        "Ne demandez pas ce que votre pays peut faire pour vous, demandez ce que "
        "vous pouvez faire pour votre pay",
        True,
    ),
    ("p08", "L'homme est né libre et partout il est dans les fer", True),
    ("l06", "Etre ou ne pas etre telle est la question", True),
    # a different quotation
    ("p01", "je doute donc je suis", False),
    ("p01", "je pense donc j'existe", False),
    ("l01", "Il faut cultiver son jardin", False),
    ("h02", "Paris vaut bien un royaume", False),
    ("p04", "L'enfer c'est nous", False),
    ("p04", "Le paradis, c'est les autres", False),
    ("h01", "La France, c'est moi", False),
    ("l06", "Être ou ne pas être", False),  # truncated
    # truncated quotations
    ("p01", "je pense", False),
    ("p02", "Le cœur a ses raisons", False),
    ("l03", "On ne voit bien qu'avec le cœur.", False),
    ("h06", "Ne demandez pas ce que votre pays peut faire pour vous", False),
    ("p08", "L'homme est né libre", False),
    ("h05", "Je n'ai à offrir que du sang", False),
    # short quotations forgive a single edit at most
    ("p06", "Que sais-je", True),
    ("p06", "Que sai-je", True),
    ("p06", "Que fais-je", False),  # "fais" is a word of its own, not a typo of "sais"
    ("p06", "Que dis-je", False),
    ("p07", "Connais toi toi meme", True),
    ("p07", "Connais-toi", False),
    ("p07", "Aime-toi toi-même", False),
    # nonsense
    ("p01", "", False),
    ("p01", "???", False),
    ("p01", "Victor Hugo", False),
]

# Word substitutions of every kind: a different word is a different quotation, however
# few letters it changes (issue 18). Added and dropped words too.
SUBSTITUTION_CASES: list[tuple[str, str, bool]] = [
    ("p01", "Je danse, donc je suis", False),  # verb, two letters
    ("p01", "Je pense, donc je sais", False),  # verb "être", one letter
    ("p01", "Je pense, alors je suis", False),  # conjunction
    ("p01", "Tu penses, donc tu es", False),  # pronouns
    ("p01", "Je pense, donc je suis moi", False),  # a word added
    ("l01", "Il faut cultiver votre jardin", False),  # possessive, one letter
    ("l01", "Il faut cultiver notre potager", False),  # noun
    ("l01", "Il faut arroser notre jardin", False),  # verb
    ("h02", "Paris vaut bien une fête", False),  # noun
    ("h02", "Paris valait bien une messe", False),  # tense
    ("h02", "Londres vaut bien une messe", False),  # proper noun
    ("h03", "Soldats, du haut de ces pyramides, trente siècles vous contemplent", False),
    ("h03", "Soldats, du haut de ces pyramides, quarante siècles nous contemplent", False),
    ("h04", "Je vous ai entendus !", False),  # participle
    ("h04", "Je nous ai compris !", False),  # pronoun, one letter
    ("h07", "Le courage, c'est de chercher la vérité et de la taire", False),
    ("h08", "Je suis venu, j'ai vu, j'ai vécu", False),  # two letters
    ("h08", "Je suis venu, j'ai vu, j'ai perdu", False),
    ("l02", "Rodrigue, as-tu du courage ?", False),
    ("l02", "Chimène, as-tu du cœur ?", False),
    ("l03", "On ne voit bien qu'avec les yeux. L'essentiel est invisible pour le cœur.", False),
    ("l04", "Longtemps, je me suis levé de bonne heure.", False),
    ("l05", "Aujourd'hui, papa est mort.", False),
    ("l05", "Hier, maman est morte.", False),
    ("l06", "Vivre ou ne pas vivre, telle est la question.", False),
    ("l06", "Être ou ne pas être, telle est ma question.", False),  # an article made possessive
    ("l08", "Ceux qui vivent, ce sont ceux qui chantent.", False),
    ("p02", "Le cœur a ses raisons que la raison ne connaît pas.", False),  # negation
    ("p02", "L'esprit a ses raisons que la raison ne connaît point.", False),
    ("p03", "L'homme est un chien pour l'homme.", False),
    ("p03", "La femme est un loup pour la femme.", False),  # two letters, twice
    ("p04", "L'enfer, ce sont les autres.", False),  # the usual misquotation
    ("p05", "On ne naît pas homme : on le devient.", False),
    ("p06", "Que vois-je ?", False),
    ("p08", "L'homme est né libre, et partout il est dans les chaînes.", False),
    ("x-sagesse", "La sagesse perd des chaussettes", False),  # the example
    ("x-sagesse", "La sagesse porte des bretelles", False),
]

# What may still differ in a faithful recitation: case, accents, punctuation, an
# article, elision (written or not, apostrophe or not) and small typos inside a word.
FORGIVEN_CASES: list[tuple[str, str, bool]] = [
    ("h08", "je suis venu jai vu jai vaincu", True),  # elisions without apostrophe
    ("h08", "Je suis venu, je ai vu, je ai vaincu", True),  # elisions undone
    ("l05", "Aujourdhui maman est morte", True),
    ("l05", "AUJOURD'HUI, MAMAN EST MORTE !", True),
    ("l03", "On ne voit bien quavec le coeur, l'essentiel est invisible pour les yeux", True),
    ("l03", "On ne voit bien qu'avec un cœur ; essentiel est invisible pour yeux", True),
    ("p07", "connais-toi toimeme", True),  # two words written as one
    ("h03", "Soldats du haut de ces pyramides quarante siecles vous contemplent", True),
    ("h03", "Soldats, du haut de ces piramides, quarante siècles vous contemple", True),
    ("p03", "Un homme est un loup pour un homme", True),  # articles changed
    ("p08", "L'homme est né libre, et partout il est dans des fers", True),
    ("l08", "Ceux qui vivent ce sont ceux qui lutent", True),  # a letter dropped
    ("h07", "Le courage c'est de chercher la verite et de la dire", True),
    (
        "h06",
        "Ne demandez pas ce que votre pays peut faire pour vous; demandez ce que "
        "vous pouvez faire pour votre pays",
        True,
    ),
    (
        "l07",
        "Mignonne allons voir si la rose qui ce matin avait desclose sa robe de pourpre au soleil",
        True,
    ),  # Ronsard's own spelling
    ("x-sagesse", "La sagesse porte des chausettes", True),
    ("x-sagesse", "la sagesse porte les chaussettes", True),
]

# A card may list accepted alternative wordings besides its quotation.
ALTERNATIVE_CASES: list[tuple[str, str, bool]] = [
    ("base-fr/h027", "La garde meurt et ne se rend pas !", True),
    ("base-fr/h027", "La garde meurt mais ne se rend pas !", True),
    ("base-fr/h027", "la garde meurt mais ne se rend pas", True),
    ("base-fr/h027", "La garde meurt ou ne se rend pas !", False),
    ("base-fr/h027", "La garde meurt mais se rend !", False),
    ("h08", "Veni, vidi, vici.", True),
    ("h08", "Veni, vidi, vinci.", False),  # "Vinci" is a name of its own, not "vici"
    ("h08", "Veni, vidi, vicci.", True),  # a typo inside a word of an alternative
    ("h08", "Veni, vidi.", False),
    ("l06", "Être ou ne pas être, c'est là la question.", True),
    ("l06", "Être ou ne pas être, c'est là ma question.", False),
]

GROUPS: dict[str, tuple[str, list[tuple[str, str, bool]]]] = {
    "author": ("author", AUTHOR_CASES),
    "quote": ("quote", QUOTE_CASES),
    "substitution": ("quote", SUBSTITUTION_CASES),
    "forgiven": ("quote", FORGIVEN_CASES),
    "alternatives": ("quote", ALTERNATIVE_CASES),
}


@cache
def test_deck() -> Deck:
    return load_deck(builtin_deck_path("test-fr"))


@cache
def invented_cards() -> dict[str, Card]:
    """Cards made up for the labelled set, on the model of a card of the test deck."""
    model = test_deck().card("p06")
    return {
        "x-sagesse": replace(
            model, id="x-sagesse", quote="La sagesse porte des chaussettes.", author="Anonyme"
        )
    }


def lookup(card_id: str) -> Card:
    """The card a case names: `test-fr` id, `base-fr/<id>`, or an invented card."""
    if card_id in invented_cards():
        return invented_cards()[card_id]
    deck_name, _, own_id = card_id.rpartition("/")
    return load_deck(builtin_deck_path(deck_name or "test-fr")).card(own_id)
