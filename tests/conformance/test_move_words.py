"""Every game says each move of its list in French and English words (not notation).

Random playouts of every game: for each viewer, `move_words(viewer)` matches
`public_history(viewer)` entry for entry, every entry has words in both languages, the
two languages differ, and no word is the bare notation.
"""

from __future__ import annotations

import random

import pytest

import tablier
from tablier.core import registry
from tablier.core.messages import LANGS
from tablier.core.state import State

GAMES = registry.game_ids()


def playout(game_id: str, seed: int, stop_at: int | None = None) -> State:
    game = tablier.load(game_id)
    players = max(game.min_players, min(game.max_players, 3 if game.min_players > 2 else 2))
    state = game.new_state(seed=seed, num_players=players)
    rng = random.Random(seed)
    for _ in range(4000 if stop_at is None else stop_at):
        awaited = state.current_players()
        if not awaited:
            break
        player = rng.choice(awaited)
        moves = [str(m) for m in state.legal_moves(player) if not game.is_template(m)]
        moves += state.example_text_moves(player, rng)
        state.apply(player, rng.choice(moves))
    return state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("stop_at", [None, 9])
def test_every_entry_of_every_viewer_has_words(game_id: str, stop_at: int | None) -> None:
    state = playout(game_id, seed=5, stop_at=stop_at)
    assert state.history
    for viewer in [None, *range(state.num_players)]:
        entries = state.public_history(viewer)
        said = state.move_words(viewer)
        assert len(said) == len(entries), (game_id, viewer)
        for (_player, move), words in zip(entries, said, strict=True):
            assert words is not None, f"{game_id}: no words for {move!r}"
            texts = {lang: words.text(lang) for lang in LANGS}
            assert all(t.strip() and "{" not in t for t in texts.values()), texts
            assert texts["fr"] != texts["en"], texts
            assert str(move) not in (texts["fr"], texts["en"]), texts


@pytest.mark.parametrize("game_id", GAMES)
def test_words_are_said_before_the_move_without_changing_the_position(game_id: str) -> None:
    state = playout(game_id, seed=7, stop_at=6)
    before = [list(e) for e in state.public_history(None)]
    record = state.record()
    state.move_words(None)
    assert state.record() == record
    assert state.public_history(None) == before
