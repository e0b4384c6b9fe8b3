"""The engine contract shared by every game."""

from tablier.core.errors import IllegalMove
from tablier.core.game import Game
from tablier.core.move import Move
from tablier.core.options import Option
from tablier.core.records import load_record, replay, save_record
from tablier.core.registry import game_class, game_ids, load
from tablier.core.state import State

__all__ = [
    "Game",
    "IllegalMove",
    "Move",
    "Option",
    "State",
    "game_class",
    "game_ids",
    "load",
    "load_record",
    "replay",
    "save_record",
]
