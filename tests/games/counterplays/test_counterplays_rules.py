"""Placement rules: Black's contact, level 1, stacking, rule d), notation, messages."""

from __future__ import annotations

import pytest
from cp_support import (
    HEXAGON_FIRST,
    corners,
    edge_neighbours,
    level_of,
    new,
    parse,
    placements_near,
    play,
    reference_level,
    reference_moves,
    replay_heights,
    write,
)

from tablier import IllegalMove
from tablier.games.counterplays.shapes import LETTERS

# Black's hexagon beside White's, sharing one edge: several tiles can then straddle both.
BLACK_BESIDE = "O:4,-1;5,-1;6,-1;4,0;5,0;6,0"
# Black's C against White's hexagon: some of White's tiles can straddle both, R cannot.
BLACK_C = "C:-1,0;0,0;-1,1;0,1;0,2;1,2"


def snapshot(state) -> tuple:
    return (state.observation(None), list(state.history), state.current_players())


def refuse(state, player: int, move: str, words: str) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalMove, match=words):
        state.apply(player, move)
    assert snapshot(state) == before


def contact(cells: list, others: set) -> str:
    """'overlap', 'edge', 'corner' or 'apart' between a placement and occupied cells."""
    if set(cells) & others:
        return "overlap"
    if any(n in others for c in cells for n in edge_neighbours(c)):
        return "edge"
    points = {p for c in others for p in corners(c)}
    if any(p in points for c in cells for p in corners(c)):
        return "corner"
    return "apart"


# ---------------------------------------------------------------- the first two moves
def test_white_starts_and_the_first_tile_must_be_normalised() -> None:
    state = new()
    assert state.current_players() == [0]
    assert state.legal_moves(1) == []
    shifted = write("O", [(x + 2, y) for x, y in parse(HEXAGON_FIRST)[1]])
    refuse(state, 0, shifted, r"lowest, leftmost cell at 0,0 .* here that is O:1,0;2,0")
    state.apply(0, HEXAGON_FIRST)
    assert state.current_players() == [1]


def test_black_must_touch_whites_tile_along_an_edge() -> None:
    state = play([HEXAGON_FIRST])
    white = set(parse(HEXAGON_FIRST)[1])
    legal = set(state.legal_moves(1))
    seen = {"edge": 0, "corner": 0, "overlap": 0}
    for letter in LETTERS:
        for cells in placements_near(letter, {c: 1 for c in white}):
            kind = contact(cells, white)
            move = write(letter, cells)
            assert (move in legal) == (kind == "edge"), (move, kind)
            if kind in seen:
                seen[kind] += 1
    assert all(seen.values())
    assert len(legal) == seen["edge"]


def test_black_corner_contact_alone_is_refused() -> None:
    state = play([HEXAGON_FIRST])
    white = set(parse(HEXAGON_FIRST)[1])
    corner_only = next(
        write("R", c)
        for c in placements_near("R", {w: 1 for w in white})
        if contact(c, white) == "corner"
    )
    refuse(state, 1, corner_only, "must share an edge with a tile on the table")


def test_black_overlapping_white_is_refused() -> None:
    state = play([HEXAGON_FIRST])
    white = set(parse(HEXAGON_FIRST)[1])
    overlapping = next(
        write("R", c)
        for c in placements_near("R", {w: 1 for w in white})
        if contact(c, white) == "overlap" and not set(c) <= white
    )
    refuse(state, 1, overlapping, "overlap")
    refuse(state, 1, HEXAGON_FIRST, "only one tile")


# ---------------------------------------------------------------- stacking
def test_a_tile_on_a_single_tile_is_refused() -> None:
    state = play([HEXAGON_FIRST, BLACK_C])
    refuse(state, 0, BLACK_C, r"rest on only one tile \(Black's C\)")


def test_a_tile_with_an_unsupported_triangle_is_refused() -> None:
    moves = [HEXAGON_FIRST, BLACK_BESIDE]
    state = play(moves)
    height, _ = replay_heights(moves)
    hanging = next(
        write(letter, c)
        for letter in "RLAY"
        for c in placements_near(letter, height)
        if sorted(height.get(x, 0) for x in c) == [0, 1, 1, 1, 1, 1]
    )
    refuse(state, 0, hanging, "not lie flat")


def test_a_tile_on_uneven_heights_is_refused() -> None:
    moves = [HEXAGON_FIRST, BLACK_BESIDE]
    state = play(moves)
    raised = next(m for m in state.legal_moves(0) if m.startswith("R:"))
    state.apply(0, raised)
    moves.append(raised)
    height, _ = replay_heights(moves)
    uneven = next(
        write(letter, c)
        for letter in "AYPC"
        for c in placements_near(letter, height)
        if {height.get(x, 0) for x in c} == {1, 2}
    )
    refuse(state, 1, uneven, r"different heights \(1 and 2\)")


