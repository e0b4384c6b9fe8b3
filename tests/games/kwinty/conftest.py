from __future__ import annotations

import pytest

import tablier
from tablier.games.kwinty.state import KwintyState


def build(
    pieces: str, to_move: int = 0, left: tuple[int, int] | None = None, **options: object
) -> KwintyState:
    """A position from 'W:e1v B:f1h …' (W = player 0, B = player 1)."""
    game = tablier.load("kwinty", **options)
    parsed = []
    for item in pieces.split():
        colour, move = item.split(":")
        parsed.append((0 if colour == "W" else 1, move))
    return KwintyState.position(game, parsed, to_move, left)


@pytest.fixture
def position():
    return build
