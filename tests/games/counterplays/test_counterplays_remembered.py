"""The fast generators against the one that computes every position afresh in Python.

Two ways are faster than the plain Python generator (placement.py): the compiled one
(fastgen.c, built with cffi), used whenever this machine can build it, and the Python
one that carries each tile's placements from one position to the next (remembered.py),
kept for machines without a C compiler. These tests hold both to the plain generator
over a thousand random games, with positions checked at random moments (so remembered
entries are carried over several tiles), clones that branch off and play on, and the
random playouts the computer players use.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

import tablier
from tablier.games.counterplays import fastgen, placement
from tablier.games.counterplays.heuristics import CounterplaysHeuristics
from tablier.games.counterplays.notation import notation
from tablier.games.counterplays.shapes import BY_LETTER, LETTERS
from tablier.games.counterplays.state import CounterplaysState

GAME = tablier.load("counterplays")


def from_scratch(state: CounterplaysState, player: int) -> list[str]:
    return [notation(o.index, a) for o, a in state._placements(state.left[player])]


def best_from_scratch(state: CounterplaysState, letter: str) -> tuple[int, list[str]]:
    level, found = placement.best_for_tile(
        BY_LETTER[letter],
        placement.cells_by_height(state.height),
        state.height,
        state.top,
        placement.split_frontier(state.frontier),
    )
    return level, [notation(o.index, a) for o, a in sorted(found, key=lambda p: (p[0].index, p[1]))]


@pytest.fixture(params=["compiled", "compiled cell by cell", "remembered"])
def way(request: pytest.FixtureRequest) -> Iterator[str]:
    """Which fast generator the states created in the test use.

    The compiled generator reads the stack on bit-boards when it fits 64 columns, as
    in every game here, and cell by cell otherwise: the second way forces the latter.
    """
    compiled = request.param.startswith("compiled")
    gen = fastgen.load()
    if compiled and gen is None:
        if os.environ.get("CI") == "true":
            pytest.fail("the compiled generator could not be built (cffi and a C compiler)")
        pytest.skip("no C compiler or cffi here: the compiled generator is not built")
    CounterplaysState.compiled = compiled
    if gen is not None:
        gen.cell_by_cell(request.param == "compiled cell by cell")
    try:
        yield request.param
    finally:
        CounterplaysState.compiled = True
        if gen is not None:
            gen.cell_by_cell(False)


def new_state(seed: int, way: str) -> CounterplaysState:
    state = GAME.new_state(seed=seed)
    assert isinstance(state, CounterplaysState)
    assert (state._gen is not None) == way.startswith("compiled")
    return state


def check(state: CounterplaysState) -> None:
    player = state.current_players()[0]
    assert state.legal_moves(player) == from_scratch(state, player)
    # the other player's tiles too: both players' entries live in the same memory
    other = 1 - player
    for letter in LETTERS:
        if letter in state.left[other] and state.tiles:
            level, (_places, texts) = state.best_placements(letter)
            assert (level, list(texts)) == best_from_scratch(state, letter), letter


def play_one(state: CounterplaysState, rng: random.Random, heur: CounterplaysHeuristics) -> None:
    player = state.current_players()[0]
    if state.tiles and rng.random() < 0.4:
        # the playouts' way: a few tiles looked at, the others left to age
        assert heur._random_tile_move(state, player, rng)
    else:
        state.apply(player, rng.choice(from_scratch(state, player)))


def test_a_thousand_random_games_match_the_from_scratch_generator(way: str) -> None:
    heur = CounterplaysHeuristics(GAME)
    positions = 0
    for seed in range(1000):
        rng = random.Random(seed)
        state = new_state(seed, way)
        while not state.is_terminal():
            if rng.random() < 0.5:
                check(state)
                positions += 1
            play_one(state, rng, heur)
        assert state.current_players() == []
    assert positions > 10_000


def test_clones_that_branch_off_keep_their_own_placements(way: str) -> None:
    heur = CounterplaysHeuristics(GAME)
    for seed in range(80):
        rng = random.Random(10_000 + seed)
        state = new_state(seed, way)
        while not state.is_terminal():
            check(state)
            twin = state.clone()
            # the twin plays a few moves of its own, then both are checked
            for _ in range(rng.randrange(1, 4)):
                if twin.is_terminal():
                    break
                play_one(twin, rng, heur)
                if not twin.is_terminal():
                    check(twin)
            check(state)
            play_one(state, rng, heur)


def test_any_spelling_of_a_move_lands_where_the_canonical_one_does(way: str) -> None:
    rng = random.Random(3)
    state = new_state(3, way)
    for _ in range(9):
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    player = state.current_players()[0]
    move = rng.choice(state.legal_moves(player))
    letter, cells = move.split(":")
    # a lower-case letter and the cells in reverse order: not the remembered text
    spelled = f"{letter.lower()}:{';'.join(reversed(cells.split(';')))}"
    a, b = state.clone(), state.clone()
    a.apply(player, move)
    b.apply(player, spelled)
    assert a.history[-1] == b.history[-1]
    assert a.height == b.height and a.top == b.top
    assert a.legal_moves(1 - player) == b.legal_moves(1 - player)


def test_the_reference_switch_gives_the_same_games(way: str) -> None:
    records = []
    for remember in (True, False):
        CounterplaysState.remember = remember
        try:
            state = GAME.new_state(seed=5)
            assert isinstance(state, CounterplaysState)
            assert (state._gen is not None) == (remember and way.startswith("compiled"))
            moves = []
            while not state.is_terminal():
                player = state.current_players()[0]
                legal = state.legal_moves(player)
                moves.append(legal)
                state.apply(player, legal[len(legal) // 3])
            records.append((moves, state.history))
        finally:
            CounterplaysState.remember = True
    assert records[0] == records[1]
