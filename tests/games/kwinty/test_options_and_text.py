from __future__ import annotations

import pytest

import tablier


def test_options_have_defaults_filled_in():
    game = tablier.load("kwinty")
    assert game.id == "kwinty"
    assert game.options == {"variant": "kwinty", "short_faces": "ends", "exhaustion": "lines4"}
    assert (game.min_players, game.max_players) == (2, 2)


def test_unknown_option_and_bad_value_name_the_allowed_ones():
    with pytest.raises(ValueError, match="allowed options: variant, short_faces, exhaustion"):
        tablier.load("kwinty", colour="red")
    with pytest.raises(ValueError, match="'kwinty', 'kwintie'"):
        tablier.load("kwinty", variant="kwintoo")
    with pytest.raises(ValueError, match="'ends', 'strict'"):
        tablier.load("kwinty", short_faces=True)


def test_player_count_is_checked():
    with pytest.raises(ValueError, match="2 to 2 players"):
        tablier.load("kwinty").new_state(seed=1, num_players=3)


def test_render_text_labels_rows_and_columns_and_distinguishes_colours():
    state = tablier.load("kwinty").new_state(seed=1)
    state.apply(0, "i1h")
    state.apply(1, "h1v")
    text = state.render_text(lang="en")
    lines = text.splitlines()
    assert any(line.startswith(" 1 ") and "●" in line and "○─○" in line for line in lines)
    assert any("h i j" in line and "·" not in line for line in lines)
    assert "White" in text and "Black" in text and "to move" in text


def test_render_text_speaks_french_by_default():
    state = tablier.load("kwinty").new_state(seed=1)
    state.apply(0, "i1h")
    text = state.render_text()
    assert "Blanc : 19 pièces restantes" in text and "Noir : 20 pièces restantes" in text
    assert "Noir (●) au trait" in text
    assert text.splitlines()[:-2] == state.render_text(lang="en").splitlines()[:-2]


def test_outcome_text_in_both_languages():
    import random

    rng = random.Random(3)
    texts = {}
    while len(texts) < 2:
        state = tablier.load("kwinty").new_state(seed=1)
        while not state.is_terminal():
            player = state.current_players()[0]
            state.apply(player, rng.choice(state.legal_moves(player)))
        fours = state.outcome()["lines_of_four"]
        texts[state.outcome()["reason"]] = (state.outcome_text(), state.outcome_text("en"), fours)
    assert texts["line"][:2] == ("une ligne de cinq", "a line of five")
    other = next(reason for reason in texts if reason != "line")
    french, english, fours = texts[other]
    assert f"lignes de quatre ({fours[0]}–{fours[1]})" in french
    assert f"lines of four counted ({fours[0]}–{fours[1]})" in english


def test_observation_is_public_and_json():
    import json

    state = tablier.load("kwinty").new_state(seed=5)
    state.apply(0, "i1v")
    obs = state.observation(1)
    json.dumps(obs)
    assert obs["pieces"] == [{"player": 0, "move": "i1v", "cells": ["i1", "i2"]}]
    assert obs["moves"] == [[0, "i1v"]]
    assert obs["awaited"] == [1]
    assert "seed" not in obs
