"""Observation tensors: fixed size, in bounds, and built from what the seat sees only."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tablier
from tablier.research import interface, tensor

GAMES = [("kwinty", {}), ("kwinty", {"variant": "kwintie"}), ("turris", {}),
         ("counterplays", {}), ("quiwin", {})]  # fmt: skip

HAND_0 = ["V22", "V22", "J23", "B24", "O25", "O23", "R24", "B24"]
HAND_1 = ["J23", "J23", "B24", "O25", "O23", "V22", "R23", "B24"]
BAG = ["V22", "V22", "R23", "R24", "R25", "J23", "J23", "J23", "B24", "B24",
       "O23", "O23", "O25", "O25"]  # fmt: skip


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_tensors_have_their_declared_size_and_stay_within_0_and_1(
    game_id: str, options: dict
) -> None:
    game = tablier.load(game_id, **options)
    tensors = interface(game).tensors
    assert tensors.size == sum(int(np.prod(shape)) for _, shape in tensors.blocks)
    rng = random.Random(5)
    state = game.new_state(seed=5)
    seen = set()
    while not state.is_terminal():
        for seat in state.current_players():
            for viewer in (0, 1):
                t = tensor(state, viewer)
                assert t.dtype == np.float32 and t.shape == (tensors.size,)
                assert t.min() >= 0.0 and t.max() <= 1.0
                seen.add(t.tobytes())
            state.apply(seat, rng.choice(state.legal_moves(seat)))
    assert len(seen) > 10  # the tensor follows the game


def test_quiwin_tensor_hides_what_the_seat_cannot_see() -> None:
    """Two deals differing only in Black's hidden tiles give White the same tensors."""
    game = tablier.load("quiwin")
    # Black's O25 and the bag's first O23 trade places: White cannot tell
    other_hand = [*HAND_1[:3], "O23", *HAND_1[4:]]
    other_bag = list(BAG)
    other_bag[other_bag.index("O23")] = "O25"
    a = game.new_state(seed=1, deal={"hands": [HAND_0, HAND_1], "bag": BAG})
    b = game.new_state(seed=1, deal={"hands": [HAND_0, other_hand], "bag": other_bag})
    assert np.array_equal(tensor(a, 0), tensor(b, 0))
    assert not np.array_equal(tensor(a, 1), tensor(b, 1))
    # Black lays his orange tile (O25 in one game, O23 in the other): White sees `O?`
    for state, black_tile in ((a, "O25"), (b, "O23")):
        state.apply(0, "V22")
        state.apply(1, black_tile)
    assert a.observation(0)["rows"][1] == ["O?"]
    assert np.array_equal(tensor(a, 0), tensor(b, 0))
    assert not np.array_equal(tensor(a, 1), tensor(b, 1))
    # Black's choice is not seen before White's is in
    c = game.new_state(seed=1, deal={"hands": [HAND_0, HAND_1], "bag": BAG})
    d = game.new_state(seed=1, deal={"hands": [HAND_0, HAND_1], "bag": BAG})
    c.apply(1, "J23")
    d.apply(1, "V22")
    assert np.array_equal(tensor(c, 0), tensor(d, 0))
    assert not np.array_equal(tensor(c, 1), tensor(d, 1))


def test_kwinty_tensor_planes_show_the_pieces_from_the_viewers_side() -> None:
    game = tablier.load("kwinty")
    state = game.new_state(seed=0)
    state.apply(0, "i1h")
    tensors = interface(game).tensors
    planes_white = tensor(state, 0).reshape(tensors.blocks[0][1])
    planes_black = tensor(state, 1).reshape(tensors.blocks[0][1])
    i = "abcdefghijklmnopq".index("i")
    assert planes_white[0, 0, i] == 1 and planes_white[1, 0, i + 1] == 1
    assert planes_black[4, 0, i] == 1 and planes_black[5, 0, i + 1] == 1
    assert planes_black[9].all() and not planes_white[9].any()  # Black is to move