def test_rule_d_one_tile_must_climb_while_another_stays_on_the_table() -> None:
    moves = [HEXAGON_FIRST, BLACK_C]
    state = play(moves)
    height, top = replay_heights(moves)
    legal = set(state.legal_moves(0))
    reach = {
        letter: {reference_level(c, height, top) for c in placements_near(letter, height)}
        for letter in LETTERS
        if letter != "O"
    }
    climbers = sorted(letter for letter, levels in reach.items() if 2 in levels)
    grounded = sorted(letter for letter, levels in reach.items() if 2 not in levels)
    assert "A" in climbers and "R" in grounded
    for letter in climbers:
        mine = {m for m in legal if m.startswith(letter + ":")}
        assert mine and all(level_of(m, height) == 2 for m in mine)
        on_table = next(
            write(letter, c)
            for c in placements_near(letter, height)
            if reference_level(c, height, top) == 1
        )
        assert on_table not in legal
        refuse(
            state,
            0,
            on_table,
            f"tile {letter} must be placed at level 2, the highest this tile can reach",
        )
    for letter in grounded:
        mine = {m for m in legal if m.startswith(letter + ":")}
        expected = {
            write(letter, c)
            for c in placements_near(letter, height)
            if reference_level(c, height, top) == 1
        }
        assert mine == expected and mine
    state.apply(0, sorted(m for m in legal if m.startswith("R:"))[0])
    assert state.history[-1][1].startswith("R:")


def test_legal_moves_match_a_brute_force_reading_of_the_rules() -> None:
    moves = [HEXAGON_FIRST, BLACK_BESIDE]
    state = play(moves)
    for _ in range(4):
        player = state.current_players()[0]
        engine = set(state.legal_moves(player))
        letters = "".join(c for c in LETTERS if c in state.observation()["tiles_left"][player])
        assert engine == reference_moves(moves, letters)
        # climb whenever possible, so higher levels get exercised
        move = max(sorted(engine), key=lambda m: level_of(m, replay_heights(moves)[0]))
        state.apply(player, move)
        moves.append(move)


# ---------------------------------------------------------------- notation and messages
def test_cells_in_any_order_are_accepted_and_recorded_sorted() -> None:
    state = new()
    _, cells = parse(HEXAGON_FIRST)
    state.apply(0, "o:" + ";".join(f"{x},{y}" for x, y in reversed(cells)))
    assert state.history == [(0, HEXAGON_FIRST)]


def test_a_symmetric_tile_gives_one_move_per_cell_set() -> None:
    state = play([HEXAGON_FIRST, BLACK_BESIDE])
    moves = state.legal_moves(0)
    cell_sets = [(m[0], frozenset(parse(m)[1])) for m in moves]
    assert len(cell_sets) == len(set(cell_sets)) == len(moves)
    assert all(parse(m)[1] == sorted(parse(m)[1], key=lambda c: (c[1], c[0])) for m in moves)


def test_a_placed_tile_cannot_be_placed_again() -> None:
    state = play([HEXAGON_FIRST, BLACK_BESIDE])
    again = write("O", [(x - 4, y) for x, y in parse(HEXAGON_FIRST)[1]])
    refuse(state, 0, again, "tile O is already placed")
    assert not any(m.startswith("O:") for m in state.legal_moves(0))
    # Black still has his own O
    assert any(m.startswith("O:") for m in play([HEXAGON_FIRST]).legal_moves(1))


def test_tile_l_cannot_be_played_twice() -> None:
    state = new()
    first_l = next(m for m in state.legal_moves(0) if m.startswith("L:"))
    state.apply(0, first_l)
    state.apply(1, state.legal_moves(1)[0])
    some_l = next((m for m in play([first_l]).legal_moves(1) if m.startswith("L:")), first_l)
    refuse(state, 0, some_l, "tile L is already placed")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not a Counterplays move"),
        ("hello", "not a Counterplays move"),
        ("Q:0,0;1,0;2,0;3,0;4,0;5,0", "there is no tile 'Q'"),
        ("O:1,0;2,0;3,0;1,1;2,1", "exactly six cells, not 5"),
        ("O:1,0;2,0;3,0;1,1;2,1;2,1", "named twice"),
        ("O:1,0;2,0;3,0;1,1;2,1;3,x", "not a cell"),
        ("O:0,0;2,0;4,0;6,0;8,0;10,0", "not all joined"),
        ("R:1,0;2,0;3,0;1,1;2,1;3,1", "form tile O, not tile R"),
    ],
)
def test_malformed_moves_are_refused_in_plain_words(text: str, words: str) -> None:
    refuse(new(), 0, text, words)


def test_wrong_player_and_game_over_are_refused() -> None:
    state = new()
    refuse(state, 1, HEXAGON_FIRST, "not player 1's turn")
