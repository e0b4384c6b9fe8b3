"""The search proves wins, losses and draws in its tree (MCTS-solver).

Every proof is checked against plain minimax over the whole game tree, so a wrong
backup (a loss taken for a draw, a node proved before all its moves were tried) shows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import pytest
from ai_toys import DuelGame, NimGame, TicTacToeGame

from tablier.ai.mcts import MCTSPlayer, SearchSettings
from tablier.core.game import Game
from tablier.core.heuristics import Heuristics
from tablier.core.move import Move
from tablier.core.state import State


def solver(game: Game, iterations: int, seed: int = 1) -> MCTSPlayer:
    return MCTSPlayer(game, seed, SearchSettings(iterations=iterations))


def minimax(state: State) -> tuple[float, ...]:
    """The exact returns of `state` under best play (sequential games only)."""
    if state.is_terminal():
        return tuple(float(v) for v in state.returns())
    mover = state.current_players()[0]
    results = []
    for move in state.legal_moves(mover):
        after = state.clone()
        after.apply(mover, move)
        results.append(minimax(after))
    return max(results, key=lambda r: r[mover])


@cache
def nim_value(stones: int) -> float:
    """Nim, take 1 to 3, last stone wins: the mover loses exactly on multiples of 4."""
    return -1.0 if stones % 4 == 0 else 1.0


@pytest.mark.parametrize("stones", [5, 6, 7, 8, 9, 12])
def test_nim_positions_are_proved_with_their_exact_value(stones: int) -> None:
    game = NimGame(stones)
    player = solver(game, 20_000)
    move = player.choose(game.new_state(seed=0).observation(0), 0)
    report = player.last_report
    assert report.proven is not None
    assert report.proven[0] == nim_value(stones)
    if nim_value(stones) > 0:
        # the winning move leaves a multiple of 4, and the search stopped once proved
        assert (stones - int(move)) % 4 == 0
        assert report.iterations < 20_000


def test_a_proof_ends_the_search_early() -> None:
    game = NimGame(7)
    proving = solver(game, 20_000)
    proving.choose(game.new_state(seed=0).observation(0), 0)
    counting = MCTSPlayer(game, 1, SearchSettings(iterations=20_000, solve=False))
    counting.choose(game.new_state(seed=0).observation(0), 0)
    assert counting.last_report.proven is None
    assert proving.last_report.iterations < counting.last_report.iterations


def _random_position(game: Game, rng: random.Random, plies: int) -> State:
    state = game.new_state(seed=0)
    for _ in range(plies):
        if state.is_terminal():
            break
        mover = state.current_players()[0]
        state.apply(mover, rng.choice(state.legal_moves(mover)))
    return state


def test_tic_tac_toe_proofs_agree_with_minimax() -> None:
    game = TicTacToeGame()
    rng = random.Random(4)
    proved = 0
    for _ in range(40):
        state = _random_position(game, rng, rng.randrange(2, 7))
        if state.is_terminal():
            continue
        seat = state.current_players()[0]
        player = solver(game, 3_000, seed=rng.randrange(1000))
        move = player.choose(state.observation(seat), seat)
        exact = minimax(state)
        report = player.last_report
        if report.proven is not None:
            proved += 1
            assert report.proven == exact
        # whether or not proved, the move chosen keeps the position's exact value
        after = state.clone()
        after.apply(seat, move)
        assert minimax(after)[seat] == exact[seat]
    # draws too are proved once every reply is: most of these small trees get proved
    assert proved >= 30


class _Guessing(Heuristics):
    candidates_are_exact = False

    def candidate_moves(self, state: State, player: int, moves: Sequence[Move]) -> list[Move]:
        return list(moves)[:1]


def test_no_proof_when_the_game_prunes_by_guess() -> None:
    game = NimGame(6)
    player = solver(game, 2_000)
    player.knowledge = _Guessing(game)
    player.solving = player.settings.solve and player.knowledge.candidates_are_exact
    player.choose(game.new_state(seed=0).observation(0), 0)
    assert player.last_report.proven is None


def test_no_proof_with_hidden_information() -> None:
    game = DuelGame()
    player = solver(game, 500)
    assert not player.solving
    state = game.new_state(seed=3)
    seat = state.current_players()[0]
    player.choose(state.observation(seat), seat)
    assert player.last_report.proven is None
