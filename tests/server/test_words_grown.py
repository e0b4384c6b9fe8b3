"""The move list in words grows move by move (server/words.py) and says what a replay of
the whole game says, for every game and every viewer."""

from __future__ import annotations

import random

import pytest

from tablier.core import registry
from tablier.core.state import State
from tablier.server.words import spoken_moves


def _replayed(state: State, viewer: int | None) -> list[dict[str, str] | None]:
    return [m.texts() if m is not None else None for m in state.move_words(viewer)]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_words_grown_move_by_move_match_a_full_replay(game_id: str) -> None:
    state = registry.load(game_id).new_state(seed=5)
    rng = random.Random(game_id)
    played = 0
    while played < 12 and not state.is_terminal():
        player = state.current_players()[0]
        legal = state.legal_moves(player)
        if not legal:
            break
        state.apply(player, str(rng.choice(legal)))
        played += 1
        for viewer in (None, 0, 1):
            assert spoken_moves(state, viewer) == _replayed(state, viewer)
    assert played >= 3


def test_each_caller_gets_its_own_list() -> None:
    state = registry.load("turris").new_state(seed=1)
    player = state.current_players()[0]
    state.apply(player, str(state.legal_moves(player)[0]))
    first = spoken_moves(state, None)
    first.append(None)
    player = state.current_players()[0]
    state.apply(player, str(state.legal_moves(player)[0]))
    assert spoken_moves(state, None) == _replayed(state, None)
    assert len(first) == 2 and first[1] is None
