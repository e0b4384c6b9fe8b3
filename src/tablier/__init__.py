"""Tablier: rules engines, computer players and a web platform for five board games.

>>> import tablier
>>> game = tablier.load(tablier.game_ids()[0])
>>> state = game.new_state(seed=7)
"""

from tablier.core import (
    Game,
    IllegalMove,
    Move,
    Option,
    State,
    game_class,
    game_ids,
    load,
    load_record,
    replay,
    save_record,
)

__version__ = "0.1.0"

__all__ = [
    "Game",
    "IllegalMove",
    "Move",
    "Option",
    "State",
    "__version__",
    "game_class",
    "game_ids",
    "load",
    "load_record",
    "replay",
    "save_record",
]
