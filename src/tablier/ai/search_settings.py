"""How long and how a tree search runs, and what the last search did."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SearchSettings:
    """How long and how a search runs. At least one of the two budgets is needed."""

    iterations: int | None = None
    seconds: float | None = None
    exploration: float = 1.0
    use_knowledge: bool = True
    # prove wins and losses in the tree (perfect information only; see `search_solver`)
    solve: bool = True
    # ask the game's own search for a proved win before searching (`forced_win`)
    forced_wins: bool = True
    # ask the game's own quick proof at every new node (`proved_returns`); off: on
    # Kwinty it costs more search than it brings (docs/ai.md)
    leaf_proofs: bool = False
    # perfect information: start from the part of the last search's tree the moves
    # played since lead to. Off for iteration budgets, whose choice must depend only
    # on the seed and the observation
    reuse: bool = False
    # stop once the rest of the budget can no longer change the most visited move. Off,
    # the whole time is spent: the choice is the same, but with `reuse` the deeper tree
    # under it serves the next moves
    stop_when_settled: bool = True

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search needs an iteration budget, a time budget or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("the iteration budget must be at least 1")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("the time budget must be positive")


@dataclass
class SearchReport:
    """What the last search did (for the arena, tests and curious users)."""

    iterations: int = 0
    seconds: float = 0.0
    visits: dict[str, int] = field(default_factory=dict)
    values: dict[str, float] = field(default_factory=dict)
    # the exact returns of the root position when the search proved them
    proven: tuple[float, ...] | None = None
    # the move came from the game's own proof of a win, not from the search
    forced: bool = False
    # root visits inherited from the previous search's tree (`SearchSettings.reuse`)
    reused: int = 0
