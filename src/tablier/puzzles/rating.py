"""Glicko-2 ratings of players and problems, computed by the `glicko2` library.

Until accounts exist the browser keeps the player's rating; the server only computes the
update from what the browser sends (a solved problem is a won game against the
problem, a failed one a lost game) and the problem's own rating.
"""

from __future__ import annotations

from dataclasses import dataclass

import glicko2

# a new player: the library's own defaults
START = (1500.0, 350.0, 0.06)
# a problem's deviation: its first rating is an estimate from its difficulty
PROBLEM_RD = 120.0
PROBLEM_VOL = 0.06


@dataclass(frozen=True)
class Rating:
    rating: float
    rd: float
    vol: float

    def data(self) -> dict[str, float]:
        return {"rating": round(self.rating, 1), "rd": round(self.rd, 1), "vol": round(self.vol, 6)}


def _updated(own: Rating, other: Rating, score: float) -> Rating:
    player = glicko2.Player(rating=own.rating, rd=own.rd, vol=own.vol)
    player.update_player([other.rating], [other.rd], [score])
    return Rating(float(player.rating), float(player.rd), float(player.vol))


def after_try(player: Rating, problem: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after one try: the player's and the problem's."""
    score = 1.0 if solved else 0.0
    return _updated(player, problem, score), _updated(problem, player, 1.0 - score)
