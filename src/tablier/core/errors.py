"""Errors shared by every game."""


class IllegalMove(ValueError):
    """A move refused by a game's rules; the message says why in plain words.

    A refused move never changes the state it was offered to.
    """
