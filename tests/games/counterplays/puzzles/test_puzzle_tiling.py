"""Puzzle 3: the twelve white tiles as a triangle (impossible), a rhombus and other regions."""

from __future__ import annotations

import pytest

from tablier.games.counterplays.geometry import Cell, is_up, key_of, neighbours
from tablier.games.counterplays.notation import orientation_of
from tablier.games.counterplays.puzzles import regions
from tablier.games.counterplays.puzzles.reports import triangle_report, triangle_sides
from tablier.games.counterplays.puzzles.tiling import (
    Piece,
    TilingResult,
    canonical,
    count_tilings,
    region_symmetries,
    tile,
)
from tablier.games.counterplays.shapes import LETTERS, ORIENTATIONS


def assert_tiles_exactly(pieces: list[Piece], region: frozenset[Cell]) -> None:
    """Checked without the solver: twelve letters once each, true shapes, a partition."""
    letters = [ORIENTATIONS[o].letter for o, _ in pieces]
    assert sorted(letters) == sorted(LETTERS)
    covered: list[Cell] = []
    for (_, cells), letter in zip(pieces, letters, strict=True):
        keys = tuple(sorted(key_of(x, y) for x, y in cells))
        # the engine's notation check: these six cells form that letter in some orientation
        assert orientation_of(letter, keys).letter == letter
        covered.extend(cells)
    assert len(covered) == len(set(covered)), "two tiles overlap"
    assert set(covered) == region


@pytest.fixture(scope="module")
def rhombus_result() -> TilingResult:
    return tile(regions.rhombus(6))


def test_the_rhombus_of_side_6_is_tiled(rhombus_result: TilingResult) -> None:
    assert rhombus_result.impossible is None
    assert rhombus_result.pieces is not None
    assert_tiles_exactly(rhombus_result.pieces, regions.rhombus(6))


@pytest.mark.parametrize("side", range(1, 13))
def test_no_equilateral_triangle_by_area_without_searching(side: int) -> None:
    result = tile(regions.triangle(side))
    assert not result.solved
    assert result.impossible is not None and "72" in result.impossible
    assert result.nodes == 0


def test_no_side_gives_a_triangle_of_72() -> None:
    assert triangle_sides() == []
    text = triangle_report()
    assert "64 < 72 < 81" in text
    assert "cannot form an equilateral triangle" in text


def test_a_region_with_too_many_up_triangles_is_refused_by_colour() -> None:
    big = regions.triangle(9)  # 45 up and 36 down
    downs = sorted(c for c in big if not is_up(*c))
    region = big - frozenset(downs[:9])  # 72 triangles, 45 up and 27 down
    result = tile(region)
    assert len(region) == 72
    assert result.impossible is not None and "pointing up" in result.impossible
    assert result.nodes == 0


def test_twelve_separate_hexagons_cannot_be_tiled() -> None:
    # area and colours are right, but only the O tile fills a hexagon and there is one O
    hexagon = ORIENTATIONS[next(o.index for o in ORIENTATIONS if o.letter == "O")].cells
    region = frozenset((x + 10 * i, y) for i in range(12) for x, y in hexagon)
    result = tile(region)
    assert result.impossible is None
    assert not result.solved
    assert result.exhausted_search


def test_an_elongated_hexagon_is_tiled() -> None:
    region = regions.hexagon(2, 3, 6)
    result = tile(region)
    assert result.pieces is not None
    assert_tiles_exactly(result.pieces, region)


def test_a_small_budget_gives_up_without_claiming_impossibility() -> None:
    result = tile(regions.rhombus(6), budget=5)
    assert not result.solved
    assert not result.exhausted_search
    assert result.impossible is None


@pytest.mark.parametrize(
    ("region", "area"),
    [
        (regions.triangle(5), 25),
        (regions.rhombus(6), 72),
        (regions.parallelogram(3, 12), 72),
        (regions.parallelogram(12, 3), 72),
        (regions.hexagon(2, 3, 6), 72),
        (regions.hexagon(1, 1, 1), 6),
    ],
)
def test_region_sizes_and_connectedness(region: frozenset[Cell], area: int) -> None:
    assert len(region) == area
    assert regions.is_connected(region)


def test_triangle_has_one_more_up_triangle_per_row() -> None:
    for side in range(1, 8):
        ups = sum(1 for c in regions.triangle(side) if is_up(*c))
        assert ups == side * (side + 1) // 2


def test_the_unit_hexagon_is_the_o_tile() -> None:
    hexagon = regions.hexagon(1, 1, 1)
    keys = tuple(sorted(key_of(x, y) for x, y in hexagon))
    assert orientation_of("O", keys).letter == "O"


def test_a_rhombus_is_bounded_by_four_straight_sides() -> None:
    # each row of the rhombus is one run of 12 cells starting one step further right
    region = regions.rhombus(6)
    for y in range(6):
        row = sorted(x for x, yy in region if yy == y)
        assert row == list(range(y, y + 12))
        assert is_up(row[0], y)
    assert not regions.is_connected(frozenset({(0, 0), (5, 0)}))
    assert all(n not in region for n in neighbours(0, 0) if n[1] < 0)


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(ValueError):
        regions.triangle(0)
    with pytest.raises(ValueError):
        regions.parallelogram(0, 3)
    with pytest.raises(ValueError):
        regions.hexagon(1, 0, 2)


@pytest.mark.parametrize(
    ("region", "order"),
    [
        (regions.rhombus(6), 4),
        (regions.parallelogram(4, 9), 2),
        (regions.triangle(5), 6),
        (regions.hexagon(2, 2, 2), 12),
        (regions.hexagon(2, 3, 6), 2),
    ],
)
def test_region_symmetries(region: frozenset[Cell], order: int) -> None:
    symmetries = region_symmetries(region)
    assert len(symmetries) == order
    for mapping in symmetries:
        assert set(mapping) == region and set(mapping.values()) == region
        # a symmetry keeps contact: neighbours stay neighbours
        for cell in region:
            for n in neighbours(*cell):
                if n in region:
                    assert mapping[n] in neighbours(*mapping[cell])


def test_images_of_a_rhombus_tiling_are_tilings_with_one_name(
    rhombus_result: TilingResult,
) -> None:
    assert rhombus_result.pieces is not None
    region = regions.rhombus(6)
    symmetries = region_symmetries(region)
    names = set()
    images = set()
    for mapping in symmetries:
        image = [(o, tuple(mapping[c] for c in cells)) for o, cells in rhombus_result.pieces]
        # the engine names the shape again: a flipped piece may be another orientation
        relabelled = []
        for o, cells in image:
            keys = tuple(sorted(key_of(x, y) for x, y in cells))
            letter = ORIENTATIONS[o].letter
            relabelled.append((orientation_of(letter, keys).index, cells))
        assert_tiles_exactly(relabelled, region)
        names.add(canonical([cells for _, cells in relabelled], symmetries))
        images.add(frozenset(frozenset(cells) for _, cells in relabelled))
    assert len(names) == 1
    # no tiling of the rhombus is symmetric: its 624 tilings fall in 156 classes of 4
    assert len(images) == 4


def test_counting_stops_at_the_budget_and_says_so() -> None:
    count = count_tilings(regions.rhombus(6), budget=50)
    assert not count.complete
    assert count.tilings == 0 and count.symmetries == 4


def test_counting_an_impossible_region_is_immediate() -> None:
    count = count_tilings(regions.triangle(8))
    assert count.complete and count.tilings == 0 and count.nodes == 0
