"""What Turris' outcome says besides the returns and the reason."""

from typing import Any

from tablier.core.outcome import Outcome


class TurrisOutcome(Outcome):
    # "supplies" or "passes": what stopped the game
    ended_by: str | None
    # each seat's points over every view
    totals: list[int]
    # each view's final picture and points, by the view's name
    views: dict[str, dict[str, Any]]
