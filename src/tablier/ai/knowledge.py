"""Finding the game knowledge the search players use: the game's `heuristics` hook.

A game may declare, among its hooks (`core/hooks.py`), a function
`make_heuristics(game) -> Heuristics` (`core/heuristics.py`), e.g. Kwinty's
`tablier.games.kwinty.heuristics:make_heuristics`. Without one, the players fall back on
`Heuristics` itself, which knows nothing. The hook is resolved like every other one
(`Game.resolve_hook`), so the search code in this package never names a game, nor where
games live, and a broken declaration fails loudly with the game and hook named.
"""

from __future__ import annotations

from tablier.core.game import Game
from tablier.core.heuristics import Heuristics


def heuristics_for(game: Game) -> Heuristics:
    """The game's own knowledge if it declares some, else the knowledge-free default."""
    factory = type(game).resolve_hook("heuristics")
    if factory is None:
        return Heuristics(game)
    made = factory(game)
    if not isinstance(made, Heuristics):
        raise TypeError(f"{game.id}: make_heuristics must return a Heuristics")
    return made
