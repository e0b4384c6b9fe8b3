"""A sixth game in a pip package of its own is found everywhere, tablier untouched.

`tests/plugin_game/` is a distribution like any outside game's: its pyproject names
its game in the entry-point group `tablier.games`. It is pip-installed into a folder
of its own (never into the environment running the tests), and every check runs in a
subprocess with that folder on PYTHONPATH: the command line (`games`, `rules`, `play`
against the computer through standard input, `arena`, `study`), a real `tablier serve`
(the games list, its picture and rules, a room against the computer played over its
WebSocket), the conformance suite and the research tests (OpenSpiel's API suite,
PettingZoo's), each selected with `-k trio`.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablier.core import registry

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tests" / "plugin_game"
sys.path.insert(0, str(ROOT / "tests" / "server"))

from server_helpers import Client, ServerProcess, play_seat, run  # noqa: E402

TIMEOUT = 180
CHROMIUM = "/usr/bin/chromium"
OUTCOMES_FR = {"Croix aligne trois marques", "Rond aligne trois marques",
               "plateau plein sans alignement : partie nulle"}  # fmt: skip


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample package installed into a folder of its own, built from a copy so
    that no build file lands in the repository."""
    where = tmp_path_factory.mktemp("plugin")
    source = where / "source"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
         "--disable-pip-version-check", "--target", str(where / "site"), str(source)],
        capture_output=True, text=True, timeout=TIMEOUT,
    )  # fmt: skip
    assert installed.returncode == 0, installed.stderr
    return where / "site"


@pytest.fixture(scope="module")
def env(site: Path) -> dict[str, str]:
    paths = [str(site), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "TABLIER_LANG": "fr"}


def tablier(env: dict[str, str], *args: str, stdin: str | None = None) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "tablier", *args],
        input=stdin, capture_output=True, text=True, env=env, timeout=TIMEOUT, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout


def run_pytest(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-v", "-k", "trio", *args],
        capture_output=True, text=True, env=env, timeout=TIMEOUT, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-2000:]
    return done.stdout


def test_the_environment_running_the_tests_knows_nothing_of_it(site: Path) -> None:
    assert "trio" not in registry.game_ids()
    assert importlib.util.find_spec("tablier_trio") is None
    assert (site / "tablier_trio" / "game.py").is_file()


def test_tablier_games_lists_it(env: dict[str, str]) -> None:
    listed = tablier(env, "games")
    assert re.search(r"│ trio +│ 2 +│ size: 4 \| 3", listed), listed
    assert "Trio" in listed and "kwinty" in listed


def test_tablier_rules_shows_the_page_it_ships(env: dict[str, str]) -> None:
    assert "Qui gagne" in tablier(env, "rules", "trio")


def test_a_person_plays_it_against_the_computer_in_the_terminal(env: dict[str, str]) -> None:
    # a wrong square first, then every square in turn: those the computer took are
    # refused, and the game ends before the squares do
    squares = [f"{c}{r}" for r in "1234" for c in "abcd"]
    shown = tablier(
        env, "play", "trio", "--vs", "easy", "--seat", "0", "--seed", "4",
        stdin="\n".join(["zz9", *squares]) + "\n",
    )  # fmt: skip
    assert "Refusé : « zz9 » ne nomme pas une case" in shown, shown
    assert "Rond (ordinateur) joue" in shown, shown
    assert "Partie terminée" in shown and any(text in shown for text in OUTCOMES_FR), shown


def test_arena_plays_it_and_saves_games_that_replay(env: dict[str, str], tmp_path: Path) -> None:
    shown = tablier(
        env, "arena", "trio", "-p", "easy,random", "-n", "4", "-q", "--save", str(tmp_path)
    )
    assert "easy" in shown and "random" in shown
    records = [json.loads(p.read_text()) for p in sorted(tmp_path.rglob("*.json"))]
    assert len(records) == 4 and {r["game"] for r in records} == {"trio"}
    assert all(r["outcome"]["reason"] in ("line", "full") for r in records)


def test_study_measures_it(env: dict[str, str], tmp_path: Path) -> None:
    tablier(env, "study", "trio", "--games", "20", "--out", str(tmp_path))
    figures: dict[str, Any] = json.loads((tmp_path / "figures.json").read_text())
    base = figures["studies"][0]
    assert base["game"] == "trio" and base["games"] == 20
    # a game of trio lasts between the first possible line and a full board
    assert 5 <= base["length"]["minimum"] <= base["length"]["maximum"] <= 16


