"""Moves are their canonical notation.

A `Move` is a `str` subclass so that it compares equal to its notation, is hashable,
JSON-serialisable, and `str(move)` is the canonical form `apply` accepts.
"""

from __future__ import annotations


class Move(str):
    """One move in a game's canonical notation (see each game's rules page)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Move({str.__repr__(self)})"

    @property
    def notation(self) -> str:
        return str(self)
