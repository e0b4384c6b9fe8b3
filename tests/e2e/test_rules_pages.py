"""The rules pages on a 360-px phone: every example drawn by the game's own board,
nothing wider than the screen, and the study link only where a study exists."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_helpers import PHONE, expect, page_errors, shot

from tablier.core.rules_diagrams import diagrams
from tablier.core.rules_pages import LANGS, rules_text
from tablier.study import StudySpec, figures_of, run_study
from tablier.study.report import write_report

pytestmark = pytest.mark.e2e

GAMES = ["kwinty", "counterplays", "turris", "quiwin", "quiadiquoi"]
# QuiAdiQuoi's table is drawn in HTML (cards, cup, players); the others in SVG
SVG_BOARDS = {"kwinty", "counterplays", "turris", "quiwin"}

# every element wider than its box, or reaching past the screen's edges (screen readers'
# text is clipped on purpose)
OVERFLOWS = """() => {
  const found = [];
  for (const el of document.querySelectorAll("main *")) {
    if (el instanceof SVGElement || el.closest(".sr-only")) continue;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const box = el.getBoundingClientRect();
    if (!box.width) continue;
    const what = `${el.tagName.toLowerCase()}.${el.className}`;
    if (el.clientWidth && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${what}: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    if (box.left < -0.5 || box.right > innerWidth + 0.5) {
      found.push(`${what}: ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
  }
  return found;
}"""


@pytest.fixture(scope="module")
def studied_server(web_server: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A server whose studies folder holds a study of Kwinty and of nothing else."""
    base = tmp_path_factory.mktemp("rules")
    spec = StudySpec("kwinty", ("random", "random"), 10, seed=3)
    figures = figures_of("kwinty", {}, spec.players, run_study(spec))
    write_report(base / "studies" / "kwinty", [("base", figures)])
    with pytest.MonkeyPatch.context() as env:
        env.setenv("TABLIER_STUDIES", str(base / "studies"))
        # the same kind of server process as every browser test, with that folder
        server = type(web_server)(base).start()
    yield server
    server.stop()


def open_rules(page: Any, url: str, game: str, lang: str) -> None:
    page.goto(url + "/")
    page.evaluate(f"localStorage.setItem('tablier.lang', JSON.stringify('{lang}'))")
    page.goto(f"{url}/?rules={game}")
    expect(page.locator(".rules[data-ready]")).to_have_count(1)


@pytest.mark.parametrize("lang", LANGS)
def test_rules_pages_fit_a_phone_and_draw_every_example(
    studied_server: Any, open_context: Any, lang: str
) -> None:
    page = open_context(PHONE).new_page()
    errors = page_errors(page)
    for game in GAMES:
        open_rules(page, studied_server.url, game, lang)
        examples = diagrams(rules_text(game, lang))
        figures = page.locator(".rules-diagram")
        expect(figures).to_have_count(len(examples))
        for i in range(len(examples)):
            figure = figures.nth(i)
            assert figure.locator(".rules-board").count() == 1, f"{game} example {i + 1}"
            assert figure.locator(".rules-diagram-missing").count() == 0, (
                f"{game} example {i + 1} not drawn"
            )
            if game in SVG_BOARDS:
                assert figure.locator("svg").count() > 0, f"{game} example {i + 1}: no picture"
            # the board speaks the page's language, never in its message keys
            words = figure.inner_text()
            assert re.search(rf"\b{game}\.[a-z_]+", words, re.I) is None, f"{game}: {words[:300]}"
            box = figure.bounding_box()
            assert box is not None and box["height"] > 60, f"{game} example {i + 1} is empty"
        # the notation is there, folded away; opened, it fits the phone too
        further = page.locator("details.rules-further")
        expect(further).to_have_count(1)
        further.locator("summary").click()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert page.evaluate(OVERFLOWS) == [], game
        # the study page is offered only where a study exists
        study = page.locator(".rules-play [data-action=study]")
        expect(page.locator(".rules-play .btn-primary")).to_have_count(1)
        expect(study).to_have_count(1 if game == "kwinty" else 0)
        if lang == "fr":
            shot(page, f"rules-{game}-phone")
    assert errors == []


def test_the_quiadiquoi_page_leads_to_the_party_screen(web_server: Any, open_context: Any) -> None:
    page = open_context().new_page()
    open_rules(page, web_server.url, "quiadiquoi", "fr")
    page.click(".rules a[href='/?host&game=quiadiquoi']")
    page.wait_for_url("**/?host*")
    assert "host" in page.url
