"""Puzzle 2: surround one black tile with as few white tiles as possible, then the reverse.

Rule d) is set aside and every tile lies on the table (level 1), so a position is a set
of tiles that do not overlap. A group of tiles is *surrounded* when every triangle
outside it that shares an edge with it is covered: then each edge of the group's
outline touches a tile.

Part 1 (the minimum): the white tiles must cover exactly the *ring* of the black tile
(its edge-neighbours), each ring cell once since tiles never overlap; they may cover
other free cells too. That is an exact cover with the ring cells as primary columns
and the letters and the other cells as secondary ones (used at most once). Searching
with 1, 2, 3… tiles in turn, the first count with a solution is the minimum, and the
complete searches with fewer tiles are the proof.

Part 2 (the follow-up): with the black tile and a minimum white surround in place, can
the eleven other black tiles cover the ring of the white group? Same exact cover, over
every minimum white surround in turn, within a node budget.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from tablier.games.counterplays.geometry import Cell, is_up, neighbours
from tablier.games.counterplays.puzzles.exact_cover import ExactCover
from tablier.games.counterplays.puzzles.tiling import Piece
from tablier.games.counterplays.shapes import BY_LETTER, LETTERS, ORIENTATIONS

DEFAULT_BUDGET = 200_000
PER_SURROUND = 20_000


def ring(cells: Iterable[Cell]) -> frozenset[Cell]:
    """The cells outside `cells` that share an edge with one of them."""
    group = set(cells)
    return frozenset(n for c in group for n in neighbours(*c) if n not in group)


def black_tile(letter: str) -> tuple[Cell, ...]:
    """The black tile of that letter in its first fixed orientation.

    Every orientation is the image of this one by a symmetry of the grid, and the
    puzzle is the same up to that symmetry, so one orientation per letter is enough.
    """
    return BY_LETTER[letter][0].cells


def touching(
    targets: frozenset[Cell], occupied: frozenset[Cell], letters: Iterable[str]
) -> dict[Piece, tuple[object, ...]]:
    """Placements of `letters` covering at least one target cell and no occupied one.

    Rows for an exact cover: the letter, then the six cells.
    """
    rows: dict[Piece, tuple[object, ...]] = {}
    for letter in letters:
        for orient in BY_LETTER[letter]:
            for tx, ty in sorted(targets):
                for cx, cy in orient.cells:
                    if is_up(cx, cy) != is_up(tx, ty):
                        continue
                    dx, dy = tx - cx, ty - cy
                    cells = tuple((x + dx, y + dy) for x, y in orient.cells)
                    if not any(c in occupied for c in cells):
                        rows[(orient.index, cells)] = (letter, *cells)
    return rows


def ring_cover_problem(
    targets: frozenset[Cell], occupied: frozenset[Cell], letters: Iterable[str]
) -> ExactCover[Piece, object]:
    letters = list(letters)
    rows = touching(targets, occupied, letters)
    others = {c for row in rows.values() for c in row[1:] if c not in targets}
    return ExactCover(rows, primary=targets, secondary=[*letters, *others])


@dataclass
class Minimum:
    """The fewest white tiles surrounding one black tile, and the proof of it."""

    letter: str
    black: tuple[Cell, ...]
    count: int
    example: list[Piece]
    ring_size: int
    widest: int  # the most ring cells one white tile can cover
    # nodes of the complete, failed searches with fewer tiles: they are the proof
    proof_nodes: dict[int, int] = field(default_factory=dict)

    def proof(self) -> list[str]:
        """Why no fewer white tiles can do, one line per smaller count."""
        lines = []
        for k in range(1, self.count):
            if k * self.widest < self.ring_size:
                lines.append(
                    f"{k} tile(s): impossible by counting, the ring has {self.ring_size} "
                    f"triangles and one white tile covers at most {self.widest} of them"
                )
            else:
                lines.append(
                    f"{k} tile(s): impossible, the exhaustive search visited "
                    f"{self.proof_nodes[k]} nodes and found no surround"
                )
        return lines


def minimum_surround(letter: str, max_tiles: int = len(LETTERS)) -> Minimum:
    """Iterative deepening: the first tile count with a surround is the minimum."""
    black = black_tile(letter)
    targets = ring(black)
    problem = ring_cover_problem(targets, frozenset(black), LETTERS)
    proof: dict[int, int] = {}
    for k in range(1, max_tiles + 1):
        found = problem.first(max_rows=k)
        if found is not None:
            return Minimum(letter, black, k, _in_order(found), len(targets), problem.widest, proof)
        proof[k] = problem.nodes
    raise ValueError(f"no surround of black {letter} with {max_tiles} white tiles or fewer")


def minimum_surrounds(minimum: Minimum) -> Iterator[list[Piece]]:
    """The surrounds of the black tile with the minimum number of white tiles, lazily."""
    black = frozenset(minimum.black)
    problem = ring_cover_problem(ring(black), black, LETTERS)
    for found in problem.solutions(max_rows=minimum.count):
        yield _in_order(found)


@dataclass
class FollowUp:
    """Other black tiles closing in a minimum white surround, if found."""

    letter: str
    black: tuple[Cell, ...]
    whites: list[Piece] | None = None
    blacks: list[Piece] | None = None
    nodes: int = 0
    surrounds_tried: int = 0
    complete: bool = False  # every white surround was searched to the end: a proof

    @property
    def found(self) -> bool:
        return self.blacks is not None


def follow_up(
    minimum: Minimum, budget: int = DEFAULT_BUDGET, per_surround: int = PER_SURROUND
) -> FollowUp:
    """Look for black tiles surrounding the whites, over each minimum white surround.

    Each white surround gets at most `per_surround` nodes, so one hard case does not
    eat the whole `budget`; a search cut short makes the answer "not found", never
    "impossible".
    """
    result = FollowUp(minimum.letter, minimum.black)
    others = [c for c in LETTERS if c != minimum.letter]
    complete = True
    for whites in minimum_surrounds(minimum):
        if result.nodes >= budget:
            complete = False
            break
        result.surrounds_tried += 1
        white_cells = frozenset(c for _, cells in whites for c in cells)
        occupied = white_cells | frozenset(minimum.black)
        targets = ring(white_cells) - occupied
        problem = ring_cover_problem(targets, occupied, others)
        allowed = min(per_surround, budget - result.nodes)
        found = problem.first(max_rows=len(others), budget=allowed)
        result.nodes += problem.nodes
        if found is not None:
            result.whites, result.blacks = whites, _in_order(found)
            return result
        complete = complete and not problem.exhausted
    result.complete = complete
    return result


def covers_ring(black: Iterable[Cell], tiles: Iterable[Iterable[Cell]]) -> bool:
    """Whether `tiles` (no overlaps among them or with `black`) cover the ring of `black`."""
    group = frozenset(black)
    covered: set[Cell] = set()
    for cells in tiles:
        cells = set(cells)
        if cells & covered or cells & group:
            return False
        covered |= cells
    return ring(group) <= covered


def _in_order(pieces: list[Piece]) -> list[Piece]:
    return sorted(pieces, key=lambda p: (LETTERS.index(ORIENTATIONS[p[0]].letter), p[1]))
