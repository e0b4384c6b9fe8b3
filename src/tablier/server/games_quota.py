"""Games started per requester and hour: what a rematch loop may add to the database.

Each game a room starts after its first (a rematch, a new deal after a void game) is
stored for good, so a client looping "play out, rematch" from one address would grow
the database without bound. Each start is charged to the requester who caused it (the
socket that asked for the rematch or played the game's last move; else whoever created
the room) and refused past its hourly share: `games_per_hour` for an address,
`profile_games_per_hour` for a signed-in profile.
"""

from __future__ import annotations

import time
from collections import deque
from weakref import WeakKeyDictionary

from tablier.server.settings import Settings
from tablier.server.storage import Storage

PERIOD = 3600.0
# past this many requesters remembered, those with nothing recent are forgotten
FORGET_PAST = 10_000


class TooManyGames(Exception):
    """The requester has started as many games this hour as it may."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"at most {limit} new games an hour from one address or profile")
        self.limit = limit


class GamesQuota:
    """At most `anonymous` (an address) or `profile` games started in any `period`."""

    def __init__(self, anonymous: int, profile: int, period: float = PERIOD) -> None:
        self.anonymous, self.profile, self.period = anonymous, profile, period
        self.started: dict[str, deque[float]] = {}

    def limit_for(self, requester: str) -> int:
        return self.profile if requester.startswith("profile:") else self.anonymous

    def charge(self, requester: str, now: float | None = None) -> None:
        """Count one game started by `requester`; TooManyGames (nothing counted) past it."""
        now = time.monotonic() if now is None else now
        recent = self.started.setdefault(requester, deque())
        while recent and recent[0] <= now - self.period:
            recent.popleft()
        limit = self.limit_for(requester)
        if len(recent) >= limit:
            raise TooManyGames(limit)
        recent.append(now)
        if len(self.started) > FORGET_PAST:
            for key in [k for k, v in self.started.items() if not v or v[-1] <= now - self.period]:
                del self.started[key]


# one quota per database (one per server application; tests run several in a process)
_QUOTAS: WeakKeyDictionary[Storage, GamesQuota] = WeakKeyDictionary()


def quota_for(storage: Storage, settings: Settings) -> GamesQuota:
    quota = _QUOTAS.get(storage)
    if quota is None:
        quota = GamesQuota(settings.games_per_hour, settings.profile_games_per_hour)
        _QUOTAS[storage] = quota
    return quota
