"""The machine checks of `tablier deck check`: giveaways, a last clue leaving one word,
an expected answer the matching refuses, a wrong count in the description."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from typer.testing import CliRunner

from tablier.cli import app
from tablier.games.quiadiquoi.deck import Card, Deck, builtin_deck_path
from tablier.games.quiadiquoi.deck_lint import lint, quoted_words

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
        "Commence par « Je pense… »",
    ),
)


def deck(*cards: Card, description: str = "") -> Deck:
    return Deck(name="t", cards=list(cards), description=description)


def test_a_good_card_passes() -> None:
    assert lint(deck(GOOD, description="Une carte.")) == []


def test_runs_of_two_words_or_more_count_as_quoted_articles_aside() -> None:
    assert quoted_words("Je pense, donc je suis.", ["Commence par « Je pense… »"]) == {0, 1}
    assert quoted_words("Je pense, donc je suis.", ["Il pense"]) == set()  # one word only
    assert quoted_words("L'État, c'est moi.", ["se termine par « c'est moi »"]) == {1, 2, 3}


def test_the_last_clue_must_leave_more_than_one_word() -> None:
    clues = (*GOOD.quote_clues[:3], "Commence par « Je pense, donc je… »")
    problems = lint(deck(dataclasses.replace(GOOD, quote_clues=clues)))
    assert problems == ["card x1: after the last clue a single word of the quotation is left"]


def test_early_clues_may_not_give_most_of_the_words_away() -> None:
    clues = ("Commence par « Je pense, donc »", *GOOD.quote_clues[1:])
    problems = lint(deck(dataclasses.replace(GOOD, quote_clues=clues)))
    assert "card x1: the first 3 quotation clues give away 3 of its 5 words" in problems


def test_an_expected_answer_the_matching_refuses_is_reported() -> None:
    # an alias nearer another author of the deck than its own names that author
    wrong = dataclasses.replace(GOOD, aliases=("Pascal",))
    other = dataclasses.replace(GOOD, id="x2", author="Blaise Pascal", aliases=())
    problems = lint(deck(wrong, other))
    assert "card x1: the author's name 'Pascal' is refused" in problems
    blank = dataclasses.replace(GOOD, alternatives=("…",))
    assert "card x1: the wording '…' is refused" in lint(deck(blank))


def test_a_count_in_the_description_must_be_true() -> None:
    assert lint(deck(GOOD, description="Deux citations célèbres.")) == [
        "description: it announces 2 cards, the deck has 1"
    ]
    assert lint(deck(GOOD, GOOD, description="2 cartes")) == []


def test_the_shipped_decks_pass_and_a_bad_file_fails_with_its_problems(tmp_path: Path) -> None:
    runner = CliRunner()
    for name in ("base-fr", "test-fr"):
        result = runner.invoke(app, ["deck", "check", name])
        assert result.exit_code == 0, result.output
    text = builtin_deck_path("test-fr").read_text(encoding="utf-8")
    assert "de 24 citations" in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("de 24 citations", "de trente citations"), encoding="utf-8")
    result = runner.invoke(app, ["deck", "check", str(bad)])
    assert result.exit_code == 1
    assert "it announces 30 cards, the deck has 24" in result.output
