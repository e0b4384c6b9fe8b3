"""`Outcome`: why a finished game ended and what each seat got, as typed data.

It is a `TypedDict`, not a class of its own (python-chess makes its `Outcome` a
dataclass): outcomes are part of the engine contract, written into records, stored by
the server, sent to clients and read by checks outside Python, so at run time one stays
the plain JSON object it always was, with the same keys. The type exists for the reader
and for mypy only.

Modules that declare outcome types do not postpone their annotations: on Python 3.11 a
TypedDict learns which keys are NotRequired only from evaluated annotations.
"""

from typing import NotRequired, TypedDict


class Outcome(TypedDict):
    """What every game's `State.outcome()` gives, and the server's own verdicts too.

    A game that says more (lines of four, final scores, the tile that broke a tie)
    declares a subclass with its extra fields, next to its state, and annotates its
    `outcome()` with it; code that serves every game reads only the fields below.
    """

    # one figure per seat: 1.0 won, -1.0 lost, 0.0 shared (the contract's `returns()`)
    returns: list[float]
    # a short stable code ("line", "score", "resign", "timeout") that texts translate
    reason: str
    # the winning seat, where a game names one (None: nobody won)
    winner: NotRequired[int | None]
    # the seat a platform verdict concerns (who resigned, whose time ran out)
    seat: NotRequired[int]
