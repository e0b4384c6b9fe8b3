"""The contract's shared machinery, exercised through a registered game."""

from __future__ import annotations

import json

import pytest

import tablier
from tablier.core.options import Option


def test_game_ids_are_sorted_and_include_kwinty():
    ids = tablier.game_ids()
    assert ids == sorted(ids)
    assert "kwinty" in ids


def test_unknown_game_names_the_known_ones():
    with pytest.raises(ValueError, match=r"known games: .*kwinty"):
        tablier.load("chess")


def test_illegal_move_is_a_value_error_and_leaves_the_state_unchanged():
    state = tablier.load("kwinty").new_state(seed=3)
    before = json.dumps(state.observation(None))
    with pytest.raises(tablier.IllegalMove) as info:
        state.apply(0, "a1v")
    assert isinstance(info.value, ValueError)
    assert json.dumps(state.observation(None)) == before
    assert state.history == []


def test_moves_are_their_notation():
    state = tablier.load("kwinty").new_state(seed=3)
    moves = state.legal_moves(0)
    assert all(isinstance(m, tablier.Move) for m in moves)
    assert "i1v" in moves and str(moves[0]) in ("i1h", "i1v")
    state.apply(0, moves[0])
    assert state.record()["moves"] == [[0, str(moves[0])]]


def test_seed_is_recorded_and_generated_when_missing():
    state = tablier.load("kwinty").new_state()
    assert isinstance(state.record()["seed"], int)
    with pytest.raises(ValueError, match="seed must be an integer"):
        tablier.load("kwinty").new_state(seed="x")


def test_records_are_saved_and_loaded_as_files(tmp_path):
    state = tablier.load("kwinty", variant="kwintie").new_state(seed=9)
    state.apply(0, "a1v")
    state.apply(1, "b1v")
    path = tablier.save_record(state.record(), tmp_path / "game")
    assert path.name == "game.tablier.json"
    again = tablier.replay(tablier.load_record(path))
    assert again.observation(None) == state.observation(None)
    assert tablier.replay(tablier.load_record(path), upto=1).history == [(0, "a1v")]


def test_bad_record_files_are_refused_clearly(tmp_path):
    bad = tmp_path / "bad.tablier.json"
    bad.write_text("{not json")
    with pytest.raises(ValueError, match="not a JSON record"):
        tablier.load_record(bad)
    bad.write_text('{"game": "kwinty"}')
    with pytest.raises(ValueError, match="no 'seed' field"):
        tablier.load_record(bad)


def test_option_parsing_from_text():
    flag = Option("flag", False, kind=bool)
    count = Option("count", 3, kind=int, minimum=1, maximum=9)
    choice = Option("mode", "a", choices=("a", "b"))
    assert flag.parse("true") is True and flag.parse("non") is False
    assert count.parse("7") == 7
    with pytest.raises(ValueError, match=r"allowed: an integer 1\.\.9"):
        count.parse("12")
    with pytest.raises(ValueError, match="'a', 'b'"):
        choice.parse("c")
    with pytest.raises(ValueError, match="allowed: True, False"):
        flag.validate(1)


def test_rules_pages_exist_in_both_languages_for_every_game():
    from tablier.core.rules_pages import rules_text

    for game_id in tablier.game_ids():
        for lang in ("fr", "en"):
            assert len(rules_text(game_id, lang)) > 500
    with pytest.raises(ValueError, match="fr, en"):
        rules_text("kwinty", "de")
