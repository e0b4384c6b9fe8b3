"""A game's knowledge is what its `heuristics` hook declares, wherever its package lives,
and only that: a module merely named `heuristics` beside the game is not looked for."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablier.ai.knowledge import heuristics_for
from tablier.core.game import Game
from tablier.core.heuristics import Heuristics
from tablier.core.hooks import HookError

GAME_MODULE = '''
from typing import Any, ClassVar
from tablier.core.game import Game

class Outside(Game):
    id: ClassVar[str] = "outside"
    name: ClassVar[str] = "Outside"
    heuristics: ClassVar[str | None] = HOOK

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


def _module(hook: str | None) -> str:
    return GAME_MODULE.replace("HOOK", repr(hook))


def _game(where: str) -> Game:
    importlib.invalidate_caches()
    made: Game = importlib.import_module(where).Outside()
    return made


def test_the_declared_knowledge_is_used_wherever_it_lives(package: Path) -> None:
    (package / "__init__.py").write_text("")
    (package / "game.py").write_text(_module("outside_game.knowledge:make_heuristics"))
    (package / "knowledge.py").write_text(KNOWLEDGE)
    found = heuristics_for(_game("outside_game.game"))
    assert type(found).__name__ == "OutsideHeuristics"


def test_an_undeclared_heuristics_module_is_not_looked_for(package: Path) -> None:
    (package / "__init__.py").write_text(_module(None))
    (package / "heuristics.py").write_text(KNOWLEDGE)
    assert type(heuristics_for(_game("outside_game"))) is Heuristics


def test_a_game_without_knowledge_gets_the_default(package: Path) -> None:
    (package / "__init__.py").write_text(_module(None))
    assert type(heuristics_for(_game("outside_game"))) is Heuristics


def test_broken_knowledge_names_the_game_and_the_hook(package: Path) -> None:
    (package / "__init__.py").write_text(_module("outside_game.heuristics:make_heuristics"))
    (package / "heuristics.py").write_text("import a_module_nobody_has\n")
    with pytest.raises(HookError, match=r"outside.*heuristics") as caught:
        heuristics_for(_game("outside_game"))
    assert "a_module_nobody_has" in str(caught.value)
