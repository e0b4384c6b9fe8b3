"""What research frameworks offer comes from what each game declares, not from names."""

from __future__ import annotations

import importlib
from typing import Any, ClassVar

import pytest
from looping_games import Guessing, Ticking
from tests_research_support import need

from tablier.core.game import Game

# the module, not the function of the same name that the package re-exports
research = importlib.import_module("tablier.research.interface")


def test_each_game_is_offered_under_its_id_or_its_declared_variants() -> None:
    offered = research.offered_names()
    assert offered["kwinty"] == ("kwinty", {"variant": "kwinty"})
    assert offered["kwintie"] == ("kwinty", {"variant": "kwintie"})
    assert offered["turris"] == ("turris", {})
    # no research interface declared: not offered
    assert all(game_id != "quiadiquoi" for game_id, _ in offered.values())


class Alone(Ticking):
    id: ClassVar[str] = "test_alone"


class Crowded(Ticking):
    id: ClassVar[str] = "test_crowded"
    research_variants: ClassVar[dict[str, dict[str, Any]]] = {"test_alone": {}}


class Crowd(Ticking):
    id: ClassVar[str] = "test_crowd"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6


def _installed(monkeypatch: pytest.MonkeyPatch, *games: type[Game]) -> None:
    by_id = {game.id: game for game in games}
    monkeypatch.setattr(research, "research_game_ids", lambda: list(by_id))
    monkeypatch.setattr(research, "game_class", by_id.__getitem__)


def test_two_games_offered_under_one_name_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    _installed(monkeypatch, Alone, Crowded)
    with pytest.raises(RuntimeError, match="test_alone"):
        research.offered_names()


def test_a_game_that_cannot_seat_two_is_not_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    _installed(monkeypatch, Alone, Crowd)
    assert research.offered_names() == {"test_alone": ("test_alone", {})}


def test_the_generic_openspiel_game_takes_only_sequential_open_games() -> None:
    need("pyspiel")
    from tablier.core.registry import game_class
    from tablier.research import openspiel_games

    class Secret(Ticking):
        hidden_information: ClassVar[bool] = True

    assert openspiel_games._generic_fits(Ticking)
    assert not openspiel_games._generic_fits(Guessing)  # simultaneous
    assert not openspiel_games._generic_fits(Secret)
    # Qui'win declares its own, which is registered under its name
    assert not openspiel_games._generic_fits(game_class("quiwin"))
    assert "python_tablier_quiwin" in openspiel_games.GAME_NAMES
    assert "python_tablier_quiwin" not in openspiel_games.TURN_BASED
