"""Trio for research frameworks: one number per square, and per-seat board planes."""

from __future__ import annotations

from typing import Any

import numpy as np

from tablier.core.actions import MoveTable
from tablier.core.game import Game
from tablier_trio.state import square_name


class TrioTensors:
    """The seat's marks, the other's, and the empty squares: three size × size planes."""

    def __init__(self, size: int) -> None:
        self.blocks: tuple[tuple[str, tuple[int, ...]], ...] = (
            ("mine", (size, size)),
            ("theirs", (size, size)),
            ("empty", (size, size)),
        )
        self.size = 3 * size * size

    def encode(self, observation: dict[str, Any], seat: int) -> np.ndarray:
        board = observation["board"]
        planes = np.zeros((3, len(board), len(board)), np.float32)
        for r, row in enumerate(board):
            for c, mark in enumerate(row):
                planes[2 if mark is None else (0 if mark == seat else 1), r, c] = 1
        return planes.reshape(-1)


class TrioResearch:
    def __init__(self, game: Game) -> None:
        size = int(game.options["size"])
        squares = (square_name(c, r) for r in range(size) for c in range(size))
        self.actions = MoveTable(squares, "Trio")
        self.tensors = TrioTensors(size)


def interface(game: Game) -> TrioResearch:
    return TrioResearch(game)
