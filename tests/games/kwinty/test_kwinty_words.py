"""Kwinty's moves in words: which cells a piece covers, standing or lying, and passes."""

from __future__ import annotations

import tablier
from tablier.games.kwinty.words import describe


def test_a_lying_piece_names_both_cells_side_by_side() -> None:
    words = describe("e1h")
    assert words is not None
    assert words.text("fr") == "pose une pièce couchée en e1–f1"
    assert words.text("en") == "lays a piece flat on e1–f1"


def test_a_standing_piece_names_both_cells_one_above_the_other() -> None:
    words = describe("c3v")
    assert words is not None
    assert words.text("fr") == "pose une pièce debout en c3–c4"
    assert words.text("en") == "stands a piece upright on c3–c4"


def test_a_pass_says_why() -> None:
    words = describe("pass")
    assert words is not None
    assert words.text("fr").startswith("passe")
    assert words.text("en").startswith("passes")


def test_unreadable_text_has_no_words() -> None:
    assert describe("z9q") is None


def test_the_move_list_of_a_game_in_words() -> None:
    state = tablier.load("kwinty").new_state(seed=3)
    first = next(m for m in state.legal_moves(0) if m.endswith("v"))
    state.apply(0, first)
    second = next(m for m in state.legal_moves(1) if m.endswith("h"))
    state.apply(1, second)
    said = [w.text("fr") if w else None for w in state.move_words()]
    assert said[0] == f"pose une pièce debout en {first[:-1]}–{first[0]}{int(first[1:-1]) + 1}"
    assert said[1] is not None and said[1].startswith("pose une pièce couchée en " + second[:-1])
