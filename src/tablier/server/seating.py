"""Who sits where in a room's next game (a rematch or a new deal)."""

from __future__ import annotations

from tablier.core.game import Game
from tablier.core.outcome import Outcome


def next_seating(game: Game, result: Outcome | None, num_players: int) -> list[int]:
    """For each seat of the next game, the seat its holder has now.

    Where the loser begins the next game (`Game.loser_starts_next`), the server decides
    who sits in seat 0, which the engine always starts with: the single loser of a
    decided game moves there and the others keep their order. A draw keeps the seats.
    """
    order = list(range(num_players))
    if not game.loser_starts_next or result is None:
        return order
    returns = result.get("returns")
    if not isinstance(returns, list) or len(returns) != num_players:
        return order
    worst = min(returns)
    losers = [seat for seat, r in enumerate(returns) if r == worst]
    if len(losers) != 1 or worst == max(returns):
        return order
    return [losers[0], *(seat for seat in order if seat != losers[0])]
