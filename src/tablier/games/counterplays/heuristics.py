"""What the computer players know about Counterplays (used by `tablier.ai`).

Listing every legal move is the costly part of this engine (each of a player's tiles is
tried in every orientation at every height), so playouts never list them: they draw a
random remaining tile, ask only for that tile's placements (rule d) holds tile by tile,
so any of them is a legal move) and play one. Playouts also stop after four tiles:
the position is then judged by who owns the level that decides the game (the highest
level for the standard goal, the lowest for `goal="lowest"`), which is cheap and is
what the final count compares first.
"""

from __future__ import annotations

import random

from tablier.core.game import Game
from tablier.core.heuristics import Heuristics
from tablier.core.state import State
from tablier.games.counterplays import remembered, scoring
from tablier.games.counterplays.state import CounterplaysState

DECIDING_WEIGHT = 0.6  # value of owning the deciding level now (the end may differ)
LEAD_WEIGHT = 0.1  # and of each tile more there, up to a bound


class CounterplaysHeuristics(Heuristics):
    # chosen head to head (docs/ai.md): 4 tiles then the evaluation beat 8, and 8 beat
    # playing every tile to the end
    playout_depth = 4

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, CounterplaysState)
        counts = state.level_counts()
        goal = self.game.options["goal"]
        order = range(len(counts), 0, -1) if goal == "highest" else range(1, len(counts) + 1)
        for level in order:
            white, black = counts[level - 1]
            if white != black:
                lead = max(-3, min(3, white - black))
                sign = 1.0 if white > black else -1.0
                value = DECIDING_WEIGHT * sign + LEAD_WEIGHT * lead
                return [value, -value]
        return [0.0, 0.0]

    def playout(self, state: State, rng: random.Random) -> list[float]:
        assert isinstance(state, CounterplaysState)
        steps = 0
        while not state.is_terminal():
            if steps >= self.playout_depth:
                return self.evaluate(state)
            player = state.current_players()[0]
            if not state.tiles or not self._random_tile_move(state, player, rng):
                moves = state.legal_moves(player)
                state.apply(player, moves[rng.randrange(len(moves))])
            steps += 1
        return [float(v) for v in state.returns()]

    @staticmethod
    def _random_tile_move(state: CounterplaysState, player: int, rng: random.Random) -> bool:
        letters = sorted(state.left[player])
        rng.shuffle(letters)
        for letter in letters:
            level, found = state.best_codes(letter)
            if found:
                chosen = found[rng.randrange(len(found))]
                orient, anchor = remembered.decode(chosen)
                state._place(player, orient, anchor, level)
                state.history.append((player, remembered.texts([chosen])[0]))
                return True
        return False


def make_heuristics(game: Game) -> Heuristics:
    return CounterplaysHeuristics(game)


def scores_now(state: CounterplaysState) -> list[float]:
    """The result if the game stopped now (for tests and study)."""
    return scoring.decide(state.level_counts(), state.game.options["goal"])[0]
