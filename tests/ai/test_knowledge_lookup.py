"""A game's knowledge is found beside its `Game` class, wherever its package lives."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablier.ai.knowledge import heuristics_for
from tablier.core.game import Game
from tablier.core.heuristics import Heuristics

GAME_MODULE = '''
from typing import Any, ClassVar
from tablier.core.game import Game

class Outside(Game):
    id: ClassVar[str] = "outside"
    name: ClassVar[str] = "Outside"

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> Any:
        raise NotImplementedError
'''
KNOWLEDGE = '''
from tablier.core.heuristics import Heuristics

class OutsideHeuristics(Heuristics):
    pass

def make_heuristics(game):
    return OutsideHeuristics(game)
'''


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    root = tmp_path / "outside_game"
    root.mkdir()
    monkeypatch.syspath_prepend(str(tmp_path))
    yield root
    for name in [m for m in sys.modules if m.split(".")[0] == "outside_game"]:
        del sys.modules[name]


def _game(where: str) -> Game:
    importlib.invalidate_caches()
    made: Game = importlib.import_module(where).Outside()
    return made


def test_knowledge_shipped_beside_a_class_in_a_module_is_used(package: Path) -> None:
    (package / "__init__.py").write_text("")
    (package / "game.py").write_text(GAME_MODULE)
    (package / "heuristics.py").write_text(KNOWLEDGE)
    found = heuristics_for(_game("outside_game.game"))
    assert type(found).__name__ == "OutsideHeuristics"


def test_knowledge_beside_a_class_in_the_package_itself_is_used(package: Path) -> None:
    (package / "__init__.py").write_text(GAME_MODULE)
    (package / "heuristics.py").write_text(KNOWLEDGE)
    found = heuristics_for(_game("outside_game"))
    assert type(found).__name__ == "OutsideHeuristics"


def test_a_package_without_knowledge_gets_the_default(package: Path) -> None:
    (package / "__init__.py").write_text(GAME_MODULE)
    assert type(heuristics_for(_game("outside_game"))) is Heuristics


def test_broken_knowledge_is_not_taken_for_none(package: Path) -> None:
    (package / "__init__.py").write_text(GAME_MODULE)
    (package / "heuristics.py").write_text("import a_module_nobody_has\n")
    with pytest.raises(ModuleNotFoundError, match="a_module_nobody_has"):
        heuristics_for(_game("outside_game"))
