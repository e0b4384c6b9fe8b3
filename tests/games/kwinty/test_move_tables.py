"""The shared move tables and the boards a position keeps piece by piece.

Move lists are read from boards the position updates as each piece lands, and `apply`
checks a placement against them without the base class's way; both must say exactly
what the rules stated one placement at a time (`_violation`) say, in every variant.
"""

from __future__ import annotations

import copy
import itertools
import json
import pickle
import random

import pytest

import tablier
from tablier.core.errors import IllegalMove
from tablier.core.move import Move
from tablier.core.state import State
from tablier.games.kwinty.state import KwintyState

OPTIONS = [
    {"variant": v, "short_faces": f}
    for v, f in itertools.product(("kwinty", "kwintie"), ("ends", "strict"))
]


def kwinty(seed: int, **options: str) -> KwintyState:
    state = tablier.load("kwinty", **options).new_state(seed=seed)
    assert isinstance(state, KwintyState)
    return state


def one_at_a_time(state: KwintyState, player: int) -> list[str]:
    """Every legal placement by `_violation`, in the move lists' order (horizontals,
    then verticals, each by row then column)."""
    found = []
    for orient in ("h", "v"):
        cells = []
        for col in range(state.width):
            row = state.heights[col] + 1
            if state._violation(player, col, row, orient) is None:
                cells.append((row, col))
        found += [f"{'abcdefghijklmnopq'[c]}{r}{orient}" for r, c in sorted(cells)]
    return found or ["pass"]


def outcome(state: State, player: object, move: object, checked: bool) -> list[object]:
    try:
        if checked:
            State.apply(state, player, move)  # type: ignore[arg-type]
        else:
            state.apply(player, move)  # type: ignore[arg-type]
    except IllegalMove as exc:
        return ["refused", exc.code, dict(exc.params)]
    return ["played", state.history[-1], type(state.history[-1][1]).__name__]


def snapshot(state: State) -> str:
    return json.dumps([state.observation(p) for p in (None, 0, 1)] + [state.record()])


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(o.values()))
def test_move_lists_are_the_rules_placement_by_placement(options: dict[str, str]) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        state = kwinty(seed, **options)
        while not state.is_terminal():
            for player in (0, 1):
                legal = state.legal_moves(player)
                if player != state.to_move:
                    assert legal == []
                    continue
                assert all(type(m) is Move for m in legal)
                assert [str(m) for m in legal] == one_at_a_time(state, player)
            player = state.current_players()[0]
            state.apply(player, str(rng.choice(state.legal_moves(player))))


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(o.values()))
def test_apply_agrees_with_the_base_class_way_on_every_kind_of_move(
    options: dict[str, str],
) -> None:
    names = [*sorted(kwinty(0, **options).masks.parse), "pass", "i1", "z9v", ""]
    for seed in range(3):
        rng = random.Random(seed)
        state = kwinty(seed, **options)
        while not state.is_terminal():
            player = state.current_players()[0]
            legal = state.legal_moves(player)
            tries: list[tuple[object, object]] = [(player, n) for n in rng.sample(names, 8)]
            tries += [(1 - player, str(legal[0])), (True, str(legal[0])), (player, legal[-1])]
            for who, move in tries:
                fast, checked = state.clone(), state.clone()
                fast.legal_moves(player)  # with and without the boards just listed
                assert outcome(fast, who, move, False) == outcome(checked, who, move, True)
                assert snapshot(fast) == snapshot(checked)
            state.apply(player, rng.choice(legal))


def test_a_copied_or_pickled_position_shares_the_tables_and_plays_on_alike() -> None:
    rng = random.Random(3)
    state = kwinty(3, short_faces="strict")
    for _ in range(9):
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    twins: list[KwintyState] = [pickle.loads(pickle.dumps(state)), copy.deepcopy(state)]
    for twin in [*twins, state.clone()]:
        assert twin.tables is state.tables
        player = state.current_players()[0]
        assert twin.legal_moves(player) == state.legal_moves(player)
        move = state.legal_moves(player)[0]
        after = state.clone()
        after.apply(player, move)
        twin.apply(player, move)
        assert snapshot(twin) == snapshot(after)
