"""Qui'win's last choices valued exactly from their player's information.

The enumeration (`games/quiwin/worlds.py` + `ai/quiwin_exact.py`) is checked against a
plain Monte-Carlo estimate built from the project's sampler, which shares none of its
code; the labelled decisions (`fixtures/labelled-quiwin.json`, written by
`python -m tablier.ai.labelled_quiwin`) check the analysis's verdicts and chances.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tablier.ai.analysis import analyse_choice, judge
from tablier.ai.quiwin_exact import _Evaluator, exact_choices
from tablier.core import registry
from tablier.core.state import State
from tablier.games.quiwin.game import QuiwinGame
from tablier.games.quiwin.state import QuiwinState
from tablier.games.quiwin.worlds import enumerate_worlds

FIXTURE = Path(__file__).parent / "fixtures" / "labelled-quiwin.json"
LOADED = registry.load("quiwin")
assert isinstance(LOADED, QuiwinGame)
GAME: QuiwinGame = LOADED
# Monte-Carlo deals per option, and the error allowed (about four standard errors)
DEALS = 700
TOLERANCE = 0.08
# labelled decisions the analysis is run on here (the benchmark takes them all)
PER_TEST = 6


def position(seed: int, step: int, seat: int = 0, passing: float = 0.0) -> QuiwinState:
    """A seeded random game stopped when `seat` chooses a tile at `step` (1-based);
    its players pass instead of using a pawn that often."""
    rng = random.Random(seed)
    state = GAME.new_state(seed=seed)
    assert isinstance(state, QuiwinState)
    while True:
        awaited = state.current_players()
        if state.phase == "commit" and state.step + 1 >= step and seat in awaited:
            return state
        mover = awaited[0]
        legal = [str(m) for m in state.legal_moves(mover)]
        passes = "pass" in legal and rng.random() < passing
        state.apply(mover, "pass" if passes else rng.choice(legal))


def monte_carlo(state: State, seat: int, move: str, seed: int) -> float:
    """The seat's winning chances when it plays `move` and everything after is uniform
    at random, over deals drawn by the game's own sampler from the seat's view."""
    rng = random.Random(seed)
    seen = state.observation(seat)
    wins = 0.0
    for _ in range(DEALS):
        world = GAME.state_from_observation(seen, seat, rng)
        world.apply(seat, move)
        while not world.is_terminal():
            mover = world.current_players()[0]
            world.apply(mover, str(rng.choice(world.legal_moves(mover))))
        score = world.returns()[seat]
        wins += 1.0 if score > 0 else 0.5 if score == 0 else 0.0
    return wins / DEALS


@pytest.mark.parametrize(("seed", "step", "passing"), [(3, 7, 0.0), (1, 8, 1.0), (8, 8, 1.0)])
def test_enumeration_agrees_with_monte_carlo(seed: int, step: int, passing: float) -> None:
    # with pawns left (passing players), draws from the bag and coin tosses are branches
    state = position(seed, step, passing=passing)
    solved = exact_choices(GAME, state.observation(0), 0, own="uniform")
    assert solved is not None
    assert any(0.0 < odds.chance < 1.0 for odds in solved.options.values())
    for move, odds in solved.options.items():
        estimate = monte_carlo(state, 0, move, seed * 31 + len(move))
        assert abs(odds.chance - estimate) <= TOLERANCE, (move, odds, estimate)


def test_worlds_hold_the_true_hand_and_sum_to_one() -> None:
    state = position(5, 7)
    worlds = enumerate_worlds(GAME, state.observation(0), 0, 600)
    assert sum(w for w, _ in worlds) == pytest.approx(1.0)
    truth = sorted(state.codes[t] for t in state.hands[1])
    assert any(sorted(s.codes[t] for t in s.hands[1]) == truth for _, s in worlds)
    # the seat's own hand is never a guess
    assert {tuple(sorted(s.codes[t] for t in s.hands[0])) for _, s in worlds} == {
        tuple(sorted(state.codes[t] for t in state.hands[0]))
    }


def test_out_of_reach_is_none_not_a_guess() -> None:
    state = position(2, 1)
    assert exact_choices(GAME, state.observation(0), 0) is None


def labelled() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    certain = [e for e in entries if e["kind"] == "certain"]
    likely = [e for e in entries if e["kind"] == "likely"]
    return [e for pair in zip(certain, likely, strict=False) for e in pair][:PER_TEST]


def test_the_labelled_set_has_both_kinds() -> None:
    entries = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert {e["kind"] for e in entries} == {"certain", "likely"}


@pytest.mark.parametrize("entry", labelled(), ids=lambda e: f"{e['kind']}-{e['index']}")
def test_analysis_calls_the_thrown_win_a_blunder(entry: dict[str, Any]) -> None:
    before = analyse_choice(entry["record"], entry["index"], iterations=50)
    assert before["exact"]
    chances = {o["move"]: o["chance"] for o in before["options"]}
    for move, odds in entry["options"].items():
        assert chances[move] == pytest.approx(odds["chance"], abs=0.01)
    thrown = min(entry["options"], key=lambda m: entry["options"][m]["chance"])
    verdicts = judge([[entry["mover"], thrown]], [before, {}])
    assert verdicts[0]["verdict"] == "blunder"
    if entry["kind"] == "certain":
        # any option short of the certain win throws it away, however close it looks
        for move, odds in entry["options"].items():
            said = judge([[entry["mover"], move]], [before, {}])[0]["verdict"]
            assert (said == "blunder") == (odds["win"] < 1.0) or said == "best", (move, said)
    best = judge([[entry["mover"], before["best"]]], [before, {}])
    assert best[0]["verdict"] == "best"
    assert entry["options"][before["best"]]["chance"] == max(
        o["chance"] for o in entry["options"].values()
    )


def test_opponent_hands_weigh_as_the_sampler_draws_them() -> None:
    # each code's expected count in the opponent's hand: the enumeration's weights
    # against the frequencies of the game's own sampler (rejection sampling of deals)
    state = position(6, 7, passing=1.0)
    seen = state.observation(0)
    exact: dict[str, float] = {}
    for weight, world in enumerate_worlds(GAME, seen, 0, 600):
        for t in world.hands[1]:
            exact[world.codes[t]] = exact.get(world.codes[t], 0.0) + weight
    rng = random.Random(6)
    drawn: Counter[str] = Counter()
    samples = 1500
    for _ in range(samples):
        sampled = GAME.state_from_observation(seen, 0, rng)
        assert isinstance(sampled, QuiwinState)
        drawn.update(sampled.codes[t] for t in sampled.hands[1])
    for code in set(exact) | set(drawn):
        assert abs(exact.get(code, 0.0) - drawn[code] / samples) <= 0.07, code


def test_a_draw_branches_as_the_bag_holds() -> None:
    # a world as the evaluation sees one: a position dealt explicitly
    seen = position(1, 7, passing=1.0).observation(0)
    dealt = GAME.state_from_observation(seen, 0, random.Random(1))
    assert isinstance(dealt, QuiwinState)
    state = dealt
    while state.phase != "actions" or "change" not in [str(m) for m in state.legal_moves(0)]:
        assert not state.is_terminal()
        mover = state.current_players()[0]
        state.apply(mover, str(state.legal_moves(mover)[0]))
    bag = Counter(state.codes[t] for t in state.bag)
    branches = _Evaluator(0, 1000).play(state, 0, "change")
    if 1 in state.current_players():
        # the opponent still declares: the change is resolved by his move
        branches = [b for w, s in branches for b in _Evaluator(1, 1000).play(s, 1, "pass")]
    weights: dict[str, float] = {}
    for weight, branch in branches:
        code = branch.codes[branch.rows[1][branch.step - 1]]
        weights[code] = weights.get(code, 0.0) + weight
    assert sum(weights.values()) == pytest.approx(1.0)
    assert weights == pytest.approx({code: n / len(state.bag) for code, n in bag.items()})
