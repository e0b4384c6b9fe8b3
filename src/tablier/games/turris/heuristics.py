"""What the computer players know about Turris (used by `tablier.ai`).

A Turris game is decided by a score, so a playout reports more than who won: its value
mixes the result with the score margin. A search that only counts wins cannot tell a
safe 30-20 from a fragile 26-25, and in a close game every won or lost point matters;
keeping most of the weight on the result keeps the search aiming at winning, not at a
big margin. The same margin, measured on the tower as it stands, is the evaluation the
greedy player uses. Playouts run in compiled code when it can be built (fastplay.py):
the same rules, the same uniform choice among the legal moves, ten times as many.
"""

from __future__ import annotations

import math
import random

from tablier.core.game import Game
from tablier.core.heuristics import Heuristics
from tablier.core.state import State
from tablier.games.turris import fastplay
from tablier.games.turris.state import TurrisState
from tablier.games.turris.views import totals

RESULT_WEIGHT = 0.7  # share of a playout's value that is the result itself
MARGIN_SCALE = 8.0  # points of margin worth about three quarters of the rest


def margin_value(margin: float) -> float:
    return math.tanh(margin / MARGIN_SCALE)


class TurrisHeuristics(Heuristics):
    # False plays every playout in Python (for head-to-head runs against the old way)
    compiled_playouts = True

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, TurrisState)
        white, black = totals(state.views())
        value = 0.9 * margin_value(white - black)
        return [value, -value]

    def playout(self, state: State, rng: random.Random) -> list[float]:
        assert isinstance(state, TurrisState)
        fast = fastplay.load() if self.compiled_playouts else None
        if fast is not None:
            ended = fast.playout(state, rng.getrandbits(64))
            if ended is not None:
                return self.final_value(*ended)
        while not state.is_terminal():
            state.play_legal(rng.randrange(len(state.legal_moves(state.to_move))))
        white, black = totals(state.final_views())
        return self.final_value(white, black)

    @staticmethod
    def final_value(white: int, black: int) -> list[float]:
        """A finished game's value: the result, with some weight on the margin."""
        margin = white - black
        result = (margin > 0) - (margin < 0)
        value = RESULT_WEIGHT * result + (1 - RESULT_WEIGHT) * margin_value(margin)
        return [value, -value]


def make_heuristics(game: Game) -> Heuristics:
    return TurrisHeuristics(game)
