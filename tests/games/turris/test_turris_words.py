"""Turris' moves in words: standing and lying pieces with their levels, the centre's
bonus, removals, skipping the bonus and passing."""

from __future__ import annotations

import random

import tablier
from tablier.games.turris.state import TurrisState


def texts(state: TurrisState, index: int) -> tuple[str, str]:
    words = state.move_words()[index]
    assert words is not None
    return words.text("fr"), words.text("en")


def test_placements_say_standing_or_lying_and_the_level() -> None:
    state = tablier.load("turris").new_state(seed=1)
    state.apply(0, "Va1")
    state.apply(1, "Vb1")
    state.apply(0, "Ha1b1")
    assert texts(state, 0) == (
        "pose une pièce debout en a1, niveaux 1 et 2",
        "stands a piece upright on a1, levels 1 and 2",
    )
    assert texts(state, 1)[0] == "pose une pièce debout en b1, niveaux 1 et 2"
    assert texts(state, 2) == (
        "pose une pièce couchée en a1–b1, au niveau 3",
        "lays a piece flat on a1–b1, at level 3",
    )


def test_the_centre_earns_a_bonus_and_skipping_it_is_said() -> None:
    state = tablier.load("turris").new_state(seed=1)
    state.apply(0, "Vb1")
    state.apply(1, "Vb2")
    assert state.in_bonus
    state.apply(1, "skip")
    assert texts(state, 1) == (
        "pose une pièce debout en b2, niveaux 1 et 2 : le centre lui donne un bonus",
        "stands a piece upright on b2, levels 1 and 2: the centre earns a bonus",
    )
    assert texts(state, 2) == ("renonce à son bonus", "gives up the bonus")


def test_a_removal_names_the_piece_and_its_level() -> None:
    rng = random.Random(0)
    for seed in range(200):
        state = tablier.load("turris").new_state(seed=seed)
        while not state.is_terminal():
            player = state.current_players()[0]
            moves = state.legal_moves(player)
            removals = [m for m in moves if m.startswith("x")]
            if removals:
                removal = removals[0]
                before = state.clone()
                state.apply(player, removal)
                piece = before.pieces[before.piece_at(*_cell_level(removal))]
                assert piece is not None
                fr, en = texts(state, -1)
                level = piece[3]
                if piece[1]:
                    assert fr.startswith("retire la pièce debout en ")
                    assert en.startswith("removes the standing piece on ")
                else:
                    assert fr.startswith("retire la pièce couchée ")
                    assert en.startswith("removes the lying piece ")
                assert fr.endswith(f"du niveau {level}") and en.endswith(f"from level {level}")
                return
            state.apply(player, rng.choice(moves))
    raise AssertionError("no removal met in 200 games")


def _cell_level(removal: str) -> tuple[int, int]:
    from tablier.games.turris.geometry import CELL_INDEX

    cell, level = removal[1:].split("@")
    return CELL_INDEX[cell], int(level)
