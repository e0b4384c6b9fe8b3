"""The search players on tiny games: sound choices, legality, reproducibility."""

from __future__ import annotations

import json
import random

import pytest
from ai_toys import DuelGame, NimGame, TicTacToeGame

from tablier.ai.greedy import GreedyPlayer
from tablier.ai.mcts import MCTSPlayer, SearchSettings
from tablier.ai.players import RandomPlayer
from tablier.core.game import Game
from tablier.core.state import State


def mcts(game: Game, seed: int = 1, iterations: int = 400) -> MCTSPlayer:
    return MCTSPlayer(game, seed, SearchSettings(iterations=iterations))


def play_out(state: State, players: dict[int, object]) -> State:
    while not state.is_terminal():
        for seat in state.current_players():
            move = players[seat].choose(state.observation(seat), seat)  # type: ignore[attr-defined]
            assert move in state.legal_moves(seat)
            state.apply(seat, move)
    return state


@pytest.mark.parametrize(("stones", "take"), [(5, "1"), (6, "2"), (7, "3"), (9, "1")])
def test_mcts_finds_the_winning_nim_move(stones: int, take: str) -> None:
    # leaving a multiple of four stones is the only winning move
    game = NimGame(stones)
    state = game.new_state(seed=0)
    assert mcts(game, iterations=600).choose(state.observation(0), 0) == take


def test_mcts_takes_an_immediate_win_and_blocks_one() -> None:
    game = TicTacToeGame()
    state = game.new_state(seed=0)
    for seat, move in [(0, "0"), (1, "4"), (0, "1"), (1, "8")]:
        state.apply(seat, move)
    assert mcts(game).choose(state.observation(0), 0) == "2"  # completes 0-1-2
    state = game.new_state(seed=0)
    for seat, move in [(0, "0"), (1, "4"), (0, "8")]:
        state.apply(seat, move)
    state.apply(1, "2")  # threatens 2-4-6
    assert mcts(game).choose(state.observation(0), 0) == "6"


def test_same_seed_and_iteration_budget_give_the_same_choices() -> None:
    game = TicTacToeGame()
    first = play_out(game.new_state(seed=3), {0: mcts(game, 7, 50), 1: mcts(game, 8, 50)})
    second = play_out(game.new_state(seed=3), {0: mcts(game, 7, 50), 1: mcts(game, 8, 50)})
    assert first.history == second.history


def test_choice_depends_on_the_position_not_on_earlier_calls() -> None:
    game = TicTacToeGame()
    state = game.new_state(seed=0)
    state.apply(0, "4")
    fresh = mcts(game, 5, 30).choose(state.observation(1), 1)
    used = mcts(game, 5, 30)
    used.choose(game.new_state(seed=0).observation(0), 0)
    assert used.choose(state.observation(1), 1) == fresh


def test_different_seeds_explore_differently() -> None:
    # with a tiny budget the tie-breaking among unexplored moves follows the seed
    game = TicTacToeGame()
    obs = game.new_state(seed=0).observation(0)
    choices = {mcts(game, seed, 3).choose(obs, 0) for seed in range(20)}
    assert len(choices) > 1


def test_mcts_beats_random_at_tic_tac_toe() -> None:
    game = TicTacToeGame()
    lost = 0
    for i in range(6):
        seats = {i % 2: mcts(game, i, 200), 1 - i % 2: RandomPlayer(game, i)}
        final = play_out(game.new_state(seed=i), seats)
        lost += final.returns()[i % 2] < 0
    assert lost == 0


def test_ismcts_plays_a_hidden_simultaneous_game_legally() -> None:
    game = DuelGame()
    for i in range(4):
        final = play_out(game.new_state(seed=i), {0: mcts(game, i, 60), 1: RandomPlayer(game, i)})
        assert final.is_terminal()


@pytest.mark.parametrize(
    ("deal", "first", "value"),
    [
        # won the first step, keeps 1 and 7: the 7 takes one more step whatever happens
        ([[1, 6, 7], [2, 3, 5]], ("6", "2"), 1.0),
        # lost the first step, keeps 1 and 7: the 1 loses a step whatever happens
        ([[1, 5, 7], [2, 3, 6]], ("5", "6"), -1.0),
    ],
)
def test_ismcts_values_positions_decided_whatever_the_hidden_cards(
    deal: list[list[int]], first: tuple[str, str], value: float
) -> None:
    game = DuelGame()
    state = game.new_state(seed=0, deal=deal)
    state.apply(0, first[0])
    state.apply(1, first[1])
    player = mcts(game, 0, 200)
    player.choose(state.observation(0), 0)
    assert set(player.last_report.values) == {"1", "7"}
    assert all(v == value for v in player.last_report.values.values())


def test_greedy_takes_the_immediate_win() -> None:
    game = NimGame(3)
    state = game.new_state(seed=0)
    assert GreedyPlayer(game, 0).choose(state.observation(0), 0) == "3"


def test_search_settings_need_a_budget() -> None:
    with pytest.raises(ValueError, match="budget"):
        SearchSettings()
    with pytest.raises(ValueError, match="at least 1"):
        SearchSettings(iterations=0)


def test_single_legal_move_is_played_without_search() -> None:
    game = NimGame(1)
    player = mcts(game)
    assert player.choose(game.new_state(seed=0).observation(0), 0) == "1"
    assert player.last_report.iterations == 0


def test_observation_round_trip_through_json_gives_the_same_choice() -> None:
    # a player at a remote client receives the observation as JSON
    game = DuelGame()
    state = game.new_state(seed=5)
    state.apply(1, str(state.legal_moves(1)[0]))
    obs = state.observation(0)
    remote = json.loads(json.dumps(obs))
    assert mcts(game, 2, 80).choose(obs, 0) == mcts(game, 2, 80).choose(remote, 0)


def test_random_player_is_reproducible() -> None:
    game = TicTacToeGame()
    obs = game.new_state(seed=0).observation(0)
    rng = random.Random(0)
    seeds = [rng.randrange(1000) for _ in range(5)]
    assert [RandomPlayer(game, s).choose(obs, 0) for s in seeds] == [
        RandomPlayer(game, s).choose(obs, 0) for s in seeds
    ]


def test_search_stops_once_the_rest_of_the_budget_cannot_change_the_choice() -> None:
    game = NimGame(6)
    state = game.new_state(seed=0)
    # without proofs: a proof would end the search before the lead does
    settled = MCTSPlayer(game, 1, SearchSettings(iterations=5000, solve=False))
    choice = settled.choose(state.observation(0), 0)
    assert choice == "2"
    assert settled.last_report.iterations < 5000
    visits = sorted(settled.last_report.visits.values())
    # the winner's lead exceeds what the unspent iterations could have given another
    assert visits[-1] - visits[-2] > 5000 - settled.last_report.iterations


def test_search_told_not_to_stop_when_settled_spends_its_whole_budget() -> None:
    game = NimGame(6)
    state = game.new_state(seed=0)
    settings = SearchSettings(iterations=5000, solve=False, stop_when_settled=False)
    thorough = MCTSPlayer(game, 1, settings)
    assert thorough.choose(state.observation(0), 0) == "2"
    assert thorough.last_report.iterations == 5000
