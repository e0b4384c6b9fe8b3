"""Kwinty's threat-space search: every win it claims holds against every reply."""

from __future__ import annotations

from kwinty_positions import random_positions

import tablier
from tablier.ai.mcts import MCTSPlayer, SearchSettings
from tablier.games.kwinty.heuristics import winning_placements
from tablier.games.kwinty.state import KwintyState
from tablier.games.kwinty.threats import forced_win

SECONDS = 5.0  # generous: a test must not depend on the machine's speed


def wins_against_every_reply(state: KwintyState, player: int, move: str, depth: int) -> bool:
    """Checked through the public contract: every legal reply, applied by the engine."""
    after = state.clone()
    after.apply(player, move)
    if after.is_terminal():
        return after.returns()[player] == 1.0
    if depth <= 1:
        return False
    other = after.current_players()[0]
    assert other != player
    for reply in after.legal_moves(other):
        answered = after.clone()
        answered.apply(other, reply)
        if answered.is_terminal():
            if answered.returns()[player] != 1.0:
                return False
            continue
        assert isinstance(answered, KwintyState)
        follow = forced_win(answered, player, depth - 1, SECONDS)
        if follow is None or not wins_against_every_reply(answered, player, follow, depth - 1):
            return False
    return True


def test_every_claimed_win_holds_against_every_reply() -> None:
    deep = 0
    claimed = 0
    for state in random_positions("kwinty", 60, 1):
        player = state.current_players()[0]
        move = forced_win(state, player, 3, SECONDS)
        if move is None:
            continue
        claimed += 1
        if not winning_placements(state, player):
            deep += 1  # not a win in one: a real threat sequence
        assert wins_against_every_reply(state, player, move, 3), (state.history, move)
    assert claimed > 20
    assert deep > 5


def test_no_win_is_claimed_while_the_opponent_can_win_first() -> None:
    for state in random_positions("kwinty", 40, 2):
        player = state.current_players()[0]
        if winning_placements(state, player) or not winning_placements(state, 1 - player):
            continue
        assert forced_win(state, player, 3, SECONDS) is None


def test_hard_plays_a_proved_threat_win_at_once() -> None:
    game = tablier.load("kwinty")
    for state in random_positions("kwinty", 60, 3):
        player = state.current_players()[0]
        if winning_placements(state, player):
            continue
        move = forced_win(state, player, 4, SECONDS)
        if move is None:
            continue
        search = MCTSPlayer(game, 1, SearchSettings(seconds=1.8))
        chosen = search.choose(state.observation(player), player)
        assert search.last_report.forced
        assert wins_against_every_reply(state, player, chosen, 4)
        return
    raise AssertionError("no threat sequence in these games")


def test_the_tree_proves_a_won_position_and_plays_a_winning_move() -> None:
    # the tree's proofs helped by the short threat test at its nodes (an option of the
    # search), without the root's threat search that would answer first
    game = tablier.load("kwinty")
    proved = 0
    for state in random_positions("kwinty", 40, 4):
        player = state.current_players()[0]
        if winning_placements(state, player) or forced_win(state, player, 3, SECONDS) is None:
            continue
        settings = SearchSettings(iterations=4000, forced_wins=False, leaf_proofs=True)
        search = MCTSPlayer(game, 1, settings)
        move = search.choose(state.observation(player), player)
        proven = search.last_report.proven
        assert proven is not None and proven[player] == 1.0
        assert wins_against_every_reply(state, player, move, 4)
        proved += 1
        if proved == 5:
            return
    raise AssertionError(f"only {proved} threat wins in these games")
