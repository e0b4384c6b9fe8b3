"""The remembered placements against the generator that computes every position afresh.

The engine carries each tile's placements from one position to the next and updates
them around the tiles laid since (remembered.py). These tests hold it to the plain
from-scratch generator over a thousand random games, with positions checked at random
moments (so entries are carried over several tiles), clones that branch off and play
on, and the random playouts the computer players use.
"""

from __future__ import annotations

import random

import tablier
from tablier.games.counterplays import placement
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


def test_a_thousand_random_games_match_the_from_scratch_generator() -> None:
    heur = CounterplaysHeuristics(GAME)
    positions = 0
    for seed in range(1000):
        rng = random.Random(seed)
        state = GAME.new_state(seed=seed)
        assert isinstance(state, CounterplaysState)
        while not state.is_terminal():
            if rng.random() < 0.5:
                check(state)
                positions += 1
            play_one(state, rng, heur)
        assert state.current_players() == []
    assert positions > 10_000


def test_clones_that_branch_off_keep_their_own_placements() -> None:
    heur = CounterplaysHeuristics(GAME)
    for seed in range(80):
        rng = random.Random(10_000 + seed)
        state = GAME.new_state(seed=seed)
        assert isinstance(state, CounterplaysState)
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


def test_any_spelling_of_a_move_lands_where_the_canonical_one_does() -> None:
    rng = random.Random(3)
    state = GAME.new_state(seed=3)
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


def test_the_reference_switch_gives_the_same_games() -> None:
    records = []
    for remember in (True, False):
        CounterplaysState.remember = remember
        try:
            state = GAME.new_state(seed=5)
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
