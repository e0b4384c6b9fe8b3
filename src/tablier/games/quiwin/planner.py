"""The arrangement planner: which tile to lay, by scoring every order of the hand.

Once the hands are dealt, what is left to play in a Qui'win commitment is an order:
every tile of the hand will be laid, so the question is which one now. The planner
draws positions the seat cannot tell apart from what it sees, lets the opponent lay
the rest of his hand in a random order in each, and scores *every* distinct order of
its own remaining tiles against all of them at once (numpy), with the verdict written
in closed form over the lengths. It lays the first tile of the order that wins most
often on average.

It is exact about the scoring and cheap (a few milliseconds a move), where a search
with playouts estimates the same thing from a few thousand noisy games; but it looks
one window ahead only for the pawns: an action is judged by the best order left after
it, the rest of the game scored as if nobody used a pawn again. It models the opponent
as careless (his order is random), which is exactly right against `random` and easy
to exploit for a thoughtful opponent: the `planner` player is a fast reference for
simulations at scale, not a difficulty level.
"""

from __future__ import annotations

import itertools
import random
import secrets
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from tablier.core.heuristics import position_rng
from tablier.games.quiwin.heuristics import rule_of_thumb_from_state
from tablier.games.quiwin.rules import FULL, Rules
from tablier.games.quiwin.tiles import length

if TYPE_CHECKING:
    from tablier.core.game import Game
    from tablier.games.quiwin.state import QuiwinState

SAMPLES = 64
PASS = "pass"


def tiebreak_slots(rules: Rules) -> tuple[int, ...]:
    """Tiles of palier 2, from its last back to its first: the order of the tie-break."""
    start = rules.palier_starts[1]
    return tuple(range(start + rules.palier_sizes[1] - 1, start - 1, -1))


def palier_ends(rules: Rules) -> tuple[int, ...]:
    starts, sizes = rules.palier_starts, rules.palier_sizes
    return tuple(start + size for start, size in zip(starts, sizes, strict=True))


IntArray = npt.NDArray[np.int64]


@lru_cache(maxsize=512)
def distinct_orders(lengths: tuple[int, ...]) -> IntArray:
    """Every distinct order of a multiset of lengths, one per row."""
    rows = sorted(set(itertools.permutations(sorted(lengths))))
    return np.array(rows, dtype=np.int64).reshape(len(rows), len(lengths))


def win_share(mine: IntArray, theirs: IntArray, rules: Rules = FULL) -> npt.NDArray[np.float64]:
    """The seat's result for complete rows of lengths, 1 win, 0.5 void, 0 loss.

    `mine` and `theirs` broadcast to a common shape whose last axis holds the eight
    lengths of a row in the order laid.
    """
    mine, theirs = np.broadcast_arrays(mine, theirs)
    ends = palier_ends(rules)
    sums_mine = [mine[..., :end].sum(-1) for end in ends]
    sums_theirs = [theirs[..., :end].sum(-1) for end in ends]
    # +1 when the measure favours the seat, -1 the opponent, 0 level
    first = np.sign(sums_theirs[0] - sums_mine[0])  # shorter wins
    second = np.sign(sums_mine[1] - sums_theirs[1])  # longer wins
    third = np.sign(sums_theirs[2] - sums_mine[2])  # shorter wins
    # the leader after palier 2 (see verdict.leader_after)
    leader = np.where(
        second == 0, first, np.where(first == 0, second, np.where(second == first, first, 0))
    )
    decided = ((leader != 0) & (third == leader)) | ((leader == 0) & (third != 0))
    result = np.where(leader != 0, leader, third)
    tiebreak = np.zeros_like(result)
    for slot in tiebreak_slots(rules):
        tiebreak = np.where(tiebreak == 0, np.sign(theirs[..., slot] - mine[..., slot]), tiebreak)
    result = np.where(decided, result, tiebreak)
    return (result + 1) / 2.0


