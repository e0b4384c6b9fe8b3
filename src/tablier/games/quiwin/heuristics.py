"""What the computer players know about Qui'win (used by `tablier.ai`).

* **The rule of thumb**, a simple human strategy kept as a reference opponent
  (`rule-of-thumb` player): lay the shortest tile of the hand in paliers 1 and 3 and
  the longest in palier 2; declare `change` in palier 2 when the opponent has just laid
  an orange that is or may be long (an `O25`, or an orange whose length is hidden);
  never `transfer`; when the opponent transfers a tile, give up the tile that helps
  least in this palier (the shortest in palier 2, the longest otherwise).
* **Playouts** of the information-set search follow that rule half of the time and play
  at random otherwise: pure random playouts make the opponent look careless, a pure
  rule makes them predictable; the mix keeps the search's estimates on the cautious
  side without making them deterministic.
* **Evaluation** (greedy player): the standing (who leads after the paliers measured)
  and, within the palier being played, how the two rows compare in the direction that
  palier rewards. Lengths the seat could not see are those of the sampled position.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

from tablier.core.game import Game
from tablier.core.heuristics import Heuristics, position_rng
from tablier.core.move import Move
from tablier.core.state import State
from tablier.games.quiwin.state import QuiwinState
from tablier.games.quiwin.tiles import length

PASS = "pass"
CHANGE = "change"
RULE_SHARE = 0.5  # share of playout moves that follow the rule of thumb
LONG_ORANGE = ("O25", "O?")  # an orange that is, or may be, the long one


def rule_of_thumb(
    phase: str,
    palier: int,
    hand: Sequence[str],
    opponent_last: str | None,
    my_palier: Sequence[str],
    legal: Sequence[str],
) -> str:
    """The rule-of-thumb move (palier counted from 0), always one of `legal`."""
    wants_long = palier == 1
    if phase == "commit":
        tiles = sorted(set(hand) & set(legal))
        if tiles:
            pick = max if wants_long else min
            return pick(tiles, key=lambda code: (length(code), code))
    elif phase == "actions":
        if wants_long and CHANGE in legal and opponent_last in LONG_ORANGE:
            return CHANGE
        if PASS in legal:
            return PASS
    elif phase == "swap":
        options = []
        for move in legal:
            n = int(move.split()[1])
            if 1 <= n <= len(my_palier):
                options.append((length(my_palier[n - 1]), n, move))
        if options:
            # give away what helps least: a short tile when long wins, a long one otherwise
            chosen = min(options) if wants_long else max(options)
            return chosen[2]
    return legal[0]


def rule_of_thumb_from_state(state: QuiwinState, player: int, legal: Sequence[str]) -> str:
    other = 1 - player
    step = state.step
    start = state.rules.palier_starts[state.palier]
    opponent_last = None
    if state.phase == "actions" and len(state.rows[other]) > step:
        opponent_last = state.shown(state.rows[other][step], player)
    mine = [state.codes[t] for t in state.rows[player][start:]]
    hand = [state.codes[t] for t in state.hands[player]]
    return rule_of_thumb(state.phase, state.palier, hand, opponent_last, mine, legal)


class RuleOfThumbPlayer:
    """The documented simple strategy, deciding from the seat's observation only."""

    name = "rule-of-thumb"

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.game = game
        self.seed = secrets.randbits(63) if seed is None else seed

    def choose(self, observation: dict[str, Any], seat: int) -> str:
        rng = position_rng(self.seed, seat, observation)
        state = self.game.state_from_observation(observation, seat, rng)
        legal = [str(m) for m in state.legal_moves(seat)]
        if not legal:
            raise ValueError(f"player {seat} has no move to choose in this position")
        phase = observation["phase"]
        palier = observation["palier"] - 1
        step = observation["step"] - 1
        rows = observation["rows"]
        other = 1 - seat
        opponent_last = None
        if phase == "actions" and len(rows[other]) > step:
            opponent_last = rows[other][step]
        start = sum(observation["palier_sizes"][:palier])
        mine = list(rows[seat][start:])
        return rule_of_thumb(phase, palier, observation["hand"] or [], opponent_last, mine, legal)


def rule_of_thumb_player(game: Game, seed: int | None = None) -> RuleOfThumbPlayer:
    return RuleOfThumbPlayer(game, seed)


def planner_player(game: Game, seed: int | None = None) -> Any:
    """The arrangement planner (`planner.py`) as a named player."""
    # imported here: the planner uses the rule of thumb from this module
    from tablier.games.quiwin.planner import PlannerPlayer

    return PlannerPlayer(game, seed)


class QuiwinHeuristics(Heuristics):
    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, QuiwinState)
        value = 0.0
        if state.leader is not None:
            value += 0.4 if state.leader == 0 else -0.4
        palier = state.palier
        start = state.rules.palier_starts[palier]
        rows = [sum(length(state.codes[t]) for t in state.rows[p][start:]) for p in (0, 1)]
        if len(state.rows[0][start:]) == len(state.rows[1][start:]):
            diff = rows[1] - rows[0]  # positive: White's part of the palier is shorter
            if palier == 1:
                diff = -diff
            value += 0.2 * max(-1.0, min(1.0, diff / 3))
        return [value, -value]

    def playout_move(
        self, state: State, player: int, moves: Sequence[Move], rng: random.Random
    ) -> Move:
        assert isinstance(state, QuiwinState)
        if rng.random() < RULE_SHARE:
            return Move(rule_of_thumb_from_state(state, player, moves))
        return moves[rng.randrange(len(moves))]


def make_heuristics(game: Game) -> Heuristics:
    return QuiwinHeuristics(game)