@pytest.fixture(scope="module")
def server(
    env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """One real `tablier serve` with the package on its path, for the API and the browser."""
    where = tmp_path_factory.mktemp("served")
    served = ServerProcess(
        where / "db.sqlite", where / "server.log", env={"PYTHONPATH": env["PYTHONPATH"]}
    ).start()
    yield served
    served.stop()


def test_the_lobby_offers_it_and_a_room_plays_it(server: ServerProcess) -> None:
    games = server.get("/api/games").json()
    trio = next(g for g in games if g["id"] == "trio")
    assert trio["name"] == "Trio" and trio["seat_names"]["fr"] == ["Croix", "Rond"]
    # its picture and its rules pages come from its own package
    assert server.get(trio["art"]).text.startswith("<svg")
    assert "## Who wins" in server.get("/api/games/trio/rules?lang=en").text
    created = server.create_room(
        game="trio",
        options={"size": 3},
        seats=[{"mine": True}, {"kind": "computer", "level": "random"}],
        seating="as_listed",
    )
    seat = created["my_seats"][0]

    async def game() -> dict[str, Any]:
        client = await Client.open(server, created["room"], [seat["token"]])
        end = await play_seat(client, seat["seat"], random.Random(5))
        await client.close()
        return end

    end = run(game())
    assert end["terminal"] and any(p == 1 for p, _ in end["moves"]), end
    assert end["outcome"]["reason_text"]["fr"] in OUTCOMES_FR


def test_its_own_board_is_served_where_the_api_says(server: ServerProcess) -> None:
    trio = server.get("/api/games/trio").json()
    assert trio["board"] is True and trio["party"] is False
    assert trio["web_urls"] == {
        "board": "/games/trio/web/trio-board.js",
        "messages": "/games/trio/web/trio.{lang}.json",
    }
    board = server.get(trio["web_urls"]["board"])
    assert board.status_code == 200 and "javascript" in board.headers["content-type"]
    assert "customElements.define(TAG, TrioBoard)" in board.text
    # what the board imports beside it is served from the same folder
    assert ".trio-grid" in server.get("/games/trio/web/trio-board.css").text
    words = server.get(trio["web_urls"]["messages"].format(lang="fr")).json()
    assert words["trio"]["empty"].startswith("case ")
    # nothing outside the game's web folder, nothing another game's
    for outside in ("%2e%2e/game.py", "..%2fgame.py", "..%2F..%2Ftablier_trio%2Fgame.py",
                    "%2e%2e/rules.fr.md", ".hidden", "nothing.js", ""):  # fmt: skip
        answer = server.get(f"/games/trio/web/{outside}")
        assert answer.status_code == 404 and "def " not in answer.text, outside
    assert server.get("/games/kwinty/web/trio-board.js").status_code == 404
    assert server.get("/games/nope/web/trio-board.js").status_code == 404


def _chromium_or_skip() -> None:
    """As the browser tests do: skip without Chromium or Playwright, fail under CI=true."""
    missing = not os.path.exists(CHROMIUM) or importlib.util.find_spec("playwright") is None
    if missing and os.environ.get("CI") == "true":
        pytest.fail(f"CI runs the browser checks: {CHROMIUM} or playwright is missing")
    if missing:
        pytest.skip(f"{CHROMIUM} or the playwright package is not installed")


def test_a_room_in_the_browser_draws_its_board_and_a_click_plays(server: ServerProcess) -> None:
    _chromium_or_skip()
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from e2e_helpers import create_game, expect, page_errors

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 860}, locale="fr-FR")
            errors = page_errors(page)
            page.goto(server.http + "/")
            create_game(page, "trio", "computer", level="random", first="me")
            board = page.locator("trio-board")
            expect(board.locator(".trio-square")).to_have_count(16)
            square = board.locator("[data-square=b2]")
            expect(square).to_be_enabled()
            square.click()
            expect(square).to_have_text("✕")
            # the board's words come from the package's own messages, in French
            expect(square).to_have_attribute("aria-label", re.compile(r"^case b2, marquée par"))
            expect(square).to_be_disabled()
            # the computer answers on a square of its own
            expect(board.locator(".trio-square", has_text="◯")).to_have_count(1)
            assert not errors, errors
        finally:
            browser.close()


def test_the_conformance_suite_checks_it(env: dict[str, str]) -> None:
    shown = run_pytest(env, "tests/conformance")
    passed = re.findall(r"::(\w+)\[[^\]]*trio[^\]]*\] PASSED", shown)
    # playouts, the trusted path, variants, the description, move words
    assert len(set(passed)) >= 6, shown


def test_the_openspiel_and_pettingzoo_adapters_offer_it(env: dict[str, str]) -> None:
    missing = [m for m in ("pyspiel", "pettingzoo") if importlib.util.find_spec(m) is None]
    if missing and os.environ.get("CI") != "true":
        pytest.skip(f"the research extra is not installed ({', '.join(missing)})")
    assert not missing, f"CI installs the research extra; missing {missing}"
    shown = run_pytest(env, "tests/research")
    assert re.search(r"test_openspiel_api\.py::\w+\[python_tablier_trio\] PASSED", shown), shown
    assert re.search(r"test_openspiel_games\.py::\w+\[python_tablier_trio\] PASSED", shown)
    assert re.search(r"test_pettingzoo_envs\.py::\w+\[trio\] PASSED", shown), shown
    assert "SKIPPED" not in shown, shown
