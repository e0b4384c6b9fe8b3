"""Computer players: they choose from `observation(seat)` alone."""

from tablier.ai.levels import register_levels
from tablier.ai.players import Player, RandomPlayer, make_player, player_names, register_player

register_levels()

__all__ = ["Player", "RandomPlayer", "make_player", "player_names", "register_player"]
