"""A game's facts, presentation and hooks as data, and the old attribute names beside them.

Games written either way must hold: declaring the dataclasses (the built-in games) spreads
each field onto the class under its old name, and setting the old names one by one (the
sample plugin game) builds the dataclasses from them.
"""

from __future__ import annotations

import json
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tablier.core import registry
from tablier.core.declarations import DECLARATIONS
from tablier.core.facts import Presentation, RuleFacts
from tablier.core.game import Game
from tablier.core.hooks import HookError, Hooks, resolve
from tablier.core.state import State

PLUGIN_SOURCE = Path(__file__).resolve().parents[1] / "plugin_game" / "src"

# the keys the lobby, the server and the command line read before the declarations
FORMER_KEYS = {
    "id", "name", "min_players", "max_players", "hidden_information", "draws_lots",
    "loser_starts_next", "text_moves", "text_move_templates", "timeout_move",
    "new_deal_reasons", "seat_names", "rank", "player_labels", "default_opponent",
    "pitch", "duration_minutes", "options",
}  # fmt: skip


class _NoState(Game):
    id: ClassVar[str] = "no_state"
    name: ClassVar[str] = "No state"

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> State:
        raise NotImplementedError


class Declared(_NoState):
    id: ClassVar[str] = "declared"
    facts = RuleFacts(min_players=3, max_players=5, chance=True, timeout_move="pass")
    presentation = Presentation(rank=7, pitch={"fr": "Un essai.", "en": "A try."})
    hooks = Hooks(named_players={"echo": "json:dumps"}, http_routes="json:JSONDecoder")


class Loose(_NoState):
    id: ClassVar[str] = "loose"
    min_players = 1
    max_players = 4
    new_deal_reasons: ClassVar[frozenset[str]] = frozenset({"void"})
    rank = 3
    duration_minutes = (5, 9)
    research_interface: ClassVar[str | None] = "json:loads"


class OneChange(Declared):
    """A variant of a declared game that changes one fact the old way."""

    id: ClassVar[str] = "one_change"
    max_players = 3


def _fields_of(kind: type[Any]) -> list[str]:
    return [spec.name for spec in fields(kind)]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_every_declared_field_is_read_under_its_old_name(game_id: str) -> None:
    cls = registry.game_class(game_id)
    for attribute, kind in DECLARATIONS:
        declared = getattr(cls, attribute)
        assert isinstance(declared, kind)
        for name in _fields_of(kind):
            assert getattr(cls, name) == getattr(declared, name), f"{game_id}.{name}"


def test_a_declaration_is_spread_onto_the_class() -> None:
    assert (Declared.min_players, Declared.max_players, Declared.chance) == (3, 5, True)
    assert Declared.timeout_move == "pass" and Declared.rank == 7
    assert Declared.named_players == {"echo": "json:dumps"}
    # what it does not declare keeps the defaults
    assert Declared.hidden_information is False and Declared.duration_minutes == (10, 30)
    game = Declared()
    assert game.min_players == 3 and game.pitch["fr"] == "Un essai."


def test_attributes_set_one_by_one_build_the_declarations() -> None:
    assert Loose.facts.min_players == 1 and Loose.facts.max_players == 4
    assert Loose.facts.new_deal_reasons == frozenset({"void"})
    assert Loose.presentation.rank == 3 and Loose.presentation.duration_minutes == (5, 9)
    assert Loose.hooks.research_interface == "json:loads"
    described = Loose.describe()
    assert described["max_players"] == 4 and described["new_deal_reasons"] == ["void"]
    assert described["hooks"]["research_interface"] == "json:loads"


def test_a_subclass_changes_one_field_and_inherits_the_rest() -> None:
    assert OneChange.facts.max_players == 3 and OneChange.max_players == 3
    assert OneChange.facts.min_players == 3 and OneChange.facts.timeout_move == "pass"
    assert OneChange.presentation.rank == 7
    assert Declared.max_players == 5  # the parent is untouched


def test_the_sample_plugin_game_written_the_old_way_still_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(PLUGIN_SOURCE))
    try:
        from tablier_trio.game import TrioGame

        assert TrioGame.presentation.rank == 90
        assert TrioGame.presentation.duration_minutes == (1, 3)
        assert TrioGame.presentation.outcome_messages is TrioGame.outcome_messages
        assert TrioGame.hooks.research_interface == "tablier_trio.research:interface"
        assert callable(TrioGame.resolve_hook("research_interface"))
        assert TrioGame.describe()["pitch"]["fr"].startswith("Marquez")
    finally:
        for module in [m for m in sys.modules if m.startswith("tablier_trio")]:
            del sys.modules[module]


def test_a_loose_field_beside_its_declaration_is_refused() -> None:
    with pytest.raises(TypeError, match="rank beside presentation"):

        class Both(_NoState):
            presentation = Presentation(rank=1)
            rank = 2


