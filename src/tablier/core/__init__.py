"""The engine contract shared by every game."""

from tablier.core.errors import IllegalMove
from tablier.core.game import Game
from tablier.core.move import Move
from tablier.core.options import Option
from tablier.core.outcome import Outcome
from tablier.core.records import Record, Replayable, load_record, replay, save_record
from tablier.core.registry import game_class, game_ids, load
from tablier.core.state import State

__all__ = [
    "Game",
    "IllegalMove",
    "Move",
    "Option",
    "Outcome",
    "Record",
    "Replayable",
    "State",
    "game_class",
    "game_ids",
    "load",
    "load_record",
    "replay",
    "save_record",
]
