"""The twelve hexiamonds, their letters and their 94 fixed orientations."""

from __future__ import annotations

import pytest
from cp_support import edge_neighbours, new, parse

from tablier.games.counterplays.geometry import fixed_orientations, normalise, reflect, rotate60
from tablier.games.counterplays.shapes import BY_LETTER, LETTERS, ORIENTATIONS, TILE_CELLS


def grow_polyiamonds(size: int) -> set[tuple[tuple[int, int], ...]]:
    """Free polyiamonds of `size` cells, grown triangle by triangle."""
    shapes = {normalise([(0, 0)])}
    for _ in range(size - 1):
        bigger = set()
        for shape in shapes:
            for cell in shape:
                for n in edge_neighbours(cell):
                    if n not in shape:
                        bigger.add(min(fixed_orientations((*shape, n))))
        shapes = bigger
    return shapes


def test_the_twelve_letters_name_the_twelve_free_hexiamonds() -> None:
    free = grow_polyiamonds(6)
    assert len(free) == 12
    named = {min(fixed_orientations(cells)) for cells in TILE_CELLS.values()}
    assert named == free
    assert "".join(TILE_CELLS) == LETTERS == "COUNTERPLAYS"


def test_there_are_94_fixed_orientations_all_distinct() -> None:
    assert len(ORIENTATIONS) == 94
    assert len({o.cells for o in ORIENTATIONS}) == 94
    assert sum(len(v) for v in BY_LETTER.values()) == 94


@pytest.mark.parametrize(
    ("letter", "count"),
    [("O", 1), ("E", 3), ("R", 6), ("S", 6), ("N", 6), ("T", 6), ("L", 6), ("C", 12)],
)
def test_symmetric_tiles_have_fewer_orientations(letter: str, count: int) -> None:
    assert len(BY_LETTER[letter]) == count


def test_the_hexagon_is_letter_o_and_has_six_up_down_cells_around_a_point() -> None:
    cells = TILE_CELLS["O"]
    assert len(fixed_orientations(cells)) == 1
    assert sum(1 for x, y in cells if (x + y) % 2 == 0) == 3


def test_rotating_six_times_and_reflecting_twice_give_the_shape_back() -> None:
    for cells in TILE_CELLS.values():
        turned = cells
        for _ in range(6):
            turned = rotate60(turned)
        assert normalise(turned) == normalise(cells)
        assert normalise(reflect(reflect(cells))) == normalise(cells)
        assert normalise(rotate60(cells)) in fixed_orientations(cells)


def test_every_orientation_is_edge_connected() -> None:
    for o in ORIENTATIONS:
        cells = set(o.cells)
        seen = {o.cells[0]}
        todo = [o.cells[0]]
        while todo:
            for n in edge_neighbours(todo.pop()) & cells:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == cells


def test_first_moves_are_one_per_fixed_orientation_normalised() -> None:
    moves = new().legal_moves(0)
    assert len(moves) == 94 == len(set(moves))
    per_letter: dict[str, int] = {}
    for move in moves:
        letter, cells = parse(move)
        per_letter[letter] = per_letter.get(letter, 0) + 1
        lowest = min(cells, key=lambda c: (c[1], c[0]))
        assert lowest == ((0, 0) if (lowest[0] + lowest[1]) % 2 == 0 else (1, 0))
        assert cells == sorted(cells, key=lambda c: (c[1], c[0]))
        assert tuple(cells) in fixed_orientations(TILE_CELLS[letter])
    assert per_letter == {letter: len(BY_LETTER[letter]) for letter in LETTERS}
