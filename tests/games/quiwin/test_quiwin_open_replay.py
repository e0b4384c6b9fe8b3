"""A finished game's replay shows everything; a game under way still hides it.

`open_observation` is what the replay of a finished game shows at each step: both
hands, the pending choices and every tile's length. `observation` is what a seat sees
while it plays, and must keep the other seat's hand and pending choice out of sight.
"""

from __future__ import annotations

import json

from quiwin_support import make, random_game

from tablier.games.quiwin.game import QuiwinGame

# seat 1 holds every red and orange tile: none of them is in seat 0's hand
HAND0 = ["V22", "V22", "V22", "J23", "J23", "J23", "B24", "B24"]
HAND1 = ["R25", "R24", "R24", "R23", "O25", "O25", "O23", "O23"]


def test_a_live_game_hides_the_other_hand_and_pending_choice_from_seat_0() -> None:
    state = make(HAND0, HAND1)
    state.apply(1, "R25")  # seat 1 has chosen; seat 0 has not
    seen = state.observation(0)
    text = json.dumps(seen)
    # none of seat 1's tiles (in hand or chosen) is named anywhere in seat 0's view
    for code in set(HAND1):
        assert code not in text, code
    assert seen["hand"] == sorted(HAND0)
    assert seen["my_commitment"] is None
    assert seen["hand_sizes"] == [8, 8]
    for key in ("hands", "commitments", "declarations"):
        assert key not in seen
    # what the replay will show of this very position, once the game is over
    shown = state.open_observation(0)
    assert shown["hands"] == [sorted(HAND0), sorted(c for c in HAND1 if c != "R25")]
    assert shown["commitments"] == [None, "R25"]
    assert shown["moves"] == [[1, "R25"]] and seen["moves"] == []


def test_a_pending_declaration_is_hidden_live_and_shown_in_the_replay() -> None:
    found = 0
    for seed in range(20):
        for state, player, move in random_game(seed):
            if state.phase != "actions" or len(state.current_players()) != 2:
                continue
            after = state.clone()
            after.apply(player, move)
            other = 1 - player
            assert after.observation(other)["my_declaration"] is None
            assert "declarations" not in after.observation(other)
            assert after.observation(other) == {**state.observation(other), "awaited": [other]}
            assert after.open_observation(other)["declarations"][player] == move
            found += 1
    assert found > 5


def test_the_replay_shows_both_hands_and_every_tile_at_each_step() -> None:
    game = QuiwinGame()
    hidden_somewhere = False
    for seed in range(6):
        steps = random_game(seed, game)
        for state, _player, _move in steps:
            for viewer in (None, 0, 1):
                shown = state.open_observation(viewer)
                assert shown["hands"] == [
                    sorted(state.codes[t] for t in state.hands[p]) for p in (0, 1)
                ]
                assert shown["commitments"] == [
                    None if t is None else state.codes[t] for t in state.pending
                ]
                assert shown["rows"] == [[state.codes[t] for t in row] for row in state.rows]
                assert "?" not in json.dumps(shown["events"]) + json.dumps(shown["set_aside"])
                assert shown["moves"] == [[p, m] for p, m in state.history]
                # the secret of the bag stays out even then: its order decides nothing shown
                assert "bag" not in shown
                live = state.observation(viewer)
                hidden_somewhere |= any("?" in code for row in live["rows"] for code in row)
    # the same games seen live did hide some lengths: the replay adds what was hidden
    assert hidden_somewhere
