"""What Qui'win's outcome says besides the returns and the reason."""

from typing import NotRequired

from tablier.core.outcome import Outcome


class QuiwinOutcome(Outcome):
    # "win", or "replay" when the game is void and dealt again
    result: str
    # the verdict in words, {"fr": ..., "en": ...}
    text: dict[str, str]
    # the tile whose comparison broke a tie, when one did
    tiebreak_tile: NotRequired[int]
