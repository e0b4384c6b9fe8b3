"""Games are found by entry point: listing imports none, loading imports only the one."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from tablier.core import registry

BUILT_IN = ["counterplays", "kwinty", "quiadiquoi", "quiwin", "turris"]


def _game_modules_after(code: str) -> list[str]:
    probe = (
        "import sys, json\n"
        f"{code}\n"
        "print(json.dumps(sorted({m.split('.')[2] for m in sys.modules "
        "if m.startswith('tablier.games.')})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def test_the_five_games_are_declared_as_entry_points() -> None:
    assert set(BUILT_IN) <= set(registry.game_ids())
    assert registry.game_module("turris") == "tablier.games.turris"


def test_listing_imports_no_game_and_loading_imports_only_that_one() -> None:
    listed = "from tablier.core.registry import game_ids\nids = game_ids()\nassert ids"
    assert _game_modules_after(listed) == []
    loaded = "from tablier.core.registry import load\nload('turris')"
    assert _game_modules_after(loaded) == ["turris"]


def test_an_unknown_id_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"known games: .*kwinty"):
        registry.load("chess")


def _declare(monkeypatch: pytest.MonkeyPatch, *points: EntryPoint) -> None:
    monkeypatch.setattr(registry, "entry_points", lambda group: list(points))
    registry._declared.cache_clear()
    registry.game_class.cache_clear()


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    yield
    registry._declared.cache_clear()
    registry.game_class.cache_clear()


def test_a_package_value_is_read_for_its_game(monkeypatch: pytest.MonkeyPatch) -> None:
    _declare(monkeypatch, EntryPoint("turris", "tablier.games.turris", registry.GROUP))
    assert registry.load("turris").id == "turris"


def test_a_declaration_that_is_not_the_game_it_names_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _declare(monkeypatch, EntryPoint("turris", "tablier.games.kwinty:GAME", registry.GROUP))
    with pytest.raises(RuntimeError, match="with id 'turris'"):
        registry.game_class("turris")


def test_two_different_declarations_of_one_id_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _declare(
        monkeypatch,
        EntryPoint("turris", "tablier.games.turris:GAME", registry.GROUP),
        EntryPoint("turris", "elsewhere:GAME", registry.GROUP),
    )
    with pytest.raises(RuntimeError, match="declared twice"):
        registry.game_ids()
