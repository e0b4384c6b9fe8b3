"""The named players: difficulty levels and the reference players of the arena.

| level                | method                                    | budget per move          |
|----------------------|-------------------------------------------|--------------------------|
| `facile` / `easy`    | MCTS, random playouts, no game knowledge  | 60 iterations (≤ 0.1 s)  |
| `moyen` / `medium`   | MCTS-solver with the game's knowledge     | 300 iterations (≤ 0.3 s) |
| `difficile` / `hard` | MCTS-solver with the game's knowledge     | 1.8 s                    |
| `expert`             | MCTS-solver with the game's knowledge     | 6 s                      |

`hard` and `expert` keep their tree from one move to the next (`SearchSettings.reuse`)
and spend their whole time even once their choice is settled: the deeper tree under it
serves the next moves (docs/ai.md measures it). `easy` and `medium`, whose iteration
budgets make them reproducible, start afresh and stop as soon as more search could not
change their choice.

`easy` proves nothing: a beginner's opponent that always saw a win in one would not be
one.

`hard` stays under the 2 s a move the platform allows on a 2-core machine, with a
margin for the clock check granularity. `easy` and `medium` stop at whichever budget
comes first, so they are fast and, on a normal machine, reproducible.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tablier.ai.alphabeta import AlphaBetaPlayer
from tablier.ai.endgame import EndgameMCTSPlayer
from tablier.ai.greedy import GreedyPlayer
from tablier.ai.mcts import MCTSPlayer, SearchSettings
from tablier.ai.players import Player, register_player
from tablier.core.game import Game


@dataclass(frozen=True)
class Level:
    names: tuple[str, ...]
    settings: SearchSettings
    method: str


LEVELS: tuple[Level, ...] = (
    Level(
        ("easy", "facile"),
        SearchSettings(iterations=60, seconds=0.1, use_knowledge=False, solve=False),
        "MCTS, random playouts, no game knowledge",
    ),
    Level(
        ("medium", "moyen"),
        SearchSettings(iterations=300, seconds=0.3),
        "MCTS-solver with the game's knowledge",
    ),
    Level(
        ("hard", "difficile"),
        SearchSettings(seconds=1.8, reuse=True, stop_when_settled=False),
        "MCTS-solver with the game's knowledge, its tree kept from move to move",
    ),
    Level(
        ("expert",),
        SearchSettings(seconds=6.0, reuse=True, stop_when_settled=False),
        "MCTS-solver with the game's knowledge, its tree kept from move to move",
    ),
)

# The time per move of `hard`, which reference players (OpenSpiel's MCTS) also get.
HARD_SECONDS = 1.8


def _level_factory(level: Level) -> Callable[[Game, int | None], Player]:
    def factory(game: Game, seed: int | None = None) -> Player:
        if level.settings.reuse:
            # `hard` and `expert` play the end of the game exactly where it is in reach
            return EndgameMCTSPlayer(game, seed, level.settings, name=level.names[0])
        return MCTSPlayer(game, seed, level.settings, name=level.names[0])

    return factory


def _openspiel_mcts(game: Game, seed: int | None = None) -> Player:
    # imported here: OpenSpiel is an optional extra (`pip install tablier[research]`)
    from tablier.ai.openspiel_bridge import OpenSpielMCTSPlayer

    return OpenSpielMCTSPlayer(game, seed, seconds=HARD_SECONDS)


def _openspiel_mcts_solver(game: Game, seed: int | None = None) -> Player:
    from tablier.ai.openspiel_bridge import OpenSpielMCTSPlayer

    return OpenSpielMCTSPlayer(game, seed, seconds=HARD_SECONDS, solve=True)


def register_levels() -> None:
    register_player("greedy", GreedyPlayer)
    for level in LEVELS:
        factory = _level_factory(level)
        for name in level.names:
            register_player(name, factory)
    register_player("openspiel-mcts", _openspiel_mcts)
    register_player("openspiel-mcts-solver", _openspiel_mcts_solver)
    register_player("alphabeta", AlphaBetaPlayer)
