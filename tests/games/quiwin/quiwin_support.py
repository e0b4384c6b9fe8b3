"""Building Qui'win positions from explicit deals, and playing them forward."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

from tablier.games.quiwin.game import QuiwinGame
from tablier.games.quiwin.state import QuiwinState
from tablier.games.quiwin.tiles import TILE_COUNTS


def deal_for(
    hand0: list[str], hand1: list[str], bag_front: list[str] | None = None
) -> dict[str, Any]:
    """A full deal: the two hands, then the bag starting with `bag_front`, rest sorted."""
    rest = Counter(TILE_COUNTS)
    rest.subtract(Counter(hand0 + hand1 + (bag_front or [])))
    assert all(n >= 0 for n in rest.values()), f"too many tiles: {-rest}"
    bag = list(bag_front or []) + sorted(rest.elements())
    return {"hands": [list(hand0), list(hand1)], "bag": bag}


def make(
    hand0: list[str],
    hand1: list[str],
    bag_front: list[str] | None = None,
    seed: int = 0,
    **options: Any,
) -> QuiwinState:
    game = QuiwinGame(**options)
    state = game.new_state(seed=seed, deal=deal_for(hand0, hand1, bag_front))
    return cast(QuiwinState, state)


def commit(state: QuiwinState, tile0: str, tile1: str) -> None:
    state.apply(0, tile0)
    state.apply(1, tile1)


def pass_window(state: QuiwinState) -> None:
    """Everyone asked in the current action window passes."""
    while state.phase == "actions":
        for player in state.current_players():
            state.apply(player, "pass")


def play_rows(state: QuiwinState, row0: list[str], row1: list[str]) -> None:
    """Commit the tiles pairwise, passing every action window."""
    for tile0, tile1 in zip(row0, row1, strict=True):
        commit(state, tile0, tile1)
        pass_window(state)


def full_game(row0: list[str], row1: list[str], **options: Any) -> QuiwinState:
    """A whole game where both players lay their hand in the given order and never act."""
    state = make(row0, row1, **options)
    play_rows(state, row0, row1)
    return state


def random_game(seed: int, game: Any = None) -> list[tuple[QuiwinState, int, str]]:
    """A random game: the (position before, player, move) triples in order."""
    game = game or QuiwinGame()
    rng = random.Random(seed)
    state = cast(QuiwinState, game.new_state(seed=seed))
    steps = []
    while not state.is_terminal():
        player = rng.choice(state.current_players())
        move = str(rng.choice(state.legal_moves(player)))
        steps.append((state.clone(), player, move))
        state.apply(player, move)
    steps.append((state, -1, ""))
    return steps
