"""What Counterplays' outcome says besides the returns and the reason."""

from tablier.core.outcome import Outcome


class CounterplaysOutcome(Outcome):
    # counts[k - 1] == [white, black]: each seat's tiles at level k
    counts: list[list[int]]
    # the "goal" option the levels were compared under
    goal: str
    # the level that decided; None for a draw
    decided_at_level: int | None
    # each seat's tiles at that level ([] for a draw)
    tiles_at_level: list[int]
