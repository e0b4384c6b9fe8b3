"""The action windows: change, transfer and swap, and how they interact."""

from __future__ import annotations

import json

import pytest
from quiwin_support import commit, make, pass_window

from tablier import IllegalMove

H0 = ["V22", "J23", "B24", "O25", "R23", "J23", "B24", "O23"]
H1 = ["J23", "O23", "B24", "V22", "R24", "O25", "J23", "B24"]


def snapshot(state) -> str:
    views = {str(p): state.observation(p) for p in (None, 0, 1)}
    return json.dumps([views, state.current_players(), state.history], sort_keys=True)


def refused(state, player, move, why):
    before = snapshot(state)
    with pytest.raises(IllegalMove, match=why):
        state.apply(player, move)
    assert snapshot(state) == before


def codes(state, player):
    return [state.codes[t] for t in state.rows[player]]


def bag_codes(state):
    return [state.codes[t] for t in state.bag]


def aside(state):
    return [(a["from"], state.codes[a["tile"]], a["action"]) for a in state.aside]


def test_a_window_follows_each_reveal():
    state = make(H0, H1)
    commit(state, "V22", "J23")
    assert state.phase == "actions" and state.current_players() == [0, 1]
    assert state.legal_moves(0) == ["pass", "change", "transfer"]
    refused(state, 0, "O25", "not an action")
    state.apply(1, "pass")
    assert state.current_players() == [0]
    state.apply(0, "pass")
    assert state.phase == "commit" and state.step == 1


def test_change_replaces_the_opponents_last_tile_from_the_bag():
    state = make(H0, H1, bag_front=["O25", "B24"])
    commit(state, "V22", "O23")
    state.apply(0, "change")
    state.apply(1, "pass")
    assert codes(state, 1) == ["O25"]
    assert aside(state) == [(1, "O23", "change")]
    assert bag_codes(state)[0] == "B24" and len(state.bag) == 13
    # the tile set aside is out of the game, not back in the bag
    assert state.aside[0]["tile"] not in state.bag
    assert state.used == ["change", None]
    obs0, obs1 = state.observation(0), state.observation(1)
    # the changer only sees the colour of the drawn tile and of the one set aside
    assert obs0["rows"][1] == ["O?"] and obs0["set_aside"][0]["tile"] == "O?"
    assert obs1["rows"][1] == ["O25"] and obs1["set_aside"][0]["tile"] == "O23"
    assert obs0["action_pawns"] == {"change": 0, "transfer": None}
    assert obs0["bag_size"] == 13


def test_change_is_refused_on_a_red_tile():
    state = make(H0, ["J23", "R24", "B24", "V22", "O23", "O25", "J23", "B24"])
    commit(state, "V22", "J23")
    pass_window(state)
    commit(state, "J23", "R24")
    assert state.legal_moves(0) == ["pass", "transfer"]
    refused(state, 0, "change", "red")


def test_transfer_is_refused_when_own_last_tile_is_red():
    state = make(["V22", "R23", "B24", "O25", "J23", "J23", "B24", "O23"], H1)
    commit(state, "V22", "J23")
    pass_window(state)
    commit(state, "R23", "O23")
    assert state.legal_moves(0) == ["pass", "change"]
    refused(state, 0, "transfer", "your last tile of this palier is red")


def test_a_player_without_any_legal_action_is_not_asked():
    state = make(H0, ["R24", "O23", "B24", "V22", "J23", "O25", "J23", "B24"])
    commit(state, "V22", "R24")
    # player 0: change (red target) and transfer (only red opposite) are impossible
    assert state.current_players() == [1]
    assert state.legal_moves(1) == ["pass", "change"]
    refused(state, 0, "transfer", "not player 0's turn")


def test_nobody_is_asked_when_both_tiles_are_red():
    state = make(
        ["R23", "V22", "B24", "O25", "J23", "J23", "B24", "O23"],
        ["R24", "O23", "B24", "V22", "J23", "O25", "J23", "B24"],
    )
    commit(state, "R23", "R24")
    assert state.phase == "commit" and state.step == 1
    assert state.current_players() == [0, 1]


def test_one_action_per_player_and_the_used_pawn_is_locked():
    state = make(H0, H1)
    commit(state, "V22", "J23")
    state.apply(0, "change")
    state.apply(1, "pass")
    commit(state, "J23", "O23")
    # player 0 has used his action: only player 1 is asked, and only for the transfer
    assert state.current_players() == [1]
    assert state.legal_moves(1) == ["pass", "transfer"]
    refused(state, 1, "change", "locked")
    refused(state, 0, "pass", "not player 0's turn")
    state.apply(1, "transfer")
    state.apply(0, "swap 2")
    commit(state, "B24", "B24")
    # both actions are spent: no window is opened any more
    assert state.phase == "commit" and state.step == 3


