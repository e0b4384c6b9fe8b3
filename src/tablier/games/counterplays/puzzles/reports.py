"""The three Counterplays brain-teasers, solved and told as text with pictures.

Each `*_report` function runs a solver and returns the text the command line prints.
The solvers live in `tiling` (puzzle 3), `surround` (puzzle 2) and `level6` (puzzle 1).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tablier.core.records import replay
from tablier.games.counterplays.puzzles import regions
from tablier.games.counterplays.puzzles.level6 import Level6Result
from tablier.games.counterplays.puzzles.pictures import BLACK, LEGEND, WHITE, flat_picture
from tablier.games.counterplays.puzzles.surround import (
    FollowUp,
    Minimum,
    follow_up,
    minimum_surround,
)
from tablier.games.counterplays.puzzles.tiling import (
    AREA,
    Piece,
    TilingCount,
    TilingResult,
    count_tilings,
    tile,
)
from tablier.games.counterplays.shapes import LETTERS, ORIENTATIONS


def pieces_picture(pieces: list[Piece], colour: int = WHITE) -> str:
    return flat_picture((colour, ORIENTATIONS[o].letter, cells) for o, cells in pieces)


# ----------------------------------------------------------------------------- puzzle 3
def triangle_sides() -> list[int]:
    """The sides n of the equilateral triangles with exactly 72 triangles (n² = 72)."""
    return [n for n in range(1, AREA + 1) if n * n == AREA]


def tiling_report(name: str, result: TilingResult) -> str:
    lines = [f"{name}: {len(result.region)} triangles."]
    if result.impossible is not None:
        lines.append(f"Impossible without searching: {result.impossible}.")
    elif result.pieces is not None:
        lines.append(
            f"Solved: the twelve white tiles cover it ({result.nodes} search nodes, "
            f"{result.seconds:.2f} s)."
        )
        lines.append(pieces_picture(result.pieces))
        lines.append(LEGEND)
    elif result.exhausted_search:
        lines.append(
            f"Impossible: the exhaustive search visited {result.nodes} nodes and found no tiling."
        )
    else:
        lines.append(f"Not found within the budget of {result.nodes} nodes (not a proof).")
    return "\n".join(lines)


def triangle_report(side: int | None = None) -> str:
    """Puzzle 3a: an equilateral triangle would need n² = 72, which no whole n gives."""
    low = math.isqrt(AREA)
    lines = [
        f"An equilateral triangle of side n holds n² unit triangles; the twelve tiles cover {AREA}."
    ]
    fitting = triangle_sides()
    if fitting:  # not for 72 tiles' worth, but the argument is kept general
        lines[0] += f" Side {fitting[0]} has exactly that area: see the search below."
    else:
        lines[0] += (
            f" Since {low}² = {low * low} < {AREA} < {(low + 1) ** 2} = {low + 1}², no "
            f"triangle has exactly {AREA}: the twelve white tiles cannot form an "
            "equilateral triangle."
        )
    for n in [side] if side is not None else [*fitting, low, low + 1]:
        lines.append(tiling_report(f"Triangle of side {n}", tile(regions.triangle(n))))
    return "\n\n".join(lines)


def count_report(name: str, count: TilingCount) -> str:
    head = (
        f"{name}: {count.tilings} tilings, {count.distinct} up to the region's "
        f"{count.symmetries} symmetries ({count.nodes} search nodes, {count.seconds:.1f} s)."
    )
    if not count.complete:
        head += " The budget stopped the count: these are lower bounds."
    return head


def rhombus_report(side: int = 6, budget: int | None = None) -> str:
    """Puzzle 3b: the rhombus of side 6 holds 2 × 6² = 72 triangles."""
    return tiling_report(f"Rhombus of side {side}", tile(regions.rhombus(side), budget))


def make_region(shape: str, sizes: list[int]) -> tuple[str, regions.Region]:
    """A named shape: triangle N, rhombus N, parallelogram W H, hexagon A B C."""
    wanted = {"triangle": 1, "rhombus": 1, "parallelogram": 2, "hexagon": 3}
    if shape not in wanted:
        raise ValueError(f"unknown shape {shape!r}: choose from {', '.join(wanted)}")
    if len(sizes) != wanted[shape]:
        raise ValueError(f"a {shape} takes {wanted[shape]} size(s), not {len(sizes)}")
    makers: dict[str, Callable[..., regions.Region]] = {
        "triangle": regions.triangle,
        "rhombus": regions.rhombus,
        "parallelogram": regions.parallelogram,
        "hexagon": regions.hexagon,
    }
    name = f"{shape.capitalize()} {' × '.join(map(str, sizes))}"
    return name, makers[shape](*sizes)


def region_report(
    shape: str, sizes: list[int], budget: int | None = None, count: bool = False
) -> str:
    """Tile (or count the tilings of) a named shape."""
    name, region = make_region(shape, sizes)
    if count:
        return count_report(name, count_tilings(region, budget))
    return tiling_report(name, tile(region, budget))


# ----------------------------------------------------------------------------- puzzle 2
def minimum_table() -> list[Minimum]:
    return [minimum_surround(letter) for letter in LETTERS]


def surround_picture(minimum: Minimum, follow: FollowUp | None = None) -> str:
    tiles = [(BLACK, minimum.letter, minimum.black)]
    whites = follow.whites if follow is not None and follow.whites else minimum.example
    tiles += [(WHITE, ORIENTATIONS[o].letter, cells) for o, cells in whites]
    if follow is not None and follow.blacks:
        tiles += [(BLACK, ORIENTATIONS[o].letter, cells) for o, cells in follow.blacks]
    return flat_picture(tiles)


def surround_report(letter: str | None = None, budget: int | None = None) -> str:
    """Puzzle 2: the minimum per black tile with its proof, then the follow-up."""
    lines = []
    if letter is None:
        minima = minimum_table()
        lines.append("Fewest white tiles surrounding each black tile:")
        for m in minima:
            lines.append(f"  {m.letter.lower()}: {m.count}  (ring of {m.ring_size} triangles)")
        best = min(minima, key=lambda m: m.count)
        lines.append(
            f"The fewest over all black tiles is {best.count}; shown below for "
            f"{best.letter.lower()}."
        )
    else:
        letter = letter.upper()
        if len(letter) != 1 or letter not in LETTERS:
            raise ValueError(f"there is no tile {letter!r}: the tiles are {', '.join(LETTERS)}")
        best = minimum_surround(letter)
    lines.append("")
    lines.append(
        f"Black {best.letter.lower()} is surrounded by {best.count} white tiles; no fewer can "
        "do it:"
    )
    lines.extend(f"  {line}" for line in best.proof())
    lines.append(surround_picture(best))
    follow = follow_up(best) if budget is None else follow_up(best, budget=budget)
    lines.append("")
    if follow.found:
        assert follow.blacks is not None
        lines.append(
            f"Follow-up: found. {len(follow.blacks)} of the other black tiles surround the "
            f"white ones ({follow.nodes} nodes, white surround #{follow.surrounds_tried} "
            "tried):"
        )
        lines.append(surround_picture(best, follow))
    elif follow.complete:
        lines.append(
            "Follow-up: impossible. No minimum white surround can be closed in by the other "
            f"black tiles (exhaustive search, {follow.nodes} nodes)."
        )
    else:
        lines.append(
            f"Follow-up: not found within the budget ({follow.nodes} nodes over "
            f"{follow.surrounds_tried} white surrounds); this is not a proof."
        )
    lines.append(LEGEND)
    return "\n".join(lines)


# ----------------------------------------------------------------------------- puzzle 1
def level6_report(result: Level6Result) -> str:
    settings = ", ".join(f"{k} {v}" for k, v in result.settings.items())
    if result.found:
        head = (
            f"Found: a tile reaches level {result.reached} (target {result.target}) in a "
            f"legal game of {len(result.moves)} moves, colours alternating."
        )
    else:
        why = (
            "the node budget ran out"
            if result.out_of_budget
            else "every line the beam kept ran out of tiles first"
        )
        head = (
            f"Not found: {why}; the highest level reached is {result.reached} "
            f"(target {result.target}). This is not a proof that it cannot be done: "
            "try another --seed or a wider --width."
        )
    final = replay(result.record)
    lines = [
        head,
        f"Search: {result.nodes} candidate moves scored, {result.seconds:.1f} s ({settings}).",
        "",
        "Moves:",
        *(
            f"  {i:>2}. {'White' if p == 0 else 'Black'} {m}"
            for i, (p, m) in enumerate(result.moves, 1)
        ),
        "",
        final.render_text(),
    ]
    return "\n".join(lines)
