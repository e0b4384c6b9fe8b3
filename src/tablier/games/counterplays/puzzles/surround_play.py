"""The surround puzzle played by hand: white tiles around one black tile, then black
tiles around the white group.

As in `surround.py`, every tile lies on the table (level 1), tiles never overlap and
rule d) is set aside. A position is the black tile's letter, the white tiles laid and,
once the black tile is surrounded, the black tiles laid around the whites. Only tiles
touching what is still open around the group are offered (the table has no edge; a tile
far away would surround nothing). The minimum and the follow-up come from the solver.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tablier.games.counterplays.geometry import Cell, cell_of, is_up
from tablier.games.counterplays.notation import orientation_of, parse
from tablier.games.counterplays.puzzles import surround
from tablier.games.counterplays.puzzles.positions import TEXTS, write
from tablier.games.counterplays.shapes import LETTERS, ORIENTATIONS

# search nodes a hint may spend
BUDGET = 60_000


@dataclass
class Position:
    letter: str
    black: tuple[Cell, ...]
    whites: list[tuple[str, tuple[Cell, ...]]]
    blacks: list[tuple[str, tuple[Cell, ...]]]

    @property
    def white_cells(self) -> frozenset[Cell]:
        return frozenset(c for _, cells in self.whites for c in cells)

    @property
    def occupied(self) -> frozenset[Cell]:
        laid = [c for _, cells in self.whites + self.blacks for c in cells]
        return frozenset([*self.black, *laid])

    @property
    def surrounded(self) -> bool:
        """Part 1 done: every triangle bordering the black tile is white."""
        return surround.ring(self.black) <= self.white_cells

    def open_cells(self) -> frozenset[Cell]:
        """What is still to cover: around the black tile, then around the whites."""
        if not self.surrounded:
            return surround.ring(self.black) - self.white_cells
        return surround.ring(self.white_cells) - self.occupied

    @property
    def closed(self) -> bool:
        """Part 2 done: the black tiles close the white group in."""
        return self.surrounded and not self.open_cells()

    def letters_left(self) -> list[str]:
        if not self.surrounded:
            used = {letter for letter, _ in self.whites}
            return [c for c in LETTERS if c not in used]
        used = {self.letter} | {letter for letter, _ in self.blacks}
        return [c for c in LETTERS if c not in used]


def _cells(move: str) -> tuple[str, tuple[Cell, ...]]:
    letter, keys = parse(move)
    orientation_of(letter, keys)
    return letter, tuple(cell_of(k) for k in keys)


def read(letter: str, whites: list[str], blacks: list[str]) -> Position:
    """The position, each tile checked in turn (IllegalMove names the first bad one)."""
    letter = letter.upper()
    if letter not in LETTERS:
        raise TEXTS.refuse("refusal.no_letter", letter=letter, letters=" ".join(LETTERS))
    position = Position(letter, surround.black_tile(letter), [], [])
    for move in whites:
        _lay(position, move, position.whites)
    if blacks and not position.surrounded:
        raise TEXTS.refuse("refusal.not_surrounded_yet")
    for move in blacks:
        _lay(position, move, position.blacks)
    return position


def _lay(position: Position, move: str, into: list[tuple[str, tuple[Cell, ...]]]) -> None:
    letter, cells = _cells(move)
    if letter not in position.letters_left():
        raise TEXTS.refuse("refusal.twice", letter=letter)
    taken = position.occupied
    for x, y in cells:
        if (x, y) in taken:
            raise TEXTS.refuse("refusal.overlap", letter=letter, x=x, y=y)
    if not set(cells) & position.open_cells():
        raise TEXTS.refuse("refusal.not_touching", letter=letter)
    into.append((letter, cells))


def legal(position: Position) -> list[str]:
    if position.closed:
        return []
    rows = surround.touching(position.open_cells(), position.occupied, position.letters_left())
    return sorted({write(ORIENTATIONS[index].letter, cells) for index, cells in rows})


@lru_cache(maxsize=len(LETTERS))
def minimum(letter: str) -> surround.Minimum:
    return surround.minimum_surround(letter)


@lru_cache(maxsize=len(LETTERS))
def follow_up(letter: str) -> surround.FollowUp:
    return surround.follow_up(minimum(letter))


def hint(position: Position) -> tuple[str | None, bool]:
    """The first tile of a shortest completion from here, and whether the search gave up."""
    targets, letters = position.open_cells(), position.letters_left()
    if not targets:
        return None, False
    problem = surround.ring_cover_problem(targets, position.occupied, letters)
    spent = 0
    for count in range(1, len(letters) + 1):
        found = problem.first(max_rows=count, budget=BUDGET - spent)
        spent += problem.nodes
        if found is not None:
            first = surround._in_order(found)[0]
            return write(ORIENTATIONS[first[0]].letter, first[1]), False
        if problem.exhausted or spent >= BUDGET:
            return None, True
    return None, False


def solution(letter: str) -> dict[str, Any]:
    """The solver's answer for this black tile: a minimum surround and the follow-up."""
    best, after = minimum(letter), follow_up(letter)
    whites = after.whites if after.found and after.whites else best.example
    return {
        "whites": [write(ORIENTATIONS[i].letter, cells) for i, cells in whites],
        "blacks": [write(ORIENTATIONS[i].letter, c) for i, c in after.blacks or []],
        "follow_up": "found" if after.found else ("impossible" if after.complete else "unknown"),
    }


def view(position: Position) -> dict[str, Any]:
    """What the board draws (the fields of a game's observation) and the puzzle's count."""
    groups = [(1, [(position.letter, position.black)]), (0, position.whites), (1, position.blacks)]
    laid = [(owner, x, cs) for owner, group in groups for x, cs in group]
    tiles = [
        {"owner": owner, "letter": x, "cells": [list(c) for c in cs], "level": 1}
        for owner, x, cs in laid
    ]
    cells = [
        {"x": x, "y": y, "up": is_up(x, y), "height": 1, "top": index,
         "top_owner": owner, "top_letter": letter}
        for index, (owner, letter, cs) in enumerate(laid)
        for x, y in cs
    ]  # fmt: skip
    seat = 1 if position.surrounded else 0
    left = position.letters_left()
    best = minimum(position.letter)
    return {
        "observation": {
            "game": "counterplays",
            "puzzle": "surround",
            "solo": True,
            "tiles": tiles,
            "cells": sorted(cells, key=lambda c: (c["y"], c["x"])),
            "tiles_left": [left if seat == 0 else [], left if seat == 1 else []],
            "trays": [seat],
            "level_counts": [],
            "top_level": 1,
            "to_move": seat,
            "reach": {},
        },
        "seat": seat,
        "legal_moves": legal(position),
        "letter": position.letter,
        "whites": len(position.whites),
        "blacks": len(position.blacks),
        "minimum": best.count,
        "surrounded": position.surrounded,
        "closed": position.closed,
        "open": len(position.open_cells()),
    }
