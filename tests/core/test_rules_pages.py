"""The rules pages are written for people: the same sections in every page, no notation
or command line before the "going further" section, and every example position (a
```diagram``` block) legal for the engine."""

from __future__ import annotations

import json
import re

import pytest

from tablier.core import registry
from tablier.core.errors import IllegalMove
from tablier.core.rules_diagrams import Diagram, as_text, diagrams, parse_diagram, position
from tablier.core.rules_pages import LANGS, rules_text

GAMES = registry.game_ids()

# the sections every page has, in this order; "going further" is the last one
SECTIONS = {
    "fr": [
        "Ce qu'il vous faut",
        "Le but",
        "Un tour de jeu",
        "Fin de partie",
        "Pour aller plus loin",
    ],
    "en": ["What you need", "The goal", "A turn", "End of the game", "Going further"],
}

# each game's move notation, which a newcomer must not meet in the main text
NOTATION = {
    "kwinty": [r"\b[a-q][1-9][hv]\b"],
    "turris": [r"\b[VH][a-c][1-3]", r"\bx[a-c][1-3]@\d"],
    "counterplays": [r"\b[COUNTERPLAYS]:-?\d", r"-?\d+,-?\d+;", r"\bx ?\+ ?y\b", r"\bx,y\b"],
    "quiwin": [r"\b[VJBOR]\d\d\b", r"\b[OR]\?", r"\bswap \d"],
    "quiadiquoi": [r"\btake \d", r"\b(answer|recite|name):", r"\bdie_faces\b"],
}
# what belongs to a terminal or to the code, in any game
ANY = [
    r"`",
    r"\btablier (play|rules|puzzle|study)\b",
    r"\s-o\s",
    r"\w+=\w+",
    r"\bNone\b",
    r"\bTrue\b",
]


def split_page(text: str, lang: str) -> tuple[str, str]:
    """The page before its "going further" section, and that section."""
    heading = f"\n## {SECTIONS[lang][-1]}\n"
    assert heading in text
    main, _, further = text.partition(heading)
    return main, further


def prose_of(text: str) -> str:
    """The words a reader sees: no diagram blocks, no link addresses."""
    text = re.sub(r"^```diagram [\w-]+\n.*?^```\n", "", text, flags=re.M | re.S)
    return re.sub(r"\]\([^)]*\)", "]", text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_each_page_has_the_sections_of_a_page_for_people(game: str, lang: str) -> None:
    text = rules_text(game, lang)
    headings = re.findall(r"^## (.+)$", text, flags=re.M)
    positions = [headings.index(s) for s in SECTIONS[lang] if s in headings]
    assert len(positions) == len(SECTIONS[lang]), f"{game}.{lang}: sections {headings}"
    assert positions == sorted(positions), f"{game}.{lang}: sections out of order {headings}"
    assert headings[-1] == SECTIONS[lang][-1], "going further comes last"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_no_notation_or_command_line_before_going_further(game: str, lang: str) -> None:
    main, further = split_page(rules_text(game, lang), lang)
    prose = prose_of(main)
    # the only fenced blocks before "going further" are diagrams
    assert "```" not in prose, f"{game}.{lang}: a code block outside 'going further'"
    for pattern in [*NOTATION[game], *ANY]:
        found = re.search(pattern, prose)
        assert found is None, f"{game}.{lang}: {found.group(0)!r} outside 'going further'"
    # the notation still exists, for those who want it
    assert any(re.search(p, further) for p in NOTATION[game]), f"{game}.{lang}: notation gone"


@pytest.mark.parametrize("game", GAMES)
def test_both_languages_draw_the_same_examples(game: str) -> None:
    pages = {lang: diagrams(rules_text(game, lang)) for lang in LANGS}
    assert len(pages["fr"]) >= 2, f"{game}: a rules page shows its rules in pictures"
    assert pages["fr"] == pages["en"]
    assert all(d.game == game for d in pages["fr"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_diagram_replays_legally(game: str, lang: str) -> None:
    for diagram in diagrams(rules_text(game, lang)):
        state = position(diagram)  # raises IllegalMove on a move the rules refuse
        assert len(state.history) == len(diagram.moves)


def test_a_diagram_with_an_illegal_move_is_refused() -> None:
    with pytest.raises(IllegalMove):
        position(Diagram("kwinty", moves=["i1h", "a1v"]))
    with pytest.raises(ValueError, match="unknown diagram keys"):
        parse_diagram("kwinty", {"moves": [], "colour": "red"})
    with pytest.raises(ValueError, match="not JSON"):
        diagrams("```diagram kwinty\n{moves: }\n```\n")


def test_the_end_diagrams_reach_the_end_they_describe() -> None:
    kwinty = diagrams(rules_text("kwinty", "fr"))[0]
    assert position(kwinty).outcome()["reason"] == "line"
    counterplays = position(diagrams(rules_text("counterplays", "fr"))[-1])
    assert counterplays.is_terminal() and counterplays.returns() == [-1.0, 1.0]
    turris = position(diagrams(rules_text("turris", "fr"))[-1])
    assert turris.is_terminal()


def test_quiadiquoi_links_the_party_screen() -> None:
    for lang in LANGS:
        main, _ = split_page(rules_text("quiadiquoi", lang), lang)
        assert "(/?host&game=quiadiquoi)" in main


def test_a_terminal_shows_each_diagram_as_the_game_text_picture() -> None:
    page = rules_text("kwinty", "en")
    text = as_text(page, "en")
    assert "```diagram" not in text
    first = diagrams(page)[0]
    assert position(first).render_text(None, "en").strip() in text
    # a broken example leaves the rest of the page readable
    broken = as_text(
        "before\n```diagram kwinty\n" + json.dumps({"moves": ["a1v"]}) + "\n```\nafter"
    )
    assert "before" in broken and "after" in broken and "diagram" not in broken