def test_transfer_and_swap():
    state = make(H0, H1, bag_front=["J23", "B24"])
    commit(state, "V22", "J23")
    pass_window(state)
    commit(state, "O25", "O23")
    state.apply(0, "transfer")
    state.apply(1, "pass")
    assert state.phase == "swap" and state.current_players() == [1]
    assert state.legal_moves(1) == ["swap 1", "swap 2"]
    obs1 = state.observation(1)
    assert obs1["pending_transfer"] == {"player": 0, "tile": "O?"}
    state.apply(1, "swap 1")
    assert codes(state, 1) == ["O25", "O23"]
    assert codes(state, 0) == ["V22", "J23"]
    assert aside(state) == [(1, "J23", "swap")]
    assert bag_codes(state)[0] == "B24"
    assert state.used == ["transfer", None]
    # the transferring player still knows the length of the tile he gave away
    assert state.observation(0)["rows"][1] == ["O25", "O?"]
    assert state.observation(1)["rows"][1] == ["O25", "O23"]
    assert state.observation(None)["rows"][1] == ["O?", "O?"]
    # palier 1 is measured after the swap: 22 + 23 against 25 + 23
    assert state.measures[0]["lengths"] == [45, 48]


def test_swap_validation_counts_from_the_palier_start_and_skips_red():
    state = make(H0, ["J23", "O23", "R24", "J23", "B24", "O25", "V22", "B24"])
    commit(state, "V22", "J23")
    pass_window(state)
    commit(state, "J23", "O23")
    pass_window(state)
    commit(state, "B24", "R24")
    pass_window(state)
    commit(state, "O25", "J23")
    state.apply(0, "transfer")
    state.apply(1, "pass")
    assert state.legal_moves(1) == ["swap 2"]
    refused(state, 1, "swap 1", "red")
    refused(state, 1, "swap 3", "no tile 3")
    refused(state, 1, "swap", "not a swap")
    refused(state, 1, "swap two", "not a swap")
    refused(state, 1, "pass", "not a swap")
    refused(state, 0, "swap 2", "not player 0's turn")
    state.apply(1, "SWAP   2")
    assert state.history[-1] == (1, "swap 2")
    # the palier's second slot (row slot 4) took the orange; the red stays
    assert codes(state, 1)[2:] == ["R24", "O25"]


def test_swap_may_name_the_tile_just_placed():
    state = make(H0, H1)
    commit(state, "V22", "J23")
    state.apply(0, "transfer")
    state.apply(1, "pass")
    state.apply(1, "swap 1")
    assert codes(state, 1) == ["V22"]


def test_same_pawn_goes_to_the_coin_and_the_loser_keeps_his_right():
    winners = set()
    for seed in range(40):
        state = make(H0, H1, seed=seed)
        commit(state, "V22", "J23")
        state.apply(0, "change")
        state.apply(1, "change")
        coin = [e for e in state.events if e["type"] == "coin"]
        assert len(coin) == 1 and coin[0]["pawn"] == "change"
        winner = coin[0]["winner"]
        winners.add(winner)
        loser = 1 - winner
        assert state.used[winner] == "change" and state.used[loser] is None
        assert {"type": "lapse", "player": loser, "pawn": "change"} in state.events
        assert len(state.aside) == 1 and state.aside[0]["from"] == loser
        # the lapsed declaration is not asked again in this window
        assert state.phase == "commit"
        commit(state, "J23", "O23")
        assert state.current_players() == [loser]
        assert state.legal_moves(loser) == ["pass", "transfer"]
    assert winners == {0, 1}


def test_both_declaring_transfer():
    seen = set()
    for seed in range(40):
        state = make(H0, H1, seed=seed)
        commit(state, "V22", "J23")
        state.apply(0, "transfer")
        state.apply(1, "transfer")
        winner = next(e["winner"] for e in state.events if e["type"] == "coin")
        seen.add(winner)
        assert state.phase == "swap" and state.current_players() == [1 - winner]
        state.apply(1 - winner, "swap 1")
        assert state.used[winner] == "transfer" and state.used[1 - winner] is None
    assert seen == {0, 1}


