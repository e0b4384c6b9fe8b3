"""Qui'win: the rule-of-thumb player, and searches that cannot see hidden tiles."""

from __future__ import annotations

import json

import pytest

import tablier
from tablier.ai.mcts import MCTSPlayer, SearchSettings
from tablier.ai.players import make_player

quiwin = pytest.importorskip("tablier.games.quiwin.heuristics")

HAND_0 = ["V22", "V22", "J23", "B24", "O25", "O23", "R24", "B24"]
HAND_1 = ["J23", "J23", "B24", "O25", "O23", "V22", "R23", "B24"]
BAG = ["V22", "V22", "R23", "R24", "R25", "J23", "J23", "J23", "B24", "B24",
       "O23", "O23", "O25", "O25"]  # fmt: skip


def deal(hand_1: list[str], bag: list[str]) -> dict[str, list]:
    return {"hands": [list(HAND_0), hand_1], "bag": bag}


def test_rule_of_thumb_lays_short_then_long_then_short() -> None:
    hand = ["B24", "V22", "O25", "J23"]
    assert quiwin.rule_of_thumb("commit", 0, hand, None, [], hand) == "V22"
    assert quiwin.rule_of_thumb("commit", 1, hand, None, [], hand) == "O25"
    assert quiwin.rule_of_thumb("commit", 2, hand, None, [], hand) == "V22"


def test_rule_of_thumb_changes_a_long_orange_in_palier_two_only() -> None:
    legal = ["pass", "change", "transfer"]
    assert quiwin.rule_of_thumb("actions", 1, [], "O?", [], legal) == "change"
    assert quiwin.rule_of_thumb("actions", 1, [], "O25", [], legal) == "change"
    assert quiwin.rule_of_thumb("actions", 1, [], "O23", [], legal) == "pass"
    assert quiwin.rule_of_thumb("actions", 1, [], "B24", [], legal) == "pass"
    assert quiwin.rule_of_thumb("actions", 0, [], "O?", [], legal) == "pass"
    assert quiwin.rule_of_thumb("actions", 1, [], "O?", [], ["pass", "transfer"]) == "pass"


def test_rule_of_thumb_gives_up_the_least_useful_tile_on_a_transfer() -> None:
    mine = ["B24", "V22", "O25"]
    legal = ["swap 1", "swap 2", "swap 3"]
    assert quiwin.rule_of_thumb("swap", 1, [], None, mine, legal) == "swap 2"  # shortest
    assert quiwin.rule_of_thumb("swap", 2, [], None, mine, legal) == "swap 3"  # longest


def test_rule_of_thumb_player_plays_legal_games() -> None:
    game = tablier.load("quiwin")
    for seed in range(4):
        state = game.new_state(seed=seed)
        players = [make_player("rule-of-thumb", game, seed), make_player("random", game, seed)]
        while not state.is_terminal():
            seat = state.current_players()[0]
            state.apply(seat, players[seat].choose(state.observation(seat), seat))


def two_deals_seen_alike() -> list[tablier.State]:
    """Same hand for seat 0; the opponent's hand and the bag differ (two tiles of the
    opponent's hand are exchanged with two tiles deep in the bag)."""
    other_hand = list(HAND_1)
    other_bag = list(BAG)
    other_hand[6], other_bag[12] = other_bag[12], other_hand[6]  # R23 <-> O25
    other_hand[7], other_bag[13] = other_bag[13], other_hand[7]  # B24 <-> O25
    game = tablier.load("quiwin")
    states = [
        game.new_state(seed=1, deal=deal(list(HAND_1), list(BAG))),
        game.new_state(seed=1, deal=deal(other_hand, other_bag)),
    ]
    for state in states:
        state.apply(1, "J23")
        state.apply(0, "V22")
        for seat in state.current_players():
            state.apply(seat, "pass")
        state.apply(1, "V22")  # pending: seat 0 must not see it
    return states


def test_the_two_deals_differ_but_look_the_same_to_seat_zero() -> None:
    a, b = two_deals_seen_alike()
    assert a.record()["setup"] != b.record()["setup"]
    assert json.dumps(a.observation(0), sort_keys=True) == json.dumps(
        b.observation(0), sort_keys=True
    )


@pytest.mark.parametrize("name", ["random", "greedy", "rule-of-thumb", "planner", "ismcts"])
def test_hidden_tiles_do_not_change_the_choice(name: str) -> None:
    a, b = two_deals_seen_alike()
    game = a.game
    choices = []
    for state in (a, b):
        if name == "ismcts":
            player = MCTSPlayer(game, 5, SearchSettings(iterations=150))
        else:
            player = make_player(name, game, 5)
        choices.append(player.choose(state.observation(0), 0))
    assert choices[0] == choices[1]
    assert choices[0] in a.legal_moves(0)


def test_ismcts_decides_on_actions_too() -> None:
    # the action window's choices (pass, change, transfer) are moves of the search
    game = tablier.load("quiwin")
    state = game.new_state(seed=2, deal=deal(list(HAND_1), list(BAG)))
    state.apply(0, "V22")
    state.apply(1, "O25")
    assert state.current_players(), "an action window is open"
    seat = state.current_players()[0]
    legal = state.legal_moves(seat)
    assert "change" in legal
    player = MCTSPlayer(game, 3, SearchSettings(iterations=200))
    assert player.choose(state.observation(seat), seat) in legal
    assert set(player.last_report.visits) == set(legal)


def test_planner_plays_whole_legal_games_reproducibly() -> None:
    game = tablier.load("quiwin")
    for seed in range(3):
        records = []
        for _ in range(2):
            state = game.new_state(seed=seed)
            players = [make_player("planner", game, seed), make_player("random", game, seed)]
            while not state.is_terminal():
                seat = state.current_players()[0]
                move = players[seat].choose(state.observation(seat), seat)
                assert move in state.legal_moves(seat)
                state.apply(seat, move)
            records.append(state.record()["moves"])
        assert records[0] == records[1]


def test_planner_exists_for_quiwin_only() -> None:
    from tablier.ai import player_names

    assert "planner" in player_names(tablier.load("quiwin"))
    assert "planner" not in player_names(tablier.load("kwinty"))
    with pytest.raises(ValueError, match="kwinty has no planner player"):
        make_player("planner", tablier.load("kwinty"))


def test_planner_judges_the_action_window_among_its_legal_options() -> None:
    game = tablier.load("quiwin")
    state = game.new_state(seed=2, deal=deal(list(HAND_1), list(BAG)))
    state.apply(0, "V22")
    state.apply(1, "O25")
    seat = state.current_players()[0]
    legal = state.legal_moves(seat)
    assert len(legal) > 1
    player = make_player("planner", game, 1)
    assert player.choose(state.observation(seat), seat) in legal
