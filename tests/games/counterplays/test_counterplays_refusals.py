"""Refusals carry a code and say why in French (by default) and in English."""

from __future__ import annotations

import pytest
from cp_support import HEXAGON_FIRST, new, parse, placements_near, play, replay_heights, write

import tablier
from tablier import IllegalMove
from tablier.core.messages import fill
from tablier.games.counterplays.refusals import REFUSALS

BLACK_C = "C:-1,0;0,0;-1,1;0,1;0,2;1,2"
BLACK_BESIDE = "O:4,-1;5,-1;6,-1;4,0;5,0;6,0"


def refused(state: tablier.State, player: int, move: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        state.apply(player, move)
    return caught.value


def hanging_move() -> tuple[tablier.State, str]:
    moves = [HEXAGON_FIRST, BLACK_BESIDE]
    height, _ = replay_heights(moves)
    move = next(
        write(letter, c)
        for letter in "RLAY"
        for c in placements_near(letter, height)
        if sorted(height.get(x, 0) for x in c) == [0, 1, 1, 1, 1, 1]
    )
    return play(moves), move


def uneven_move() -> tuple[tablier.State, str]:
    moves = [HEXAGON_FIRST, BLACK_BESIDE]
    state = play(moves)
    raised = next(m for m in state.legal_moves(0) if m.startswith("R:"))
    state.apply(0, raised)
    height, _ = replay_heights([*moves, raised])
    move = next(
        write(letter, c)
        for letter in "AYPC"
        for c in placements_near(letter, height)
        if {height.get(x, 0) for x in c} == {1, 2}
    )
    return state, move


def corner_move() -> tuple[tablier.State, str]:
    state = play([HEXAGON_FIRST])
    white = set(parse(HEXAGON_FIRST)[1])
    far = next(
        write("R", c)
        for c in placements_near("R", {w: 1 for w in white}, margin=9)
        if not set(c) & white and all(abs(x - 2) > 4 for x, _ in c)
    )
    return state, far


def lower_move() -> tuple[tablier.State, str]:
    state = play([HEXAGON_FIRST, BLACK_C])
    height, top = replay_heights([HEXAGON_FIRST, BLACK_C])
    from cp_support import reference_level

    move = next(
        write("A", c) for c in placements_near("A", height) if reference_level(c, height, top) == 1
    )
    return state, move


# (key, how to reach it, expected params, French words it must show)
CASES = {
    "not_notation": (lambda: (new(), "hello"), {"move": "hello"}, "n'est pas un coup"),
    "no_such_tile": (
        lambda: (new(), "Q:0,0;1,0;2,0;3,0;4,0;5,0"),
        {"letter": "Q"},
        "il n'y a pas de tuile 'Q'",
    ),
    "not_a_cell": (
        lambda: (new(), "O:1,0;2,0;3,0;1,1;2,1;3,x"),
        {"part": "3,x"},
        "n'est pas un triangle",
    ),
    "too_far": (
        lambda: (new(), "O:1,0;2,0;3,0;1,1;2,1;999,1"),
        {"x": 999, "y": 1},
        "trop loin",
    ),
    "named_twice": (lambda: (new(), "O:1,0;2,0;3,0;1,1;2,1;2,1"), {}, "nommé deux fois"),
    "six_cells": (lambda: (new(), "O:1,0;2,0;3,0;1,1;2,1"), {"n": 5}, "pas 5"),
    "not_joined": (lambda: (new(), "O:0,0;2,0;4,0;6,0;8,0;10,0"), {}, "hexiamant"),
    "other_tile": (
        lambda: (new(), "R:1,0;2,0;3,0;1,1;2,1;3,1"),
        {"shape": "O", "letter": "R"},
        "forment la tuile O, pas la tuile R",
    ),
    "already_placed": (
        lambda: (play([HEXAGON_FIRST, BLACK_BESIDE]), "O:-3,0;-2,0;-1,0;-3,1;-2,1;-1,1"),
        {"letter": "O"},
        "la tuile O est déjà posée : Blanc n'en a pas d'autre",
    ),
    "first_anchor": (
        lambda: (new(), "O:3,0;4,0;5,0;3,1;4,1;5,1"),
        {"move": HEXAGON_FIRST},
        "en 0,0",
    ),
    "partly_on_table": (hanging_move, {"n": 1}, "1 de ses triangles serait sur la table"),
    "uneven": (uneven_move, {"low": 1, "high": 2}, "hauteurs différentes (1 et 2)"),
    "no_contact": (corner_move, {"letter": "R"}, "doit partager un côté"),
    "one_tile_under": (
        lambda: (play([HEXAGON_FIRST, BLACK_C]), BLACK_C),
        {"under": "C"},
        "reposerait sur une seule tuile (le C de Noir)",
    ),
    "not_highest": (lower_move, {"letter": "A", "best": 2}, "doit être posée au niveau 2"),
}


def test_every_refusal_has_both_languages_with_the_same_figures() -> None:
    assert REFUSALS.problems() == []
    assert {k.removeprefix("refusal.") for k in REFUSALS.entries} == set(CASES)


@pytest.mark.parametrize("key", sorted(CASES))
def test_each_refusal_is_reached_and_said_in_french_by_default(key: str) -> None:
    make, params, french = CASES[key]
    state, move = make()
    player = state.current_players()[0]
    exc = refused(state, player, move)
    assert exc.code == f"counterplays:refusal.{key}"
    assert {k: exc.params[k] for k in params} == params
    entry = REFUSALS.entries[f"refusal.{key}"]
    # the French text is the French template filled with the move's own figures
    assert exc.text("fr") == fill(entry["fr"], exc.params, "fr")
    assert french in exc.text("fr")
    assert exc.text("en") == str(exc) != exc.text("fr")
    assert exc.to_json()["text"] == {"fr": exc.text("fr"), "en": exc.text("en")}


def test_outcome_is_told_in_both_languages() -> None:
    game = tablier.load("counterplays")
    decided = {
        "returns": [1.0, -1.0],
        "reason": "levels",
        "decided_at_level": 3,
        "tiles_at_level": [2, 1],
    }
    assert game.outcome_text(decided, "fr") == "décidé au niveau 3 (tuiles blanches 2, noires 1)"
    assert "level 3" in game.outcome_text(decided, "en")
    drawn = {"returns": [0.0, 0.0], "reason": "equal", "decided_at_level": None}
    assert "chaque niveau" in game.outcome_text(drawn, "fr")
    assert "every level" in game.outcome_text(drawn, "en")
    assert game.describe()["options"][0]["label"] == {"fr": "But", "en": "Goal"}
