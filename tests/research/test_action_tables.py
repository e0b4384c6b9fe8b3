"""Fixed action tables: every legal move has a number, numbers round-trip, masks match."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tablier
from tablier.core.registry import game_module
from tablier.research import interface, legal_mask, research_game_ids

GAMES = [
    ("kwinty", {"variant": "kwinty"}),
    ("kwinty", {"variant": "kwintie"}),
    ("kwinty", {"variant": "kwinty", "short_faces": "strict"}),
    ("turris", {}),
    ("turris", {"bonus_chain": True}),
    ("counterplays", {}),
    ("quiwin", {}),
]
SIZES = {"kwinty": 281, "kwintie": 145, "turris": 149, "counterplays": 1_426_912, "quiwin": 15}


def playouts(game_id: str, options: dict, games: int, seed: int):
    """Positions of random games: (state, seat) for every awaited seat."""
    game = tablier.load(game_id, **options)
    rng = random.Random(seed)
    for k in range(games):
        state = game.new_state(seed=seed * 1000 + k)
        while not state.is_terminal():
            for seat in state.current_players():
                yield state, seat
                state.apply(seat, rng.choice(state.legal_moves(seat)))


def test_every_game_but_quiadiquoi_declares_a_research_interface() -> None:
    # tablier's own games (a game installed beside them may declare one too)
    built_in = {g for g in research_game_ids() if game_module(g).startswith("tablier.")}
    assert built_in == {"kwinty", "turris", "counterplays", "quiwin"}
    with pytest.raises(ValueError, match="no research interface"):
        interface(tablier.load("quiadiquoi"))


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_legal_moves_round_trip_and_the_mask_is_the_legal_moves(
    game_id: str, options: dict
) -> None:
    table = interface(tablier.load(game_id, **options)).actions
    name = options.get("variant", game_id)
    assert table.size == SIZES[name]
    games = 2 if game_id == "counterplays" else 10
    for state, seat in playouts(game_id, options, games, seed=7):
        moves = state.legal_moves(seat)
        numbers = [table.encode(m) for m in moves]
        assert len(set(numbers)) == len(moves)
        assert [table.decode(n) for n in numbers] == moves
        mask = legal_mask(state, seat)
        assert mask.dtype == np.int8 and mask.shape == (table.size,)
        assert set(np.flatnonzero(mask).tolist()) == set(numbers)
        # a seat not awaited has no legal action
        for other in set(range(2)) - set(state.current_players()):
            assert not legal_mask(state, other).any()


@pytest.mark.parametrize("name", ["kwinty", "kwintie", "turris", "quiwin"])
def test_small_tables_number_distinct_moves_the_engine_reads(name: str) -> None:
    game = tablier.load("kwinty", variant=name) if "kwint" in name else tablier.load(name)
    table = interface(game).actions
    moves = [table.decode(i) for i in range(table.size)]
    assert len(set(moves)) == table.size
    assert [table.encode(m) for m in moves] == list(range(table.size))
    with pytest.raises(ValueError):
        table.decode(table.size)
    with pytest.raises(ValueError):
        table.encode("no such move")


def test_counterplays_table_decodes_every_number_to_a_placement_that_encodes_back() -> None:
    table = interface(tablier.load("counterplays")).actions
    rng = random.Random(3)
    for number in [0, table.size - 1, *(rng.randrange(table.size) for _ in range(3000))]:
        assert table.encode(table.decode(number)) == number
    # the 94 first moves are the 94 orientations at the origin
    state = tablier.load("counterplays").new_state(seed=0)
    assert int(legal_mask(state, 0).sum()) == 94
