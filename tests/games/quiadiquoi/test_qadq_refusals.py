"""Every refusal has a stable code and French and English texts with the same parameters."""

from __future__ import annotations

import pytest
from qadq_helpers import give, make, put_front, set_turn, tokens

import tablier
from tablier.core.messages import catalogue
from tablier.games.quiadiquoi.state import QuiAdiQuoiState


def refusal(state: QuiAdiQuoiState, player: int, move: str) -> tablier.IllegalMove:
    before = state.table
    with pytest.raises(tablier.IllegalMove) as info:
        state.apply(player, move)
    assert state.table == before
    return info.value


def test_the_catalogues_have_both_languages_with_the_same_parameters() -> None:
    for name in ("quiadiquoi", "quiadiquoi.tasks", "quiadiquoi.events", "quiadiquoi.render"):
        found = catalogue(name)
        assert found is not None and found.entries
        assert found.problems() == []


def test_every_refusal_path_has_a_code_and_both_texts() -> None:
    state = make(3)
    set_turn(state, 0, "blank")
    put_front(state, 3, "h01", "bordeaux")
    seen = {}
    cases = [
        ("take 4", "refusal.take_impossible", "1, 2 et 3"),
        ("take 3", "refusal.take_impossible", "jeton Histoire"),
        ("dance", "refusal.not_legal", "choisir un compartiment"),
        ("name:Voltaire|Il faut", "refusal.name_needs_power", "carte volée"),
    ]
    for move, key, french in cases:
        exc = refusal(state, 0, move)
        assert exc.code == f"quiadiquoi:{key}"
        assert french in exc.text("fr") and str(exc) == exc.text("en")
        assert exc.text("fr") != exc.text("en")
        seen[key] = exc
    state.table.comps[1].clear()
    assert "compartment 2 is empty" in str(refusal(state, 0, "take 2"))
    set_turn(state, 0, "steal_card")
    give(state, 1, "l01")
    exc = refusal(state, 0, "name:Voltaire")
    assert exc.code == "quiadiquoi:refusal.name_format" and "|" in exc.text("fr")
    set_turn(state, 0, "magic")
    tokens(state, 0, histoire=1, penseurs=1)
    exc = refusal(state, 0, "take 3 with penseurs")
    assert "jeton magique" in exc.text("fr") and "magic token" in exc.text("en")
    assert set(exc.params) == {"move", "why"}


def test_outcome_reasons_are_told_in_both_languages() -> None:
    game = tablier.load("quiadiquoi", deck="test-fr")
    for outcome in (
        {"reason": "cards", "winner": 2},
        {"reason": "exhausted"},
        {"reason": "stalled"},
    ):
        message = game.outcome_message(outcome)
        assert message.code == f"quiadiquoi.render:outcome.{outcome['reason']}"
        assert message.text("fr") != message.text("en")
    # seats are counted from 1 where people read them: engine seat 2 is "joueur 3"
    assert "joueur 3" in game.outcome_text({"reason": "cards", "winner": 2}, "fr")


def test_events_carry_a_code_and_both_texts() -> None:
    state = make(3)
    put_front(state, 1, "h01")
    state.apply(0, "take 1")
    state.apply(0, "answer:Louis XIV")
    view = state.observation(1)
    assert view["events"] == [m["text"]["en"] for m in view["event_messages"]]
    last = view["event_messages"][-1]
    assert last["code"] == "quiadiquoi.events:event.takes_token"
    # seat 0 in the parameters, "joueur 1" in the words people read
    assert last["params"]["player"] == 0
    assert last["text"]["fr"] == "le joueur 1 prend un jeton Histoire"
    assert last["text"]["en"] == "player 1 takes a histoire token"


def test_the_text_picture_speaks_both_languages() -> None:
    state = make(3)
    assert "compartiment 1" in state.render_text(0)
    assert "compartment 1" in state.render_text(0, lang="en")


def test_options_have_labels_and_the_deck_names_its_shipped_decks() -> None:
    specs = {spec.name: spec for spec in tablier.load("quiadiquoi").option_specs}
    assert all(set(spec.label) == {"fr", "en"} for spec in specs.values())
    deck = specs["deck"]
    assert {"base-fr", "test-fr"} <= set(deck.resource_names())
    deck.check_resource("base-fr")
    with pytest.raises(ValueError):
        deck.check_resource("/etc/passwd")
