"""Turn order, empty supplies, passing, the end of the game, notation and records."""

from __future__ import annotations

import json

import pytest
from turris_towers import MIXED, B, W, ground_floor, play, tower

import tablier
from tablier import IllegalMove
from tablier.games.turris.state import TurrisState


def new(**options: bool) -> TurrisState:
    state = tablier.load("turris", **options).new_state(seed=9)
    assert isinstance(state, TurrisState)
    return state


def blocked_tower() -> TurrisState:
    """Everything 3 high but c3 (empty) while level 1 is unfinished: the only placement
    anywhere is a vertical on c3."""
    floor = ground_floor(
        """
        W B B
        W W W
        B W B
        """
    )
    pieces = [p for p in floor if p[1] != "Vc3"]
    pieces += [(W, "Ha1a2"), (B, "Ha3b3"), (B, "Hb1c1"), (W, "Hb2c2")]
    state = tower(pieces, to_move=W)
    assert state.legal_moves(W) == ["Vc3"]
    return state


# ---------------------------------------------------------------------- options
def test_the_game_and_its_option() -> None:
    game = tablier.load("turris")
    assert game.id == "turris" and "turris" in tablier.game_ids()
    assert game.options == {"bonus_chain": False}
    assert (game.min_players, game.max_players) == (2, 2)
    assert tablier.load("turris", bonus_chain=True).options == {"bonus_chain": True}
    with pytest.raises(ValueError, match="bonus_chain"):
        tablier.load("turris", bonus_chain="yes")
    with pytest.raises(ValueError, match="bonus_chain"):
        tablier.load("turris", chain=True)
    assert game.parse_option("bonus_chain", "true") is True


def test_turns_alternate_and_white_starts() -> None:
    state = new()
    assert state.current_players() == [W]
    play(state, "Va1")
    assert state.current_players() == [B]
    play(state, "Va2")
    assert state.current_players() == [W]
    assert state.supply == [19, 19]


# ------------------------------------------------------------- empty supplies
def test_a_player_with_no_pieces_is_skipped() -> None:
    state = tower(MIXED, supply=(3, 0), to_move=W)
    play(state, "Ha1a2")
    assert state.current_players() == [W]
    assert state.legal_moves(B) == []
    play(state, "Hb1c1")
    assert state.current_players() == [W]


def test_the_game_ends_when_both_supplies_are_empty() -> None:
    state = new()
    state.supply = [1, 1]
    play(state, "Va1", "Va2")
    assert state.is_terminal()
    assert state.current_players() == []
    assert state.legal_moves(W) == state.legal_moves(B) == []
    outcome = state.outcome()
    assert outcome is not None and outcome["reason"] == "score"
    assert outcome["ended_by"] == "supplies"
    with pytest.raises(IllegalMove, match="over"):
        state.apply(W, "Vb1")


# ------------------------------------------------------------------- passing
def test_pass_is_refused_while_a_placement_exists() -> None:
    state = new()
    with pytest.raises(IllegalMove, match="no legal placement"):
        state.apply(W, "pass")
    assert state.history == []


def test_pass_is_the_only_move_without_a_legal_placement() -> None:
    state = blocked_tower()
    state.forbidden[W] = frozenset({(8, 1), (8, 2)})
    state._legal = None
    assert state.legal_moves(W) == ["pass"]
    play(state, "pass")
    assert not state.is_terminal()
    assert state.current_players() == [B]
    assert state.observation(None)["passes_in_a_row"] == 1


def test_two_passes_in_a_row_end_the_game() -> None:
    state = blocked_tower()
    state.forbidden = [frozenset({(8, 1), (8, 2)})] * 2
    state._legal = None
    play(state, "pass", "pass")
    assert state.is_terminal()
    assert state.supply[W] > 0 and state.supply[B] > 0
    outcome = state.outcome()
    assert outcome is not None and outcome["reason"] == "score"
    assert outcome["ended_by"] == "passes"


def test_a_placement_between_passes_resets_the_count() -> None:
    state = blocked_tower()
    state.forbidden[W] = frozenset({(8, 1), (8, 2)})
    state._legal = None
    play(state, "pass", "Vc3")  # Black may use c3
    assert state.observation(None)["passes_in_a_row"] == 0
    assert not state.is_terminal()


# ------------------------------------------------------------------- notation
def test_canonical_notation_in_legal_moves() -> None:
    state = tower([*MIXED, (W, "Ha1a2")], to_move=B)
    for move in state.legal_moves(B):
        assert move == move.strip()
        if move.startswith("H"):
            assert move[1:3] < move[3:5]
    assert "Hb1c1" in state.legal_moves(B)


def test_apply_accepts_a_horizontal_written_backwards_and_records_it_forwards() -> None:
    state = tower(MIXED)
    play(state, "Hb1a1")
    assert state.history[-1] == (W, "Ha1b1")


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("Va4", "not Turris notation"),
        ("Vd1", "not Turris notation"),
        ("Ha1c1", "side by side"),
        ("Ha1a1", "side by side"),
        ("xa1", "not Turris notation"),
        ("xa1@1", "bonus"),
        ("skip", "no bonus"),
        ("", "not Turris notation"),
    ],
)
def test_malformed_or_misplaced_moves_are_refused(move: str, words: str) -> None:
    state = tower(MIXED)
    before = state.observation(None)
    with pytest.raises(IllegalMove, match=words):
        state.apply(W, move)
    assert state.observation(None) == before


def test_moves_are_refused_for_the_player_not_awaited() -> None:
    state = new()
    with pytest.raises(IllegalMove, match="not player 1's turn"):
        state.apply(B, "Va1")


def test_record_and_replay() -> None:
    state = new()
    play(state, "Va1", "Va2", "Vb1", "Vc1", "Vb2", "xa2@2")
    record = json.loads(json.dumps(state.record()))
    assert record["moves"][-1] == [W, "xa2@1"]
    again = tablier.replay(record)
    assert again.observation(B) == state.observation(B)


def test_the_observation_is_public_data_for_every_viewer() -> None:
    state = new()
    play(state, "Va1", "Va2", "Vb1", "Vc1", "Vb2", "xa2@1")
    seen = [state.observation(p) for p in (None, W, B)]
    for obs in seen:
        json.dumps(obs)
        del obs["viewer"]
    assert seen[0] == seen[1] == seen[2]
    obs = seen[0]
    assert obs["phase"] == "place" and obs["to_move"] == B
    assert obs["supply"] == [17, 19]
    assert obs["forbidden"] == [[], [["a2", 1], ["a2", 2]]]
    assert obs["last_placed"] == ["Vb2", "Vc1"]
    assert obs["columns"]["a1"] == [W, W] and obs["columns"]["a2"] == []
    assert {p["cells"][0] for p in obs["pieces"]} == {"a1", "b1", "c1", "b2"}
    assert set(obs["views"]) == {"A", "B", "C", "D", "roof"}
    assert obs["totals"] == [sum(v["points"][p] for v in obs["views"].values()) for p in (W, B)]
