"""Deck files: the loader's precise messages, the CSV import, `tablier deck ...`."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablier.games.quiadiquoi.cli import deck_app
from tablier.games.quiadiquoi.deck import (
    Card,
    DeckError,
    builtin_deck_path,
    load_deck,
    parse_deck_text,
    resolve_deck,
)
from tablier.games.quiadiquoi.deck_csv import deck_to_toml, load_csv, parse_csv_text

GOOD_CARD = """
[[card]]
id = "{id}"
category = "penseurs"
difficulty = 1
quote = "Je pense, donc je suis."
author = "René Descartes"
aliases = ["Descartes"]
source = "Discours de la méthode, 1637"
author_clues = ["a", "b", "c", "d"]
quote_clues = ["a", "b", "c", "d"]
"""


def test_the_test_deck_loads() -> None:
    deck = load_deck(builtin_deck_path("test-fr"))
    assert deck.name == "test-fr"
    assert len(deck.cards) == 24
    card = deck.card("p01")
    assert isinstance(card, Card)
    assert card.aliases == ("Descartes",)
    assert len(card.author_clues) == 4 and len(card.quote_clues) == 4
    assert card.attribution == "authentic"
    assert deck.card("h01").attribution == "traditional"
    assert deck.card("h01").anecdote
    assert deck.card("h02").anecdote is None


def test_minimal_card_gets_the_defaults() -> None:
    text = GOOD_CARD.format(id="c1").replace('aliases = ["Descartes"]\n', "")
    deck = parse_deck_text(text, "mini.toml", "mini")
    assert deck.name == "mini"
    assert deck.cards[0].aliases == ()
    assert deck.cards[0].anecdote is None


def test_deck_table_names_the_deck() -> None:
    text = '[deck]\nname = "Mon paquet"\nlanguage = "fr"\n' + GOOD_CARD.format(id="c1")
    assert parse_deck_text(text, "x.toml").name == "Mon paquet"


def problems(text: str) -> list[str]:
    with pytest.raises(DeckError) as info:
        parse_deck_text(text, "broken.toml")
    assert isinstance(info.value, ValueError)
    return info.value.problems


def test_every_problem_is_reported_with_file_line_card_and_field() -> None:
    text = GOOD_CARD.format(id="c1").replace(
        'category = "penseurs"', 'category = "sciences"'
    ).replace("difficulty = 1", "difficulty = 3") + GOOD_CARD.format(id="c2").replace(
        'quote_clues = ["a", "b", "c", "d"]', 'quote_clues = ["a", "b"]'
    ).replace('author = "René Descartes"\n', "")
    found = problems(text)
    assert len(found) == 4
    assert "broken.toml:4: card 'c1': field 'category': 'sciences' is not one of" in found[0]
    assert "broken.toml:5: card 'c1': field 'difficulty': 3 is not 1 or 2" in found[1]
    assert any("card 'c2': field 'author': missing" in p for p in found)
    assert any(
        p.startswith("broken.toml:21: card 'c2': field 'quote_clues': has 2 clues") for p in found
    )


def test_duplicate_ids_are_reported() -> None:
    found = problems(GOOD_CARD.format(id="c1") + GOOD_CARD.format(id="c1"))
    assert found == ["broken.toml:14: card 'c1': field 'id': duplicate id (first used by card #1)"]


def test_unknown_fields_and_bad_types() -> None:
    text = (
        GOOD_CARD.format(id="c1")
        .replace('source = "Discours de la méthode, 1637"', "source = 1637\ncolour = 'red'")
        .replace('aliases = ["Descartes"]', "aliases = 'Descartes'")
        + 'attribution = "apocryphal"\nanecdote = 3\n'
    )
    found = "\n".join(problems(text))
    assert "field 'source': must be a non-empty string" in found
    assert "field 'colour': unknown field" in found
    assert "field 'aliases': must be a list" in found
    assert "field 'attribution': 'apocryphal' is not one of authentic, traditional" in found
    assert "field 'anecdote': must be a string" in found


def test_card_without_id_is_named_by_its_position() -> None:
    text = GOOD_CARD.format(id="c1") + GOOD_CARD.format(id="x").replace('id = "x"\n', "")
    assert problems(text) == ["broken.toml:13: card #2: field 'id': missing"]


def test_bad_id_and_empty_clue() -> None:
    text = GOOD_CARD.format(id="bad id").replace('["a", "b", "c", "d"]', '["a", "", "c", "d"]', 1)
    found = "\n".join(problems(text))
    assert "field 'id': must be letters" in found
    assert "field 'author_clues': every clue must be a non-empty string" in found


def test_toml_syntax_errors_give_the_line() -> None:
    found = problems('[[card]]\nid = "c1\n')
    assert found[0].startswith("broken.toml: not valid TOML:")
    assert "line 2" in found[0]


def test_empty_deck_and_unknown_tables() -> None:
    found = problems('[deck]\nname = "x"\nauthor = "me"\n[extra]\na = 1\n')
    text = "\n".join(found)
    assert "unknown top-level key 'extra'" in text
    assert "[deck]: field 'author': unknown field" in text
    assert "the deck has no card" in text


def test_missing_file_and_unknown_deck(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="cannot read"):
        load_deck(tmp_path / "nothing.toml")
    with pytest.raises(DeckError, match="no such deck"):
        resolve_deck("not-a-deck")
    assert resolve_deck("test-fr") == builtin_deck_path("test-fr")


# --------------------------------------------------------------------------- CSV
HEADER = [
    "id",
    "category",
    "difficulty",
    "quote",
    "author",
    "aliases",
    "source",
    "author_clues",
    "quote_clues",
    "anecdote",
    "attribution",
]


def write_csv(path: Path, rows: list[list[str]], header: list[str] = HEADER) -> Path:
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    return path


ROW = [
    "c1",
    "penseurs",
    "1",
    "Je pense, donc je suis.",
    "René Descartes",
    "Descartes|Cartesius",
    "Discours de la méthode",
    "a|b|c|d",
    "e|f|g|h",
    "",
    "",
]


def test_csv_import_round_trips_through_toml(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "mine.csv", [ROW, ["c2", *ROW[1:9], "Une anecdote.", ""]])
    deck = load_csv(source)
    assert [c.id for c in deck.cards] == ["c1", "c2"]
    assert deck.cards[0].aliases == ("Descartes", "Cartesius")
    assert deck.cards[0].quote_clues == ("e", "f", "g", "h")
    assert deck.cards[0].attribution == "authentic"
    assert deck.cards[1].anecdote == "Une anecdote."
    again = parse_deck_text(deck_to_toml(deck), "again.toml")
    assert again.cards == deck.cards


def test_the_test_deck_survives_the_toml_writer() -> None:
    deck = load_deck(builtin_deck_path("test-fr"))
    assert parse_deck_text(deck_to_toml(deck), "copy.toml").cards == deck.cards


def test_csv_problems_name_the_row_line(tmp_path: Path) -> None:
    bad = list(ROW)
    bad[7] = "a|b|c"
    bad[2] = "deux"
    source = write_csv(tmp_path / "bad.csv", [ROW, ["c2", *bad[1:]]])
    with pytest.raises(DeckError) as info:
        load_csv(source)
    text = str(info.value)
    assert f"{source}:3: card 'c2': field 'difficulty': 'deux' is not 1 or 2" in text
    assert f"{source}:3: card 'c2': field 'author_clues': has 3 clues" in text


def test_csv_header_is_checked() -> None:
    with pytest.raises(DeckError, match="missing column"):
        parse_csv_text("id,category\nc1,penseurs\n", "h.csv")
    with pytest.raises(DeckError, match="unknown column"):
        parse_csv_text(",".join([*HEADER, "colour"]) + "\n", "h.csv")


# ------------------------------------------------------------------- alternatives
def test_a_card_lists_its_accepted_alternative_wordings() -> None:
    text = GOOD_CARD.format(id="c1") + 'alternatives = ["Je pense, alors je suis."]\n'
    card = parse_deck_text(text, "alt.toml").cards[0]
    assert card.alternatives == ("Je pense, alors je suis.",)
    assert parse_deck_text(GOOD_CARD.format(id="c2"), "x.toml").cards[0].alternatives == ()
    assert load_deck(builtin_deck_path("base-fr")).card("h027").alternatives == (
        "La garde meurt mais ne se rend pas !",
    )


def test_bad_alternatives_are_reported_with_their_line() -> None:
    text = GOOD_CARD.format(id="c1") + 'alternatives = "Je pense, alors je suis."\n'
    assert problems(text) == [
        "broken.toml:12: card 'c1': field 'alternatives': "
        "must be a list of non-empty strings (it may be empty)"
    ]
    text = GOOD_CARD.format(id="c1") + 'alternatives = ["", "ok"]\n'
    assert "field 'alternatives'" in problems(text)[0]


def test_csv_alternatives_are_separated_by_bars_and_survive_the_writer(tmp_path: Path) -> None:
    header = [*HEADER, "alternatives"]
    rows = [[*ROW, "Je pense, alors je suis.|Cogito, ergo sum."], ["c2", *ROW[1:], ""]]
    deck = load_csv(write_csv(tmp_path / "alt.csv", rows, header))
    assert deck.cards[0].alternatives == ("Je pense, alors je suis.", "Cogito, ergo sum.")
    assert deck.cards[1].alternatives == ()
    assert parse_deck_text(deck_to_toml(deck), "again.toml").cards == deck.cards


def test_csv_bad_alternatives_name_the_row_line(tmp_path: Path) -> None:
    header = [*HEADER, "alternatives"]
    source = write_csv(tmp_path / "bad.csv", [[*ROW, "Cogito||ergo"]], header)
    with pytest.raises(DeckError) as info:
        load_csv(source)
    assert f"{source}:2: card 'c1': field 'alternatives'" in str(info.value)


# --------------------------------------------------------------------------- CLI
def test_cli_check_ok_and_broken(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(deck_app, ["check", "test-fr"])
    assert result.exit_code == 0
    assert result.stdout.startswith("ok — ") and ": 24 cartes (histoire " in result.stdout
    english = runner.invoke(deck_app, ["check", "test-fr", "--lang", "en"])
    assert ": 24 cards (histoire " in english.stdout
    broken = tmp_path / "broken.toml"
    broken.write_text(GOOD_CARD.format(id="c1").replace("difficulty = 1", "difficulty = 5"))
    result = runner.invoke(deck_app, ["check", str(broken)])
    assert result.exit_code == 1
    # the problems go to stderr under a French head, one line each
    lines = result.stderr.splitlines()
    assert lines[0] == "1 problème dans le paquet :"
    assert "card 'c1': field 'difficulty'" in lines[1]
    assert result.stdout == ""


def test_cli_import_writes_a_checked_deck(tmp_path: Path) -> None:
    runner = CliRunner()
    source = write_csv(tmp_path / "mine.csv", [ROW])
    target = tmp_path / "mine.toml"
    result = runner.invoke(deck_app, ["import", str(source), "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{target} écrit — mine : 1 carte (")
    assert load_deck(target).cards[0].author == "René Descartes"
    result = runner.invoke(deck_app, ["check", str(target)])
    assert result.exit_code == 0


def test_cli_import_refuses_a_broken_csv(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "bad.csv", [["c1", "sciences", *ROW[2:]]])
    target = tmp_path / "out.toml"
    result = CliRunner().invoke(deck_app, ["import", str(source), "-o", str(target)])
    assert result.exit_code == 1
    assert "problème" in result.stderr and "sciences" in result.stderr
    assert not target.exists()


# ------------------------------------------------------------------ rules pages
def test_rules_pages_exist_in_both_languages() -> None:
    from tablier.core.rules_pages import rules_text

    fr = rules_text("quiadiquoi", "fr")
    en = rules_text("quiadiquoi", "en")
    assert "tournoi" in fr.lower() and "tournament" in en.lower()
    for page in (fr, en):
        for notation in ("answer:<", "recite:<", "claim", "abstain", "timeout", "take 3 from"):
            assert notation in page
