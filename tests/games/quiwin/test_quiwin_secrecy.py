"""Nothing a player may not know ever reaches his observation or his move list.

Each position of many random games is compared with a twin in which everything the
viewer may not know is scrambled: the opponent's hand and pending choice, the bag's
contents and order, the seed, and the exact lengths of the placed orange and red
tiles he only knows by colour. The serialised observation, move list and text picture
must be identical in both.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict

import pytest
from quiwin_support import random_game

from tablier.games.quiwin.game import QuiwinGame
from tablier.games.quiwin.state import QuiwinState
from tablier.games.quiwin.tiles import colour


def secret_tiles(state: QuiwinState, viewer: int | None) -> tuple[list[int], list[int]]:
    """(tiles wholly unseen by `viewer`, table tiles he knows only by colour)."""
    others = [p for p in (0, 1) if p != viewer]
    unseen = list(state.bag)
    for p in others:
        unseen += state.hands[p]
        if state.pending[p] is not None:
            unseen.append(state.pending[p])
    table = [t for row in state.rows for t in row] + [a["tile"] for a in state.aside]
    by_colour = [t for t in table if viewer is None or not state.known[t] >> viewer & 1]
    return unseen, by_colour


def scrambled(state: QuiwinState, viewer: int | None, rng: random.Random) -> QuiwinState:
    twin = state.clone()
    twin.codes = list(state.codes)
    unseen, by_colour = secret_tiles(state, viewer)
    codes = [state.codes[t] for t in unseen]
    rng.shuffle(codes)
    for t, code in zip(unseen, codes, strict=True):
        twin.codes[t] = code
    if not state.game.options["open_lengths"]:
        groups: dict[str, list[int]] = defaultdict(list)
        for t in by_colour:
            groups[colour(state.codes[t])].append(t)
        for tiles in groups.values():
            shuffled = [state.codes[t] for t in tiles]
            rng.shuffle(shuffled)
            for t, code in zip(tiles, shuffled, strict=True):
                twin.codes[t] = code
    rng.shuffle(twin.bag)
    twin.seed = rng.randrange(10**9)
    twin.rng = random.Random(twin.seed)
    return twin


def view(state: QuiwinState, viewer: int | None) -> str:
    return json.dumps(
        [state.observation(viewer), state.public_history(viewer), state.render_text(viewer)],
        sort_keys=True,
    )


@pytest.mark.parametrize("open_lengths", [False, True])
def test_observations_carry_no_trace_of_secrets(open_lengths):
    game = QuiwinGame(open_lengths=open_lengths)
    rng = random.Random(99)
    checked = 0
    for g in range(25):
        seed = 7_770_000 + g
        for state, _, _ in random_game(seed, game):
            if state.is_terminal():
                continue
            for viewer in (0, 1, None):
                seen = view(state, viewer)
                assert str(seed) not in seen
                assert view(scrambled(state, viewer, rng), viewer) == seen
                checked += 1
    assert checked > 600


def test_the_scramble_does_change_what_is_hidden():
    # the check above is only worth something if a scramble shows through a leak:
    # scrambled for player 0, the position looks different to player 1
    game = QuiwinGame()
    rng = random.Random(1)
    positions = random_game(5, game)[:-1]
    differs = sum(view(scrambled(s, 0, rng), 1) != view(s, 1) for s, _, _ in positions)
    assert differs > len(positions) // 2


def test_pending_declarations_are_secret_until_the_window_closes():
    game = QuiwinGame()
    for g in range(30):
        for state, player, move in random_game(g, game):
            if state.phase != "actions" or len(state.current_players()) != 2:
                continue
            other = 1 - player
            before = state.observation(other)
            history_before = state.public_history(other)
            after_state = state.clone()
            after_state.apply(player, move)
            after = after_state.observation(other)
            assert after_state.public_history(other) == history_before
            assert after["awaited"] == [other]
            after["awaited"] = before["awaited"]
            assert after == before


def test_everything_is_shown_once_the_game_is_over():
    game = QuiwinGame()
    final = random_game(3, game)[-1][0]
    for viewer in (None, 0, 1):
        obs = final.observation(viewer)
        assert obs["rows"] == [[final.codes[t] for t in row] for row in final.rows]
        assert all("?" not in m for _, m in obs["moves"])
        assert "bag" not in obs and "seed" not in json.dumps(obs)
