"""Lines of five win at once; exhaustion, passing and lines of four."""

from __future__ import annotations

import pytest

import tablier
from tablier import IllegalMove
from tablier.games.kwinty.geometry import count_fours, geometry


def test_horizontal_line_of_five_wins_at_once(position):
    state = position("W:e1v W:f1h W:h1v B:e3v B:f2h B:h3v", to_move=0)
    state.apply(0, "i1v")
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]
    outcome = state.outcome()
    assert outcome["reason"] == "line"
    assert outcome["win_cells"][:5] == ["e1", "f1", "g1", "h1", "i1"]
    assert state.current_players() == []
    assert state.legal_moves(1) == []


def test_vertical_line_completed_by_the_pieces_second_cell(position):
    state = position("W:i1v B:j1v W:i3h B:h1v", to_move=0)
    state.apply(0, "i4v")  # i1 i2 i3 i4 i5: the fifth cell is the piece's top
    assert state.returns() == [1.0, -1.0]
    assert set(state.outcome()["win_cells"]) == {"i1", "i2", "i3", "i4", "i5"}


def test_diagonal_up_right_line_by_second_cell(position):
    state = position(
        "W:a1v B:b1v W:b3v B:c1v W:c3v W:d1v B:d3v W:d5v W:e1v B:e3v",
        to_move=0,
        variant="kwintie",
    )
    state.apply(0, "e5v")  # a2 b3 c4 d5 e6, e6 being the new piece's top
    assert state.returns() == [1.0, -1.0]
    assert set(state.outcome()["win_cells"]) == {"a2", "b3", "c4", "d5", "e6"}


def test_diagonal_up_left_line(position):
    state = position(
        "W:i1v B:h1v W:h3v B:g1v W:g3v W:f1v B:f3v W:f5v W:e1v B:e3v",
        to_move=0,
        variant="kwintie",
    )
    state.apply(0, "e5v")  # i2 h3 g4 f5 e6
    assert state.returns() == [1.0, -1.0]
    assert set(state.outcome()["win_cells"]) == {"i2", "h3", "g4", "f5", "e6"}


def test_black_can_win_too(position):
    state = position("B:e1v B:f1h B:h1v W:e3v W:f2h W:h3v", to_move=1)
    state.apply(1, "i1v")
    assert state.returns() == [-1.0, 1.0]


def bits(geo, cells):
    board = 0
    for col, row in cells:
        board |= 1 << geo.bit(col, row)
    return board


@pytest.mark.parametrize(
    ("cells", "expected"),
    [
        ([(0, 1), (1, 1), (2, 1)], 0),  # three is not four
        ([(0, 1), (1, 1), (2, 1), (3, 1)], 1),  # exactly four
        ([(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)], 0),  # five is not a line of four
        ([(c, 1) for c in range(4)] + [(c, 1) for c in range(5, 9)], 2),  # two runs
        ([(3, r) for r in range(1, 5)], 1),  # vertical
        ([(c, c + 1) for c in range(4)], 1),  # diagonal up-right
        ([(5 - c, c + 1) for c in range(4)], 1),  # diagonal up-left
        # a horizontal and a vertical four sharing a cell: two runs
        ([(c, 1) for c in range(4)] + [(0, r) for r in range(2, 5)], 2),
        # an L of four on the right edge must not wrap to the next row
        ([(5, 1), (6, 1), (7, 1), (8, 1), (0, 2)], 1),
    ],
)
def test_lines_of_four_are_maximal_runs_counted_once(cells, expected):
    geo = geometry(9)
    assert count_fours(bits(geo, cells), geo) == expected


def four_white_then_last_piece(left, **options):
    from tablier.games.kwinty.state import KwintyState

    game = tablier.load("kwinty", variant="kwintie", **options)
    # white a1v, b1h (b,c), d1v: row 1 a..d white = a line of four; black elsewhere
    pieces = [(0, "a1v"), (0, "b1h"), (0, "d1v"), (1, "g1v"), (1, "h1h")]
    return KwintyState.position(game, pieces, to_move=0, left=left)


def test_exhaustion_most_lines_of_four_wins():
    state = four_white_then_last_piece((1, 0))
    state.apply(0, "i2v")
    assert state.is_terminal()
    assert state.outcome()["reason"] == "exhausted"
    assert state.outcome()["lines_of_four"] == [1, 0]
    assert state.returns() == [1.0, -1.0]


def test_exhaustion_draw_option():
    state = four_white_then_last_piece((1, 0), exhaustion="draw")
    state.apply(0, "i2v")
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]


def test_equal_lines_of_four_is_a_draw(position):
    state = position("W:a1v B:b1v", to_move=0, left=(1, 0), variant="kwintie")
    state.apply(0, "e1v")
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]


def test_a_player_with_an_empty_supply_is_skipped(position):
    state = position("W:a1v B:c1v", to_move=0, left=(3, 0), variant="kwintie")
    state.apply(0, "e1v")
    assert state.current_players() == [0]
    state.apply(0, "g1v")
    assert state.current_players() == [0]


def blocked_wall(left):
    """Kwintie's board filled to 8 rows, with three horizontals on row 9.

    Columns c, f and i stay at 8: no vertical fits under the 9-row limit and no two
    neighbouring columns are level, so nobody can place anything.
    """
    pieces = []
    for col in "abcdefghi":
        start = "abcdefghi".index(col) % 2
        for k, row in enumerate((1, 3, 5, 7)):
            pieces.append(((start + k) % 2, f"{col}{row}v"))
    pieces += [(0, "a9h"), (1, "d9h"), (0, "g9h")]
    from tablier.games.kwinty.state import KwintyState

    game = tablier.load("kwinty", variant="kwintie")
    return KwintyState.position(game, pieces, to_move=0, left=left)


def test_pass_is_the_only_move_when_nothing_fits_and_double_pass_ends():
    state = blocked_wall((1, 1))
    assert [str(m) for m in state.legal_moves(0)] == ["pass"]
    state.apply(0, "pass")
    assert state.current_players() == [1]
    assert [str(m) for m in state.legal_moves(1)] == ["pass"]
    state.apply(1, "pass")
    assert state.is_terminal()
    assert state.outcome()["reason"] == "blocked"


def test_only_player_with_pieces_passing_ends_the_game():
    state = blocked_wall((1, 0))
    state.apply(0, "pass")
    assert state.is_terminal()


def test_pass_refused_while_a_placement_exists():
    state = tablier.load("kwinty").new_state(seed=1)
    with pytest.raises(IllegalMove, match="pass only when"):
        state.apply(0, "pass")


def test_a_placement_resets_the_pass_count(position):
    # black is blocked on the short wall, white is not
    state = position("W:a1v B:c1v", to_move=0, variant="kwintie")
    state.apply(0, "e1v")
    state.apply(1, "g1v")
    assert not state.is_terminal()
