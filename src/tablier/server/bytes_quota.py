"""Bytes of moves stored per requester and hour: a bound on what one visitor writes.

`games_quota` bounds how many games one requester starts in an hour; a game's moves are
bounded by its rules and each move's text by the protocol (2,000 characters), but a
party game's answers are free text, so a loop of long answers could still fill the disk
faster than anyone plays. Every move a person sends is charged its stored size to its
requester (profile, else address); past the hour's share the move is refused with the
WebSocket error `storage_quota` (nothing stored, the game waits, the socket stays open).
An honest game stores a few kilobytes.
"""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from tablier.server.protocol import BadMessage

if TYPE_CHECKING:
    from tablier.server.settings import Settings
    from tablier.server.storage import Storage

PERIOD = 3600.0
# the bytes a stored move costs beyond its text (its row: room, game, index, seat, clock)
ROW_BYTES = 64
FORGET_PAST = 10_000


class TooMuchStored(BadMessage):
    """The requester has stored as many bytes of moves this hour as it may (a refusal the
    socket hears as the error `storage_quota`)."""

    def __init__(self, limit: int) -> None:
        words = f"at most {limit // 1024} KB of moves an hour from one address or profile"
        super().__init__("storage_quota", words)
        self.limit = limit


class BytesQuota:
    """At most `anonymous` (an address) or `profile` bytes of moves in any `period`."""

    def __init__(self, anonymous: int, profile: int, period: float = PERIOD) -> None:
        self.anonymous, self.profile, self.period = anonymous, profile, period
        # per requester: (when, bytes) of each move in the window, and their sum
        self.stored: dict[str, deque[tuple[float, int]]] = {}
        self.totals: dict[str, int] = {}

    def limit_for(self, requester: str) -> int:
        return self.profile if requester.startswith("profile:") else self.anonymous

    def check(self, requester: str, text: str, now: float | None = None) -> None:
        """TooMuchStored if a move of `text` would take `requester` past its share."""
        now = time.monotonic() if now is None else now
        total = self._slide(requester, now)
        limit = self.limit_for(requester)
        if total + len(text.encode()) + ROW_BYTES > limit:
            raise TooMuchStored(limit)

    def charge(self, requester: str, text: str, now: float | None = None) -> None:
        """Count one move's bytes; TooMuchStored (nothing counted) past the share."""
        now = time.monotonic() if now is None else now
        self.check(requester, text, now)
        size = len(text.encode()) + ROW_BYTES
        self.stored.setdefault(requester, deque()).append((now, size))
        self.totals[requester] = self.totals.get(requester, 0) + size
        if len(self.stored) > FORGET_PAST:
            self._forget(now)

    def _slide(self, requester: str, now: float) -> int:
        """The bytes `requester` stored in the window ending `now`."""
        recent = self.stored.get(requester)
        total = self.totals.get(requester, 0)
        while recent and recent[0][0] <= now - self.period:
            total -= recent.popleft()[1]
        if recent is not None:
            self.totals[requester] = total
        return total

    def _forget(self, now: float) -> None:
        for key in [k for k, v in self.stored.items() if not v or v[-1][0] <= now - self.period]:
            del self.stored[key]
            self.totals.pop(key, None)


# one quota per database (one per server application; tests run several in a process)
_QUOTAS: WeakKeyDictionary[Storage, BytesQuota] = WeakKeyDictionary()


def bytes_quota_for(storage: Storage, settings: Settings) -> BytesQuota:
    quota = _QUOTAS.get(storage)
    if quota is None:
        quota = BytesQuota(settings.move_bytes_per_hour, settings.profile_move_bytes_per_hour)
        _QUOTAS[storage] = quota
    return quota
