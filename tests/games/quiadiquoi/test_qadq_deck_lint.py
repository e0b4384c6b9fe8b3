"""The machine checks of `tablier deck check`: leaks between cards, a first clue that
singles the answer out, a last clue that leaves nothing (also in another language), the
card's answers refused or a changed word accepted, a wrong count in the description;
each finding with its card, field and line, in French or English."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablier.cli import app
from tablier.games.quiadiquoi.deck import Card, Deck, builtin_deck_path
from tablier.games.quiadiquoi.deck_findings import Finding
from tablier.games.quiadiquoi.deck_judge_checks import name_swaps, swaps
from tablier.games.quiadiquoi.deck_lint import findings, lint, quoted_words
from tablier.games.quiadiquoi.deck_words import content_words, real_neighbours

GOOD = Card(
    id="x1",
    category="penseurs",
    difficulty=1,
    quote="Je pense, donc je suis.",
    author="René Descartes",
    aliases=("Descartes",),
    source="Discours de la méthode, 1637",
    author_clues=("Un philosophe.", "Du XVIIe siècle.", "Il doutait de tout.", "R. D."),
    quote_clues=(
        "Une certitude.",
        "Deux verbes.",
        "Une conséquence.",
        "Commence par « Je… »",
    ),
)
OTHER = Card(
    id="x2",
    category="histoire",
    difficulty=1,
    quote="Paris vaut bien une messe.",
    author="Henri IV",
    aliases=("le Vert-Galant",),
    source="Mot prêté au roi, 1593",
    author_clues=("Un roi.", "Un Bourbon.", "Protestant converti.", "Ravaillac."),
    quote_clues=("Une conversion.", "Cinq mots.", "Une ville et un office.", "« Paris… »"),
)


def deck(*cards: Card, description: str = "") -> Deck:
    return Deck(name="t", cards=list(cards), description=description)


def keys(found: list[Finding]) -> list[tuple[str, str, str]]:
    return [(f.card, f.field, f.key) for f in found]


def test_good_cards_pass() -> None:
    assert findings(deck(GOOD, OTHER, description="Deux cartes.")) == []


# ------------------------------------------------------------------------------- leaks
def test_a_clue_holding_another_cards_quotation_is_a_leak() -> None:
    leaky = dataclasses.replace(
        GOOD,
        author_clues=(*GOOD.author_clues[:3], "Il n'a jamais dit « Paris vaut bien une messe »"),
    )
    found = findings(deck(leaky, OTHER))
    assert ("x1", "author_clues", "leak_quote") in keys(found)
    assert next(f for f in found if f.key == "leak_quote").params["other"] == "x2"


def test_an_anecdote_naming_another_author_with_his_words_is_a_leak() -> None:
    leaky = dataclasses.replace(GOOD, anecdote="Henri IV trouvait que Paris valait une messe.")
    assert ("x1", "anecdote", "leak_author") in keys(findings(deck(leaky, OTHER)))
    # naming him alone tells nothing of which words he said
    mention = dataclasses.replace(GOOD, anecdote="Il naquit après la mort d'Henri IV.")
    assert findings(deck(mention, OTHER)) == []


# -------------------------------------------------------------------------- first clue
def test_a_first_author_clue_naming_the_author_singles_him_out() -> None:
    named = dataclasses.replace(
        GOOD, author_clues=("Descartes, philosophe.", *GOOD.author_clues[1:])
    )
    assert keys(findings(deck(named))) == [("x1", "author_clues", "first_names_author")]


def test_a_first_author_clue_with_a_date_only_his_source_has_singles_him_out() -> None:
    dated = dataclasses.replace(GOOD, author_clues=("Il publie en 1637.", *GOOD.author_clues[1:]))
    found = findings(deck(dated, OTHER))
    assert keys(found) == [("x1", "author_clues", "first_unique_date")]
    # the same year in another author's source: the date no longer names him
    shared = dataclasses.replace(OTHER, source="Mot prêté au roi, 1637")
    assert findings(deck(dated, shared)) == []


def test_a_first_quotation_clue_giving_a_word_of_its_family_gives_it_away() -> None:
    given = dataclasses.replace(
        OTHER, quote_clues=("Une affaire de messes.", *OTHER.quote_clues[1:])
    )
    found = findings(deck(given))
    assert keys(found) == [("x2", "quote_clues", "first_quote_word")]
    assert found[0].params["word"] == "messe"


# --------------------------------------------------------------------------- last clue
def test_the_last_clue_must_leave_two_telling_words() -> None:
    clues = (*OTHER.quote_clues[:3], "Commence par « Paris vaut… »")
    found = findings(deck(dataclasses.replace(OTHER, quote_clues=clues)))
    assert keys(found) == [("x2", "quote_clues", "last_clue_leaves")]
    assert found[0].params["left"] == "messe"
    assert found[0].item == 3


def test_a_last_clue_giving_the_quotation_in_latin_leaves_nothing() -> None:
    clues = (*GOOD.quote_clues[:3], "En latin : « Cogito, ergo sum ».")
    found = findings(deck(dataclasses.replace(GOOD, quote_clues=clues)))
    assert ("x1", "quote_clues", "translation") in keys(found)
    # and when the card accepts the original, its words count as given
    latin = dataclasses.replace(GOOD, quote_clues=clues, alternatives=("Cogito, ergo sum.",))
    assert ("x1", "quote_clues", "last_clue_leaves_nothing") in keys(findings(deck(latin)))


def test_runs_of_two_words_or_more_count_as_quoted_articles_aside() -> None:
    assert quoted_words("Je pense, donc je suis.", ["Commence par « Je pense… »"]) == {0, 1}
    assert quoted_words("Je pense, donc je suis.", ["Il pense"]) == set()
    assert quoted_words("L'État, c'est moi.", ["se termine par « c'est moi »"]) == {1, 2, 3}


def test_early_clues_may_not_give_most_of_the_words_away() -> None:
    clues = ("Commence par « Je pense, donc »", *GOOD.quote_clues[1:])
    found = findings(deck(dataclasses.replace(GOOD, quote_clues=clues)))
    assert ("x1", "quote_clues", "early_giveaway") in keys(found)


# ------------------------------------------------------------------ the automatic check
def test_a_wording_the_check_refuses_is_reported() -> None:
    blank = dataclasses.replace(GOOD, alternatives=("…",))
    found = findings(deck(blank))
    assert ("x1", "alternatives", "form_refused") in keys(found)


def test_a_one_word_swap_the_check_accepts_is_reported() -> None:
    said, original, word = next(s for s in swaps(OTHER.quote) if s[1] == "messe")
    assert (original, word) == ("messe", "masse")
    planted = dataclasses.replace(OTHER, alternatives=(said,))
    found = [f for f in findings(deck(planted)) if f.key == "swap_accepted"]
    assert found and found[0].params["word"] == "masse" and found[0].field == "quote"


def test_another_persons_name_the_check_accepts_is_reported() -> None:
    assert name_swaps("Henri IV") == ["Henri III", "Henri V"]
    assert name_swaps("François Ier") == ["François II"]
    assert name_swaps("Alexandre Dumas") == ["Alexandre Dumas fils"]
    assert findings(deck(OTHER)) == []  # Henri III and Henri V are refused
    # an alias that names the next king makes the check accept him
    planted = dataclasses.replace(OTHER, aliases=("le Vert-Galant", "Henri V"))
    found = [f for f in findings(deck(planted)) if f.key == "name_swap_accepted"]
    assert [(f.field, f.params["said"]) for f in found][:1] == [("author", "Henri V")]


def test_swaps_are_real_words_of_another_family() -> None:
    assert "fesse" in real_neighbours("messe")
    for _said, original, word in swaps(
        "Du haut de ces pyramides, quarante siècles vous contemplent."
    ):
        assert word[:-1] != original[:-1] and word != original + "s"
    assert content_words("Je suis venu, j'ai vu, j'ai vaincu.") == ["venu", "vu", "vaincu"]


def test_a_count_in_the_description_must_be_true() -> None:
    assert keys(findings(deck(GOOD, description="Deux citations célèbres."))) == [
        ("", "description", "count")
    ]
    assert findings(deck(GOOD, OTHER, description="2 cartes")) == []


def test_findings_read_in_french_by_default_and_in_english_on_request() -> None:
    named = dataclasses.replace(GOOD, author_clues=("Descartes.", *GOOD.author_clues[1:]))
    assert lint(deck(named)) == [
        "carte 'x1' : champ 'author_clues' : le premier indice nomme l'auteur : Descartes"
    ]
    assert lint(deck(named), "en") == [
        "card 'x1': field 'author_clues': the first clue names the author: Descartes"
    ]


# ------------------------------------------------------------------ the command, a file
def test_a_wrong_count_in_a_deck_file_is_found(tmp_path: Path) -> None:
    text = builtin_deck_path("test-fr").read_text(encoding="utf-8")
    assert "de 24 citations" in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("de 24 citations", "de trente citations"), encoding="utf-8")
    result = CliRunner().invoke(app, ["deck", "check", str(bad), "--lang", "en"])
    assert result.exit_code == 1
    assert f"{bad}: the description announces 30 cards, the deck has 24" in result.output
    assert (
        "the description announces"
        not in CliRunner().invoke(app, ["deck", "check", "test-fr", "--lang", "en"]).output
    )


PLANTS = {
    # l016's last author clue quotes l049's answer
    "leak": (
        "Le poète du Lac et des Méditations poétiques.",
        "L'auteur du Lac : « Ô temps, suspends ton vol ! »",
    ),
    # h001's first quotation clue names the day Paris was freed
    "giveaway": (
        "Une phrase improvisée, scandée comme une litanie.",
        "Le jour de la libération d'une capitale.",
    ),
    # h007 accepts a wording with one word changed
    "swap": (
        'quote = "Paris vaut bien une messe."\n',
        'quote = "Paris vaut bien une messe."\nalternatives = ["Paris vaut bien une masse."]\n',
    ),
}


def _line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_copy_of_the_base_deck_with_three_planted_faults_gets_each_found(
    tmp_path: Path, lang: str
) -> None:
    text = builtin_deck_path("base-fr").read_text(encoding="utf-8")
    for old, new in PLANTS.values():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    copy = tmp_path / "copie.toml"
    copy.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["deck", "check", str(copy), "--lang", lang])
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if line.startswith(str(copy))]
    assert len(problems) == 3, result.output
    leak_line = _line_of(text, "suspends ton vol")
    giveaway_line = _line_of(text, "libération d'une capitale")
    swap_line = _line_of(text, 'quote = "Paris vaut bien une messe."')
    expected = {
        "fr": [
            f"{copy}:{leak_line}: carte 'l016' : champ 'author_clues' : "
            "ce texte donne la réponse de la carte 'l049'",
            f"{copy}:{giveaway_line}: carte 'h001' : champ 'quote_clues' : "
            "le premier indice donne un mot de la citation : libéré",
            f"{copy}:{swap_line}: carte 'h007' : champ 'quote' : « Paris vaut bien une "
            "masse. » (un autre mot : masse au lieu de messe) est accepté",
        ],
        "en": [
            f"{copy}:{leak_line}: card 'l016': field 'author_clues': "
            "this text gives the answer of card 'l049'",
            f"{copy}:{giveaway_line}: card 'h001': field 'quote_clues': "
            "the first clue gives a word of the quotation: libéré",
            f"{copy}:{swap_line}: card 'h007': field 'quote': “Paris vaut bien une "
            "masse.” (another word: masse instead of messe) is accepted",
        ],
    }[lang]
    for start in expected:
        assert any(p.startswith(start) for p in problems), (start, problems)
    head = {"fr": r"^3 problèmes dans le paquet :$", "en": r"^3 problems in the deck:$"}[lang]
    assert re.search(head, result.output, re.MULTILINE), result.output
