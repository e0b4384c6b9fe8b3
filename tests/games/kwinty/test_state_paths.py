"""One way to play a move, rule objects chosen once, and clones that share nothing.

The checked `apply`, the searches' trusted `apply_legal` and `play_fast` must all move
the position through the same code, so a subclass hooking that code sees every move
whichever door it came in by; a clone must not share any mutable field, including one
a subclass adds that the class itself has never heard of.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from typing import Any

import pytest

import tablier
from tablier.games.kwinty.notation import PASS, parse
from tablier.games.kwinty.short_faces import SHORT_FACES_RULES
from tablier.games.kwinty.state import KwintyState
from tablier.games.kwinty.variants import VARIANTS

OPTIONS = [
    {"variant": v, "short_faces": f, "exhaustion": e}
    for v, f, e in itertools.product(("kwinty", "kwintie"), ("ends", "strict"), ("lines4", "draw"))
]


class Logbook:
    """A mutable value of a type `clone` has no special case for."""

    def __init__(self) -> None:
        self.lines: list[str] = []


class Annotated(KwintyState):
    """A position that remembers, in fields of its own, every move that reached it."""

    def __init__(self, game: Any, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.played: list[str] = []
        self.by_player: dict[int, int] = {0: 0, 1: 0}
        self.logbook = Logbook()

    def _play(self, player: int, move: str, placement: tuple[int, str] | None) -> None:
        super()._play(player, move, placement)
        self.played.append(move)
        self.by_player[player] += 1
        self.logbook.lines.append(f"{player}:{move}")


def snapshot(state: KwintyState) -> str:
    return json.dumps([state.observation(p) for p in (None, 0, 1)] + [state.record()])


def random_moves(options: dict[str, str], seed: int) -> list[tuple[int, str]]:
    rng = random.Random(seed)
    state = tablier.load("kwinty", **options).new_state(seed=seed)
    moves = []
    while not state.is_terminal():
        player = state.current_players()[0]
        move = str(rng.choice(state.legal_moves(player)))
        moves.append((player, move))
        state.apply(player, move)
    return moves


def annotated(options: dict[str, str] | None = None) -> Annotated:
    return Annotated(tablier.load("kwinty", **(options or {})), 0, 2)


def blocked_white() -> KwintyState:
    """Kwintie, every column topped by a white vertical, no two neighbours level:
    white has nothing to place and must pass; black may stand on any column."""
    pieces = []
    for k, col in enumerate("abcdefghi"):
        if k % 2:
            pieces.append((1, f"{col}1v"))
            pieces.append((0, f"{col}3v"))
        else:
            pieces.append((0, f"{col}1v"))
    game = tablier.load("kwinty", variant="kwintie")
    return KwintyState.position(game, pieces, to_move=0)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(o.values()))
def test_apply_apply_legal_and_play_fast_reach_the_same_positions(options: dict[str, str]) -> None:
    for seed in range(6):
        moves = random_moves(options, seed)
        checked, trusted, fast = annotated(options), annotated(options), annotated(options)
        for player, move in moves:
            checked.apply(player, move)
            trusted.apply_legal(player, move)
            placement = parse(move)
            if placement is None:
                fast.apply_legal(player, move)
            else:
                fast.play_fast(player, *placement)
            assert snapshot(trusted) == snapshot(checked) == snapshot(fast)
            assert trusted._legal_boards(0) == checked._legal_boards(0) == fast._legal_boards(0)
        # the subclass's hook saw every move, whichever way it was played
        played = [move for _, move in moves]
        assert checked.played == trusted.played == fast.played == played
        assert checked.is_terminal() and checked.history == moves


def test_a_pass_goes_the_same_way_checked_or_trusted() -> None:
    for trusted in (False, True):
        state = blocked_white()
        assert [str(m) for m in state.legal_moves(0)] == [PASS]
        if trusted:
            state.apply_legal(0, PASS)
        else:
            state.apply(0, PASS)
        assert state.passes == 1 and state.current_players() == [1]
        assert state.history == [(0, PASS)]
        assert "d5v" in state.legal_moves(1)


def test_a_refused_move_reaches_no_placing_code() -> None:
    state = annotated()
    state.apply(0, "i1v")
    before = snapshot(state)
    for bad in ("a1v", "i5v", "z9q", "pass"):
        with pytest.raises(tablier.IllegalMove):
            state.apply(1, bad)
    assert state.played == ["i1v"]
    assert snapshot(state) == before


def test_the_rule_objects_are_chosen_once_from_the_options() -> None:
    for options in OPTIONS:
        state = tablier.load("kwinty", **options).new_state(seed=0)
        assert isinstance(state, KwintyState)
        assert state.variant is VARIANTS[options["variant"]]
        assert state.faces is SHORT_FACES_RULES[options["short_faces"]]
        assert state.width == state.variant.width == (9 if state.kwintie else 17)
        assert state.strict == (options["short_faces"] == "strict")
        deep = copy.deepcopy(state)  # the rules are shared, the position is not
        assert deep.variant is state.variant and deep.faces is state.faces
        assert deep.heights == state.heights and deep.heights is not state.heights
    kwinty = tablier.load("kwinty").new_state(seed=0)
    assert sorted(kwinty.legal_moves(0)) == ["i1h", "i1v"]
    kwintie = tablier.load("kwinty", variant="kwintie").new_state(seed=0)
    opening = set(kwintie.legal_moves(0))
    assert {"e1v", "d1h", "e1h"}.isdisjoint(opening)
    assert {"a1v", "a1h", "c1h", "d1v", "f1h", "h1h", "i1v"} <= opening
    assert len(opening) == 8 + 6  # verticals off e; horizontals neither on nor onto e


def test_a_clone_has_its_own_copy_of_a_list_a_subclass_adds() -> None:
    state = annotated()
    for player, move in random_moves({}, 3)[:6]:
        state.apply(player, move)
    twin = state.clone()
    assert type(twin) is Annotated
    assert twin.played is not state.played and twin.played == state.played
    assert twin.by_player is not state.by_player
    assert twin.logbook is not state.logbook and twin.logbook.lines is not state.logbook.lines
    before = (list(state.played), dict(state.by_player), list(state.logbook.lines))
    player = twin.current_players()[0]
    twin.apply(player, twin.legal_moves(player)[0])
    assert (state.played, state.by_player, state.logbook.lines) == before
    assert len(twin.played) == len(before[0]) + 1


@pytest.mark.parametrize("options", OPTIONS[:4], ids=lambda o: "-".join(o.values()))
def test_a_clone_shares_no_mutable_field_and_plays_on_alone(options: dict[str, str]) -> None:
    state = tablier.load("kwinty", **options).new_state(seed=5)
    assert isinstance(state, KwintyState)
    moves = random_moves(options, 5)
    for player, move in moves[: len(moves) // 2]:
        state.apply(player, move)
    twin = state.clone()
    for name, value in vars(state).items():
        if isinstance(value, (list, dict, set)):
            assert getattr(twin, name) is not value, name
            assert getattr(twin, name) == value, name
    before = snapshot(state)
    rng = random.Random(1)
    while not twin.is_terminal():
        player = twin.current_players()[0]
        twin.apply(player, rng.choice(twin.legal_moves(player)))
    assert snapshot(state) == before
    # and the other way round: the original moves on, the clone taken then stays put
    again = state.clone()
    kept = snapshot(again)
    player = state.current_players()[0]
    state.apply(player, state.legal_moves(player)[-1])
    assert snapshot(again) == kept


def test_a_field_that_was_none_when_the_copy_was_planned_is_copied_once_it_holds_a_list() -> None:
    state = tablier.load("kwinty").new_state(seed=2)
    assert isinstance(state, KwintyState)
    state.later = None  # type: ignore[attr-defined]
    state.clone()  # the plan for these names is made now, with `later` None
    state.later = [1, 2]  # type: ignore[attr-defined]
    twin = state.clone()
    assert twin.later == [1, 2] and twin.later is not state.later  # type: ignore[attr-defined]
    # and a field planned as a list that holds an object later is copied deeply
    state.later = Logbook()  # type: ignore[attr-defined]
    state.later.lines.append("x")  # type: ignore[attr-defined]
    again = state.clone()
    assert again.later.lines == ["x"] and again.later.lines is not state.later.lines  # type: ignore[attr-defined]