def test_a_hook_that_cannot_name_anything_is_refused_when_the_game_is_written() -> None:
    with pytest.raises(TypeError, match=r"'typo'.*named_players\[easy\]"):

        class Typo(_NoState):
            id: ClassVar[str] = "typo"
            hooks = Hooks(named_players={"easy": "no colon here"})


def test_impossible_facts_are_refused() -> None:
    with pytest.raises(ValueError, match="min_players"):
        RuleFacts(min_players=3, max_players=2)
    with pytest.raises(ValueError, match="default_players"):
        RuleFacts(min_players=2, max_players=4, default_players=6)
    with pytest.raises(ValueError, match="default_opponent"):
        Presentation(default_opponent="robot")


def test_the_resolver_names_the_game_and_the_hook_that_fail() -> None:
    assert resolve("json:dumps", game="declared", hook="x") is json.dumps
    with pytest.raises(HookError, match=r"'declared'.*named_players\[ghost\].*no_such_module"):
        resolve("no_such_module:thing", game="declared", hook="named_players[ghost]")
    with pytest.raises(HookError, match=r"'declared'.*http_routes.*nothing_here"):
        resolve("json:nothing_here", game="declared", hook="http_routes")
    # a HookError is an ImportError, as an unimportable hook always was
    assert issubclass(HookError, ImportError)


def test_a_game_resolves_its_own_hooks_by_name() -> None:
    assert Declared.resolve_hook("named_players", "echo") is json.dumps
    assert Declared.resolve_hook("named_players", "nobody") is None
    assert Declared.resolve_hook("research_interface") is None
    assert dict(Declared.declared_hooks()) == {
        "named_players[echo]": "json:dumps",
        "http_routes": "json:JSONDecoder",
    }
    with pytest.raises(ValueError, match="which entry"):
        Declared.resolve_hook("named_players")


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_describe_serialises_every_declared_field_as_json(game_id: str) -> None:
    cls = registry.game_class(game_id)
    described = json.loads(json.dumps(cls.describe()))
    assert set(described) >= FORMER_KEYS
    for name in [*_fields_of(RuleFacts), *_fields_of(Presentation)]:
        if name != "outcome_messages":  # a catalogue: its texts are served elsewhere
            assert name in described, name
    assert described["rank"] == cls.rank
    assert set(described["hooks"]) == set(_fields_of(Hooks))
    assert described["text_moves"] == bool(cls.text_move_templates)
    assert described["duration_minutes"] == list(cls.duration_minutes)
    assert described["new_deal_reasons"] == sorted(cls.new_deal_reasons)


def test_describe_follows_a_declaration_it_has_never_seen() -> None:
    # nothing lists the keys by hand: a declared value shows as it is
    described = Declared.describe()
    assert described["min_players"] == 3 and described["chance"] is True
    assert described["pitch"] == {"fr": "Un essai.", "en": "A try."}
    assert described["hooks"]["named_players"] == {"echo": "json:dumps"}


def test_a_field_set_later_changes_its_declaration_and_the_reverse(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Loose, "timeout_move", "wait")
    assert Loose.facts.timeout_move == "wait" and Loose.describe()["timeout_move"] == "wait"
    monkeypatch.setattr(Loose, "presentation", Presentation(rank=99))
    assert Loose.rank == 99 and Loose.duration_minutes == (10, 30)
    with pytest.raises(ValueError, match="min_players"):
        Loose.min_players = 9  # beyond max_players: refused, nothing changed
    assert Loose.facts.min_players == Loose.min_players == 1
    with pytest.raises(TypeError, match=r"'loose'.*http_routes"):
        Loose.http_routes = "nowhere"
    monkeypatch.undo()
    assert Loose.facts.timeout_move is None and Loose.rank == 3


def test_every_declared_field_is_typed_on_game() -> None:
    # type checkers read `GAME.<field>` from these annotations: a new field needs one
    annotated = set(Game.__annotations__)
    for attribute, kind in DECLARATIONS:
        assert {attribute, *_fields_of(kind)} <= annotated, kind.__name__


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_options_rated_apart_are_options_of_the_game(game_id: str) -> None:
    cls = registry.game_class(game_id)
    names = {spec.name for spec in cls.option_specs}
    assert set(cls.rated_apart) <= names, f"{game_id} rates apart options it lacks"
    assert cls.facts.rated_apart == cls.rated_apart


def test_a_rating_key_follows_the_declared_options() -> None:
    from tablier.server.people.ratings import rating_key

    kwinty = registry.game_class("kwinty")
    assert kwinty.rated_apart == ("variant",)
    assert rating_key("kwinty", {}) == "kwinty"
    assert rating_key("kwinty", {"variant": "kwintie"}) == "kwinty:kwintie"
    # an option not declared apart keeps the game's rating
    other = next(s for s in kwinty.option_specs if s.name not in kwinty.rated_apart)
    assert rating_key("kwinty", {other.name: other.default}) == "kwinty"
    # Turris declares none: every option keeps its one rating
    assert registry.game_class("turris").rated_apart == ()
