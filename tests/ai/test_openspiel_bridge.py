"""The OpenSpiel bridge (skipped when OpenSpiel is not installed)."""

from __future__ import annotations

import pytest

import tablier

pytest.importorskip("open_spiel")
pytest.importorskip("pyspiel")

from tablier.ai.openspiel_bridge import OpenSpielMCTSPlayer, openspiel_game
from tablier.ai.players import make_player

BRIDGED = [g for g in ("kwinty", "turris", "counterplays") if g in tablier.game_ids()]


@pytest.mark.parametrize("game_id", BRIDGED)
def test_openspiel_plays_the_game_by_the_engines_rules(game_id: str) -> None:
    import numpy as np

    spiel = openspiel_game(tablier.load(game_id))
    state = spiel.new_initial_state()
    rng = np.random.RandomState(0)
    notations = []
    while not state.is_terminal():
        player = state.current_player()
        action = int(rng.choice(state.legal_actions()))
        notations.append([player, state.action_to_string(player, action)])
        state.apply_action(action)
    replayed = tablier.load(game_id).new_state(seed=0)
    for player, move in notations:
        replayed.apply(player, move)
    assert replayed.is_terminal()
    assert list(state.returns()) == replayed.returns()


@pytest.mark.parametrize("game_id", BRIDGED[:1])
def test_openspiel_clone_is_independent(game_id: str) -> None:
    spiel = openspiel_game(tablier.load(game_id))
    state = spiel.new_initial_state()
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert state.history() == [] and len(twin.history()) == 1


def test_openspiel_mcts_player_plays_legal_moves_from_observations() -> None:
    if not BRIDGED:
        pytest.skip("no perfect-information engine is registered")
    game = tablier.load(BRIDGED[0])
    player = OpenSpielMCTSPlayer(game, 3, seconds=0.05)
    state = game.new_state(seed=0)
    for _ in range(4):
        seat = state.current_players()[0]
        move = player.choose(state.observation(seat), seat)
        assert move in state.legal_moves(seat)
        state.apply(seat, move)
    assert player.rate is not None and player.rate > 0


def test_openspiel_mcts_is_a_named_player_and_refuses_hidden_information() -> None:
    if "quiwin" in tablier.game_ids():
        with pytest.raises(ValueError, match="hidden information"):
            make_player("openspiel-mcts", tablier.load("quiwin"), 0)
    if BRIDGED:
        assert make_player("openspiel-mcts", tablier.load(BRIDGED[0]), 0).name == "openspiel-mcts"


@pytest.mark.parametrize("game_id", BRIDGED)
def test_openspiel_copies_the_state_with_the_engines_clone(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenSpiel's own copy (the one its MCTS uses) must go through `state.clone()`,
    not a generic deep copy of the whole engine state: a fair opponent is a fast one."""
    spiel = openspiel_game(tablier.load(game_id))
    state = spiel.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    engine_state = type(state.inner)
    calls: list[int] = []
    real_clone = engine_state.clone
    monkeypatch.setattr(engine_state, "clone", lambda self: calls.append(1) or real_clone(self))
    twin = state.clone()
    assert calls == [1]
    twin.apply_action(twin.legal_actions()[0])
    assert str(twin) != str(state)
    assert twin.inner is not state.inner


def test_the_two_openspiel_references_differ_only_by_the_solver() -> None:
    game = tablier.load("kwinty")
    plain, solver = (
        make_player("openspiel-mcts", game, 1),
        make_player("openspiel-mcts-solver", game, 1),
    )
    assert isinstance(plain, OpenSpielMCTSPlayer) and isinstance(solver, OpenSpielMCTSPlayer)
    assert (plain.solve, solver.solve) == (False, True)
    assert (plain.name, solver.name) == ("openspiel-mcts", "openspiel-mcts-solver")
    state = game.new_state(seed=0, num_players=2)
    solver.seconds = 0.2
    move = solver.choose(state.observation(0), 0)
    assert move in {str(m) for m in state.legal_moves(0)}
