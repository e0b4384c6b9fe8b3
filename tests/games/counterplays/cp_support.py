"""Helpers for the Counterplays tests: an independent reading of the grid and moves.

Nothing here calls the engine's move generator: the tests compare the engine with
these plain re-statements of the rules (the rulings stated in docs/rules/counterplays.en.md).
"""

from __future__ import annotations

import tablier

Cell = tuple[int, int]

HEXAGON_FIRST = "O:1,0;2,0;3,0;1,1;2,1;3,1"


def up(cell: Cell) -> bool:
    return (cell[0] + cell[1]) % 2 == 0


def edge_neighbours(cell: Cell) -> set[Cell]:
    x, y = cell
    if up(cell):
        return {(x - 1, y), (x + 1, y), (x, y - 1)}
    return {(x - 1, y), (x + 1, y), (x, y + 1)}


def corners(cell: Cell) -> set[tuple[int, int]]:
    """The three grid vertices of a cell, as (2 * horizontal position, row line)."""
    x, y = cell
    if up(cell):
        return {(x - 1, y), (x + 1, y), (x, y + 1)}
    return {(x - 1, y + 1), (x + 1, y + 1), (x, y)}


def parse(move: str) -> tuple[str, list[Cell]]:
    letter, rest = move.split(":")
    cells = [tuple(int(v) for v in part.split(",")) for part in rest.split(";")]
    return letter, [(c[0], c[1]) for c in cells]


def write(letter: str, cells: list[Cell]) -> str:
    ordered = sorted(cells, key=lambda c: (c[1], c[0]))
    return f"{letter}:" + ";".join(f"{x},{y}" for x, y in ordered)


def translate(cells: list[Cell] | tuple[Cell, ...], dx: int, dy: int) -> list[Cell]:
    assert (dx + dy) % 2 == 0, "odd translations would flip triangles"
    return [(x + dx, y + dy) for x, y in cells]


def replay_heights(moves: list[str]) -> tuple[dict[Cell, int], dict[Cell, int]]:
    """Heights and top-tile index per cell after these moves."""
    height: dict[Cell, int] = {}
    top: dict[Cell, int] = {}
    for i, move in enumerate(moves):
        _, cells = parse(move)
        level = height.get(cells[0], 0) + 1
        for c in cells:
            height[c] = level
            top[c] = i
    return height, top


def level_of(move: str, height: dict[Cell, int]) -> int:
    _, cells = parse(move)
    return height.get(cells[0], 0) + 1


def new(goal: str = "highest") -> tablier.State:
    return tablier.load("counterplays", goal=goal).new_state(seed=0)


def play(moves: list[str], goal: str = "highest") -> tablier.State:
    state = new(goal)
    for i, move in enumerate(moves):
        state.apply(i % 2, move)
    return state


def all_orientations(letter: str) -> list[tuple[Cell, ...]]:
    from tablier.games.counterplays.geometry import fixed_orientations
    from tablier.games.counterplays.shapes import TILE_CELLS

    return fixed_orientations(TILE_CELLS[letter])


def placements_near(letter: str, height: dict[Cell, int], margin: int = 7) -> list[list[Cell]]:
    """Every placement of `letter` whose first cell lies near the occupied cells."""
    xs = [x for x, _ in height] or [0]
    ys = [y for _, y in height] or [0]
    found = []
    for cells in all_orientations(letter):
        fx, fy = cells[0]
        for ax in range(min(xs) - margin, max(xs) + margin + 1):
            for ay in range(min(ys) - margin, max(ys) + margin + 1):
                if (ax + ay) % 2 != (fx + fy) % 2:
                    continue
                found.append(translate(cells, ax - fx, ay - fy))
    return found


def reference_level(cells: list[Cell], height: dict[Cell, int], top: dict[Cell, int]) -> int:
    """The level a placement would reach by rules b) and c), or 0 if it is not allowed."""
    heights = {height.get(c, 0) for c in cells}
    if len(heights) != 1:
        return 0
    (h,) = heights
    if h == 0:
        touching = any(n in height for c in cells for n in edge_neighbours(c))
        return 1 if touching else 0
    return h + 1 if len({top[c] for c in cells}) >= 2 else 0


def reference_moves(moves: list[str], letters: str) -> set[str]:
    """Legal moves after `moves` (not the first move), by brute force with rule d)."""
    height, top = replay_heights(moves)
    legal: set[str] = set()
    for letter in letters:
        by_level: dict[int, list[list[Cell]]] = {}
        for cells in placements_near(letter, height):
            level = reference_level(cells, height, top)
            if level:
                by_level.setdefault(level, []).append(cells)
        best = max(by_level)
        legal.update(write(letter, cells) for cells in by_level[best])
    return legal
