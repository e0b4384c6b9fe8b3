"""What Kwinty's outcome says besides the returns and the reason."""

from tablier.core.outcome import Outcome


class KwintyOutcome(Outcome):
    # each seat's lines of four: they decide a full board in Kwintie
    lines_of_four: list[int]
    # the cells of the winning line, by name ([] when no line won)
    win_cells: list[str]
