"""A room's refusals that are said to the person in words (a BadMessage with a reason)."""

from __future__ import annotations

from tablier.core.messages import WORDS
from tablier.server.protocol import BadMessage


def not_awaited(seat: int, awaited: list[int]) -> BadMessage:
    """A double tap or a stale button: said to the person in words, seats from 1."""
    said = WORDS.message(
        "refusal.not_awaited",
        player=seat + 1,
        awaited=[WORDS.message("seat", n=p + 1) for p in awaited],
    )
    who = ", ".join(str(p) for p in awaited)
    return BadMessage(
        "not_awaited",
        f"seat {seat} is not awaited now: the game waits for seat {who}",
        reason=said.to_json(),
    )
