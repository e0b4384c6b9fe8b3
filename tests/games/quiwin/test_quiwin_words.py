"""Qui'win's moves in words, as each viewer may know them: a tile whose length is
hidden is named by its colour only, and choices not yet revealed are not said."""

from __future__ import annotations

import random

import tablier
from tablier.games.quiwin.words import describe


def said(entry: str) -> tuple[str, str]:
    words = describe(entry)
    assert words is not None
    return words.text("fr"), words.text("en")


def test_every_kind_of_move() -> None:
    assert said("J23") == ("pose une tuile jaune de 23 mm", "lays a 23 mm yellow tile")
    assert said("R?") == (
        "pose une tuile rouge (longueur cachée)",
        "lays a tile, red, its length hidden",
    )
    assert said("pass")[0] == "passe sans agir"
    assert said("change")[0].startswith("change : la dernière tuile de l'adversaire")
    assert said("transfer") == (
        "transfère : sa dernière tuile part chez l'adversaire",
        "transfers: their last tile goes to the opponent",
    )
    assert said("swap 2")[0] == "cède en échange sa tuile n° 2 de ce palier"
    assert describe("nonsense") is None


def test_a_committed_tile_is_not_said_to_the_opponent_before_the_reveal() -> None:
    state = tablier.load("quiwin").new_state(seed=4)
    tile = state.legal_moves(0)[0]
    state.apply(0, tile)
    mine = [w.text("fr") for w in state.move_words(0) if w]
    theirs = state.move_words(1)
    watcher = state.move_words(None)
    assert mine == [said(str(tile))[0]]
    assert theirs == [] and watcher == []


def test_words_follow_what_each_viewer_sees_all_game_long() -> None:
    rng = random.Random(1)
    state = tablier.load("quiwin").new_state(seed=1)
    while not state.is_terminal():
        for player in state.current_players():
            state.apply(player, rng.choice(state.legal_moves(player)))
        for viewer in (None, 0, 1):
            entries = state.public_history(viewer)
            words = state.move_words(viewer)
            assert len(words) == len(entries)
            for (_p, move), w in zip(entries, words, strict=True):
                assert w is not None
                if str(move).endswith("?"):
                    assert "mm" not in w.text("fr") and "mm" not in w.text("en")
