"""The 30 Qui'win tiles, their codes and the checks on an explicit deal."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

# code -> number of tiles; a code is the colour letter and the length in millimetres
TILE_COUNTS: dict[str, int] = {
    "V22": 5,
    "R23": 2,
    "R24": 2,
    "R25": 1,
    "J23": 6,
    "B24": 6,
    "O23": 4,
    "O25": 4,
}
ALL_TILES: tuple[str, ...] = tuple(code for code, n in TILE_COUNTS.items() for _ in range(n))
HAND_SIZE = 8
BAG_SIZE = len(ALL_TILES) - 2 * HAND_SIZE

COLOUR_NAMES: dict[str, dict[str, str]] = {
    "V": {"en": "green", "fr": "verte"},
    "R": {"en": "red", "fr": "rouge"},
    "J": {"en": "yellow", "fr": "jaune"},
    "B": {"en": "blue", "fr": "bleue"},
    "O": {"en": "orange", "fr": "orange"},
}
# colours whose tiles do not all have the same length: their lengths can be hidden
MIXED_COLOURS = frozenset(
    c for c in COLOUR_NAMES if len({code for code in TILE_COUNTS if code[0] == c}) > 1
)
RED = "R"


def length(code: str) -> int:
    """The tile's length in millimetres."""
    return int(code[1:])


def colour(code: str) -> str:
    return code[0]


def codes_of_colour(letter: str) -> list[str]:
    return [code for code in TILE_COUNTS if code[0] == letter]


def hidden_form(code: str) -> str:
    """How a tile looks when only its colour is known: `O?`."""
    return code[0] + "?"


def normalise_code(text: str) -> str | None:
    """The canonical code for `text` (case and spaces forgiven), None if not a tile."""
    code = text.strip().upper()
    return code if code in TILE_COUNTS else None


def check_deal(
    deal: Any, counts: Mapping[str, int] = TILE_COUNTS, hand_size: int = HAND_SIZE
) -> tuple[list[list[str]], list[str]]:
    """Validate an explicit deal of the tiles `counts`; return (hands, bag) as fresh lists."""
    bag_size = sum(counts.values()) - 2 * hand_size
    if not isinstance(deal, dict) or set(deal) != {"hands", "bag"}:
        raise ValueError('a deal is a dict with exactly the keys "hands" and "bag"')
    hands, bag = deal["hands"], deal["bag"]
    if not isinstance(hands, Sequence) or isinstance(hands, str) or len(hands) != 2:
        raise ValueError("a deal gives exactly two hands")
    for i, hand in enumerate(hands):
        if not isinstance(hand, Sequence) or isinstance(hand, str) or len(hand) != hand_size:
            raise ValueError(f"hand {i} must hold exactly {hand_size} tile codes")
    if not isinstance(bag, Sequence) or isinstance(bag, str) or len(bag) != bag_size:
        raise ValueError(f"the bag must hold exactly {bag_size} tile codes, in draw order")
    out_hands: list[list[str]] = []
    for hand in hands:
        out_hands.append([_check_code(c) for c in hand])
    out_bag = [_check_code(c) for c in bag]
    given = Counter(out_hands[0] + out_hands[1] + out_bag)
    if given != Counter(counts):
        diffs = []
        for code in TILE_COUNTS:
            if given[code] != counts.get(code, 0):
                diffs.append(f"{code}: {given[code]} instead of {counts.get(code, 0)}")
        total = sum(counts.values())
        raise ValueError(
            f"a deal must use the {total} tiles exactly once each; " + "; ".join(diffs)
        )
    return out_hands, out_bag


def _check_code(value: Any) -> str:
    if not isinstance(value, str) or normalise_code(value) is None:
        known = ", ".join(TILE_COUNTS)
        raise ValueError(f"{value!r} is not a tile code; the codes are {known}")
    code = normalise_code(value)
    assert code is not None
    return code
