"""Counterplays' moves in words: the tile, on the table or stacked, and its level."""

from __future__ import annotations

import random

import tablier


def test_the_first_tile_goes_on_the_table() -> None:
    state = tablier.load("counterplays").new_state(seed=1)
    move = state.legal_moves(0)[0]
    state.apply(0, move)
    words = state.move_words()[0]
    assert words is not None
    assert words.text("fr") == f"pose le {move[0]} sur la table (niveau 1)"
    assert words.text("en") == f"places the {move[0]} on the table (level 1)"


def test_a_stacked_tile_says_its_level_and_how_many_tiles_it_rests_on() -> None:
    rng = random.Random(2)
    state = tablier.load("counterplays").new_state(seed=2)
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    said = state.move_words()
    stacked = [
        (tile, words)
        for tile, words in zip(state.tiles, said, strict=True)
        if words is not None and tile[3] > 1
    ]
    assert stacked, "a random game stacks some tile"
    for (_owner, letter, _cells, level), words in stacked:
        fr, en = words.text("fr"), words.text("en")
        assert fr.startswith(f"pose le {letter} au niveau {level}, à cheval sur ")
        assert en.startswith(f"places the {letter} on level {level}, across ")
    for tile, words in zip(state.tiles, said, strict=True):
        assert words is not None and "niveau " + str(tile[3]) in words.text("fr")