def _rows(state: QuiwinState, seat: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """The seat's row so far, and the opponent's row completed in a random order."""
    other = 1 - seat
    mine = [length(state.codes[t]) for t in state.rows[seat]]
    theirs = [length(state.codes[t]) for t in state.rows[other]]
    pending = state.pending[other]
    if pending is not None:
        theirs.append(length(state.codes[pending]))
    rest = [length(state.codes[t]) for t in state.hands[other]]
    rng.shuffle(rest)
    return mine, theirs + rest


def order_values(
    samples: Sequence[QuiwinState], seat: int, hand: Sequence[int], rng: random.Random
) -> tuple[IntArray, npt.NDArray[np.float64]]:
    """Every distinct order of `hand` and its mean result over the sampled positions."""
    orders = distinct_orders(tuple(sorted(hand)))
    prefixes, opponents = [], []
    for state in samples:
        mine, other = _rows(state, seat, rng)
        prefixes.append(mine)
        opponents.append(other)
    prefix = np.array(prefixes, dtype=np.int64)  # samples × laid
    theirs = np.array(opponents, dtype=np.int64)  # samples × 8
    count, size = len(samples), prefix.shape[1]
    rows = np.concatenate(
        [
            np.broadcast_to(prefix, (len(orders), count, size)),
            np.broadcast_to(orders[:, None, :], (len(orders), count, orders.shape[1])),
        ],
        axis=-1,
    )
    return orders, win_share(rows, theirs, samples[0].rules).mean(axis=1)


def _samples(
    game: Game, observation: dict[str, Any], seat: int, rng: random.Random, count: int
) -> list[QuiwinState]:
    return [
        game.state_from_observation(observation, seat, rng)  # type: ignore[misc]
        for _ in range(count)
    ]


def _best_value(states: Sequence[QuiwinState], seat: int, rng: random.Random) -> float:
    hand = [length(states[0].codes[t]) for t in states[0].hands[seat]]
    return float(order_values(states, seat, hand, rng)[1].max())


def plan_commit(
    game: Game, observation: dict[str, Any], seat: int, rng: random.Random, samples: int = SAMPLES
) -> str:
    """The tile to commit now: the first of the order that wins most often.

    Among tiles of that length, the first code in the hand's sorted order is laid.
    """
    states = _samples(game, observation, seat, rng, samples)
    hand = [states[0].codes[t] for t in states[0].hands[seat]]
    orders, values = order_values(states, seat, [length(c) for c in hand], rng)
    want = int(orders[int(np.argmax(values))][0])
    return min(code for code in hand if length(code) == want)


def plan_action(
    game: Game, observation: dict[str, Any], seat: int, rng: random.Random, samples: int = SAMPLES
) -> str:
    """A declaration or a swap: the option after which the best order wins most often.

    On a tie, passing is preferred (the pawn stays in hand for later).
    """
    states = _samples(game, observation, seat, rng, samples)
    scored = []
    for option in (str(m) for m in states[0].legal_moves(seat)):
        after = []
        for state in states:
            trial = state.clone()
            trial.apply(seat, option)
            _close_the_window(trial, seat)
            after.append(trial)
        scored.append((_best_value(after, seat, rng), option == PASS, option))
    return max(scored)[2]


def _close_the_window(state: QuiwinState, seat: int) -> None:
    """Play the rest of an action window: the opponent passes, swaps by the rule of
    thumb if a transfer asks him to, and so does the seat."""
    while not state.is_terminal() and state.phase in ("actions", "swap"):
        player = state.current_players()[0]
        if state.phase == "swap":
            legal = [str(m) for m in state.legal_moves(player)]
            state.apply(player, rule_of_thumb_from_state(state, player, legal))
        else:
            state.apply(player, PASS)


class PlannerPlayer:
    """The arrangement planner as a player: fast, and careless-opponent minded."""

    name = "planner"

    def __init__(self, game: Game, seed: int | None = None, samples: int = SAMPLES) -> None:
        self.game = game
        self.seed = secrets.randbits(63) if seed is None else seed
        self.samples = samples

    def choose(self, observation: dict[str, Any], seat: int) -> str:
        rng = position_rng(self.seed, seat, observation)
        if observation["phase"] == "commit":
            hand = observation["hand"] or []
            if len(set(hand)) == 1:
                return str(hand[0])
            return plan_commit(self.game, observation, seat, rng, self.samples)
        return plan_action(self.game, observation, seat, rng, self.samples)
