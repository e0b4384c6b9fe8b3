"""A profile's display name: the seat-name rules, plus "no two profiles look alike".

The seat-name checks (length, control characters, the computer players' names) apply as
they are; a profile also needs a folded key so that "Élodie", "elodie" and "E lodie"
cannot be three different people in a list of opponents.
"""

from __future__ import annotations

import unicodedata

from tablier.server.seat_names import BadSeatName, clean_seat_name

# what a deleted profile's games show instead of its name, in either language
_RESERVED_KEYS = frozenset({"joueursupprime", "deletedplayer", "invite", "guest"})
# the computer players' names, compared on the folded key so that accents, spacing or
# punctuation ("Ordi-nateur", "ÔRDINATEUR") do not slip past the seat-name check
_RESERVED_KEY_PREFIXES = ("ordinateur", "computer")
_RESERVED_KEY_EXACT = frozenset({"ordi", "bot", "ia", "ai", "tablier"})


def name_key(name: str) -> str:
    """The folded form two names share when a reader would take them for the same."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    letters = "".join(ch for ch in bare if ch.isalnum())
    # a name of punctuation alone still needs a key: its characters without spaces
    # (a few characters unfold into many: the column holds 80)
    return (letters or "".join(bare.split()))[:80]


def clean_profile_name(raw: str) -> tuple[str, str]:
    """The name as shown and its key, or BadSeatName saying why not."""
    name = clean_seat_name(raw)
    key = name_key(name)
    reserved = key in _RESERVED_KEYS or key in _RESERVED_KEY_EXACT
    if reserved or key.startswith(_RESERVED_KEY_PREFIXES):
        raise BadSeatName("name_reserved", "that name is kept for the site's own players")
    return name, key