def test_coin_is_reproducible_from_the_seed():
    def toss(seed):
        state = make(H0, H1, seed=seed)
        commit(state, "V22", "J23")
        state.apply(0, "change")
        state.apply(1, "change")
        return state.used

    assert all(toss(s) == toss(s) for s in range(10))


def test_different_pawns_resolve_change_first():
    state = make(H0, H1, bag_front=["B24", "O23"])
    commit(state, "V22", "J23")
    state.apply(1, "transfer")
    state.apply(0, "change")
    # the change took player 1's J23; he drew B24, and that B24 is what he transfers
    assert codes(state, 1) == ["B24"]
    assert state.phase == "swap" and state.current_players() == [0]
    state.apply(0, "swap 1")
    assert codes(state, 0) == ["B24"]
    assert codes(state, 1) == ["O23"]
    assert aside(state) == [(1, "J23", "change"), (0, "V22", "swap")]
    assert len(state.bag) == 12
    assert state.used == ["change", "transfer"]


def test_transfer_after_a_change_passes_the_drawn_tile_of_the_transferring_player():
    state = make(H0, H1, bag_front=["O25", "B24"])
    commit(state, "V22", "J23")
    state.apply(0, "transfer")
    state.apply(1, "change")
    assert codes(state, 0) == ["O25"]
    state.apply(1, "swap 1")
    assert codes(state, 1) == ["O25"] and codes(state, 0) == ["B24"]


def test_transfer_lapses_when_the_change_draws_a_red_tile_and_the_right_is_kept():
    state = make(H0, H1, bag_front=["R25", "B24"])
    commit(state, "V22", "J23")
    state.apply(0, "change")
    state.apply(1, "transfer")
    assert codes(state, 1) == ["R25"]
    assert {"type": "lapse", "player": 1, "pawn": "transfer"} in state.events
    assert state.used == ["change", None]
    assert state.phase == "commit" and state.step == 1
    commit(state, "J23", "O23")
    assert state.current_players() == [1]
    assert state.legal_moves(1) == ["pass", "transfer"]
    state.apply(1, "transfer")
    state.apply(0, "swap 1")
    assert codes(state, 0) == ["O23", "J23"]
    assert codes(state, 1) == ["R25", "B24"]


def test_actions_only_touch_the_current_palier():
    state = make(H0, H1, bag_front=["V22"])
    commit(state, "V22", "J23")
    pass_window(state)
    commit(state, "J23", "O23")
    pass_window(state)
    assert state.measures[0]["lengths"] == [45, 46]
    commit(state, "B24", "B24")
    state.apply(0, "transfer")
    state.apply(1, "pass")
    # palier 2 holds one tile so far: the swap can only name it
    assert state.legal_moves(1) == ["swap 1"]
    state.apply(1, "swap 1")
    assert codes(state, 1)[:2] == ["J23", "O23"]


def test_a_change_in_the_last_window_of_a_palier_counts_in_its_measure():
    state = make(H0, H1, bag_front=["V22"])
    commit(state, "V22", "J23")
    pass_window(state)
    commit(state, "J23", "O23")
    assert state.measures == []
    state.apply(0, "change")
    state.apply(1, "pass")
    assert state.measures[0]["lengths"] == [45, 45]


def test_after_the_last_step_the_window_is_still_open():
    row0 = ["V22", "V22", "B24", "B24", "B24", "O25", "V22", "J23"]
    row1 = ["B24", "J23", "V22", "V22", "J23", "J23", "O25", "O25"]
    state = make(row0, row1, bag_front=["J23"])
    for a, b in zip(row0[:7], row1[:7], strict=True):
        commit(state, a, b)
        pass_window(state)
    commit(state, row0[7], row1[7])
    assert not state.is_terminal() and state.phase == "actions"
    state.apply(0, "change")
    state.apply(1, "pass")
    # player 1's last O25 became J23: 186 against 185, so the leader (player 0)
    # loses palier 3 instead of winning it 186 against 187
    assert state.is_terminal()
    assert state.measures[2]["lengths"] == [186, 185]
    assert state.outcome()["reason"] == "tiebreak"


def test_coin_results_can_be_imposed_for_studies():
    for forced in (0, 1):
        state = make(H0, H1, seed=3)
        state = state.game.new_state(seed=3, deal=state.setup["deal"], coins=[forced])
        commit(state, "V22", "J23")
        state.apply(0, "change")
        state.apply(1, "change")
        assert state.used[forced] == "change"
        assert state.record()["setup"]["coins"] == [forced]
    with pytest.raises(ValueError, match="coins"):
        state.game.new_state(seed=3, coins=[2])
