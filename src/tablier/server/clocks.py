"""Game clocks. Time is charged to every awaited seat while its decision is pending.

Modes: `total` (each seat has `seconds` for the whole game, plus `increment` per move),
`move` (each decision gets `seconds`). Independently, a game that declares a
`timeout_move` and a `decision_seconds()` limits every decision where that move is legal.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tablier.core.game import Game


@dataclass
class Clock:
    num_players: int
    mode: str | None = None  # "total", "move" or None (no room clock)
    seconds: float = 0.0
    increment: float = 0.0
    answer_seconds: float | None = None
    # the move whose legality marks a decision limited to `answer_seconds`
    timeout_move: str | None = None
    remaining: list[float] = field(default_factory=list)
    since: dict[int, float] = field(default_factory=dict)

    @classmethod
    def build(cls, config: dict[str, Any] | None, game: Game, num_players: int) -> Clock | None:
        answer = game.decision_seconds() if game.timeout_move is not None else None
        answer_seconds = answer if answer is not None and answer > 0 else None
        if not config and answer_seconds is None:
            return None
        clock = cls(
            num_players=num_players, answer_seconds=answer_seconds, timeout_move=game.timeout_move
        )
        if config:
            clock.mode = str(config["mode"])
            clock.seconds = float(config["seconds"])
            clock.increment = float(config.get("increment", 0) or 0)
            clock.remaining = [clock.seconds] * num_players
        return clock

    def restore(self, snapshot: dict[str, Any] | None) -> None:
        if snapshot and self.mode == "total" and "remaining" in snapshot:
            self.remaining = [float(x) for x in snapshot["remaining"]]

    def snapshot(self) -> dict[str, Any] | None:
        if self.mode == "total":
            return {"remaining": [round(x, 3) for x in self.remaining]}
        return None

    def update(self, mover: int | None, awaited: list[int], now: float | None = None) -> None:
        """Charge the mover's time, start the clocks of newly awaited seats."""
        now = time.monotonic() if now is None else now
        for seat in list(self.since):
            if seat == mover or seat not in awaited:
                started = self.since.pop(seat)
                if self.mode == "total":
                    self.remaining[seat] -= now - started
                    if seat == mover:
                        self.remaining[seat] += self.increment
        for seat in awaited:
            self.since.setdefault(seat, now)

    def stop(self, now: float | None = None) -> None:
        self.update(None, [], now)

    def deadlines(self, legal: dict[int, list[str]]) -> dict[int, float]:
        """When each running seat runs out of time (monotonic seconds)."""
        result: dict[int, float] = {}
        for seat, started in self.since.items():
            limits = []
            if self.mode == "total":
                limits.append(started + self.remaining[seat])
            elif self.mode == "move":
                limits.append(started + self.seconds)
            if self.answer_seconds is not None and self.timeout_move in legal.get(seat, []):
                limits.append(started + self.answer_seconds)
            if limits:
                result[seat] = min(limits)
        return result

    def view(self, legal: dict[int, list[str]], now: float | None = None) -> dict[str, Any]:
        now = time.monotonic() if now is None else now
        deadlines = self.deadlines(legal)
        if self.mode == "total":
            remaining: list[float | None] = [round(x, 3) for x in self.remaining]
            for seat in deadlines:
                remaining[seat] = round(max(0.0, deadlines[seat] - now), 3)
        else:
            remaining = [None] * self.num_players
            for seat, deadline in deadlines.items():
                remaining[seat] = round(max(0.0, deadline - now), 3)
        return {
            "mode": self.mode or "answer",
            "remaining": remaining,
            "running": sorted(deadlines),
            "increment": self.increment,
        }
