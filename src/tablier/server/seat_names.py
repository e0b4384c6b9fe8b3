"""The name a person gives when taking a seat (an invite link, a room's free seat).

Both players see it beside the board, so it must read as a person's name: printable,
short, and not one the site uses for its own computer players.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 40

# the site calls its computer players "Ordinateur (moyen)", "Computer (hard)"...: a
# person named so would pass for the engine in the other player's eyes
_RESERVED_PREFIXES = ("ordinateur", "computer", "ordi ", "bot ")


class BadSeatName(ValueError):
    """A name refused, with a code a client can turn into its own words."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def clean_seat_name(raw: str) -> str:
    """The name as shown (inner spaces collapsed), or BadSeatName saying why not."""
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") for ch in raw):
        raise BadSeatName("name_control", "a name may not hold control or invisible characters")
    name = " ".join(raw.split())
    if not name:
        raise BadSeatName("name_empty", "a name is needed")
    if len(name) > MAX_NAME:
        raise BadSeatName("name_long", f"a name is at most {MAX_NAME} characters")
    folded = unicodedata.normalize("NFKD", name).casefold()
    if folded == "ordi" or folded == "bot" or folded.startswith(_RESERVED_PREFIXES):
        raise BadSeatName("name_reserved", "that name is kept for the computer players")
    return name
