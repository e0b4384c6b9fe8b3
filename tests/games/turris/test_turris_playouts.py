"""`play_legal`, the playouts' unchecked path, plays exactly what the contract plays."""

from __future__ import annotations

import json
import random

import tablier
from tablier.games.turris.state import TurrisState


def test_play_legal_follows_the_checked_rules_move_for_move() -> None:
    game = tablier.load("turris")
    kinds: set[str] = set()
    for seed in range(60):
        checked = game.new_state(seed=seed)
        trusted = game.new_state(seed=seed)
        assert isinstance(trusted, TurrisState)
        rng = random.Random(seed)
        while not checked.is_terminal():
            player = checked.current_players()[0]
            moves = checked.legal_moves(player)
            index = rng.randrange(len(moves))
            kinds.add(str(moves[index])[0])
            checked.apply(player, moves[index])
            trusted.play_legal(index)
            assert trusted.history == checked.history
            assert json.dumps(trusted.observation(None), sort_keys=True) == json.dumps(
                checked.observation(None), sort_keys=True
            )
        assert trusted.is_terminal() and trusted.returns() == checked.returns()
    # placements of both kinds, removals, skips and passes all went through both paths
    assert kinds >= {"V", "H", "x", "s"}


def test_a_move_refused_after_trusted_play_still_gets_its_reason() -> None:
    game = tablier.load("turris")
    state = game.new_state(seed=3)
    assert isinstance(state, TurrisState)
    state.play_legal(0)
    mover = state.current_players()[0]
    played = str(state.history[0][1])
    before = json.dumps(state.observation(None), sort_keys=True)
    try:
        state.apply(mover, played)  # the same column again: nothing beside it is that high
    except tablier.IllegalMove as refusal:
        assert str(refusal)
    else:
        raise AssertionError(f"{played} was accepted twice")
    assert json.dumps(state.observation(None), sort_keys=True) == before
