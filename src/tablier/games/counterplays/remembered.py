"""The legal placements of each tile, remembered from one position to the next.

A tile laid at level L changes the height and the top of its six cells only, from
L-1 to L. Placements reaching level T stand on cells of height T-1, so only levels L
and L+1 can change: at level L the placements over the new tile go (and, on the table,
the cells that joined the frontier bring new ones); at level L+1 placements over the
new tile and another one may come. Every other level keeps its placements. So an entry
computed a few moves ago is brought up to date by looking only around the tiles laid
since, instead of over the whole stack.

A placement is an int, `orientation index << 21 | anchor` (anchors stay below
WIDTH**2, about 2**20), so entries sort in the from-scratch generator's order:
orientation, then position.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from tablier.core.move import Move
from tablier.games.counterplays import placement
from tablier.games.counterplays.notation import notation
from tablier.games.counterplays.shapes import BY_LETTER, LETTERS, ORIENTATIONS, Orientation

SHIFT = 21
ANCHOR = (1 << SHIFT) - 1

# What one tile can do at one level: its placements, sorted, and their texts.
Entry = tuple[tuple[int, ...], tuple[Move, ...]]
# key(level, letter) -> (number of tiles on the table when the entry was true, entry)
Memory = dict[int, tuple[int, Entry]]

LETTER_INDEX = {letter: i for i, letter in enumerate(LETTERS)}
NOTHING: Entry = ((), ())
# Past this many tiles laid since, an entry is recomputed rather than brought up to date.
HORIZON = 12

# placement -> its text: a dict lookup costs a fraction of the notation cache's call
_TEXTS: dict[int, Move] = {}
# and back: a move's canonical text -> its placement
_CODES: dict[str, int] = {}


@dataclass(frozen=True, slots=True)
class Laid:
    """A tile as laid, with what the updates need to know of that moment."""

    orient: Orientation
    anchor: int
    level: int
    # table cells that joined the frontier (only when level == 1)
    new_frontier: tuple[int, ...]
    # the cells beside the new tile that stood as high: a tile over the new one must
    # also rest on another, so it covers one of these
    floor_cells: tuple[int, ...]


def key(level: int, letter: str) -> int:
    return level * 16 + LETTER_INDEX[letter]


def decode(p: int) -> tuple[Orientation, int]:
    return ORIENTATIONS[p >> SHIFT], p & ANCHOR


def compute(
    level: int,
    letter: str,
    groups: Mapping[int, tuple[Sequence[int], Sequence[int]]],
    height: Mapping[int, int],
    top: Mapping[int, int],
    frontier: tuple[Sequence[int], Sequence[int]],
) -> Entry:
    """The placements of `letter` reaching exactly `level` (not yet filtered by rule d)."""
    orients = BY_LETTER[letter]
    if level == 1:
        found = placement.on_table(orients, frontier, height)
    elif level - 1 in groups:
        found = placement.stacked_at(orients, level - 1, groups[level - 1], height, top)
    else:
        return NOTHING
    if not found:
        return NOTHING
    return _entry(sorted(o.index << SHIFT | a for o, a in found))


def after(
    before: Entry,
    letter: str,
    level: int,
    laid: Laid,
    height: Mapping[int, int],
    top: Mapping[int, int],
) -> Entry:
    """The entry for `letter` at `level` once `laid` is on the stack.

    Gains are checked against the stack as it is now, so an entry can be carried over
    several tiles, one after the other, in the order they were laid.
    """
    if level == laid.level:
        places, texts = before
        beside = overlapping(laid.orient.index)
        a_s = laid.anchor
        kept = [i for i, p in enumerate(places) if (p & ANCHOR) - a_s not in beside[p >> SHIFT]]
        if len(kept) < len(places):
            before = tuple(places[i] for i in kept), tuple(texts[i] for i in kept)
        if level != 1:
            return before
        gains = _table_gains(letter, laid.new_frontier, height)
    elif level == laid.level + 1:
        gains = _floor_gains(letter, laid, height, top)
    else:
        return before
    if not gains:
        return before
    places, texts = before
    have = set(places)
    fresh = sorted({p for p in gains if p not in have})
    if not fresh:
        return before
    # a few new placements slide into the sorted ones
    merged, words = list(places), list(texts)
    get = _TEXTS.get
    for p in fresh:
        i = bisect_left(merged, p)
        merged.insert(i, p)
        words.insert(i, get(p) or _text(p))
    return tuple(merged), tuple(words)


@cache
def overlapping(q_index: int) -> tuple[frozenset[int], ...]:
    """For each orientation o: the offsets x such that o at a + x meets q laid at a."""
    q = ORIENTATIONS[q_index]
    return tuple(
        frozenset(
            rq - ro
            for side in (0, 1)  # a shared cell points the same way in both tiles
            for rq in q.by_parity[side]
            for ro in o.by_parity[side]
        )
        for o in ORIENTATIONS
    )


def _table_gains(
    letter: str, new_frontier: tuple[int, ...], height: Mapping[int, int]
) -> list[int]:
    """Empty table placements over a cell that joined the frontier."""
    gains: list[int] = []
    for o in BY_LETTER[letter]:
        _, r1, r2, r3, r4, r5 = o.rel
        base = o.index << SHIFT
        for f in new_frontier:
            for r in o.by_parity[f & 1]:
                b = f - r
                if (
                    b not in height
                    and b + r1 not in height
                    and b + r2 not in height
                    and b + r3 not in height
                    and b + r4 not in height
                    and b + r5 not in height
                ):
                    gains.append(base | b)
    return gains


def _floor_gains(
    letter: str, laid: Laid, height: Mapping[int, int], top: Mapping[int, int]
) -> list[int]:
    """Placements one level above the laid tile, resting on it and on another tile.

    Such a placement covers a cell beside the laid tile at the same height (its cells
    are joined by edges and not all on the laid tile), so it is looked for from those
    cells; one that misses the laid tile was already there, and the caller drops it.
    """
    gains: list[int] = []
    h = laid.level
    hget = height.get
    for o in BY_LETTER[letter]:
        # anchors already at height h; stacked_at checks the five other cells
        anchors = [b for n in laid.floor_cells for r in o.by_parity[n & 1] if hget(b := n - r) == h]
        if anchors:
            base = o.index << SHIFT
            found = placement.stacked_at((o,), h, (anchors, anchors), height, top)
            gains.extend(base | b for _, b in found)
    return gains


def _entry(places: list[int]) -> Entry:
    return tuple(places), tuple(texts(places))


def texts(places: Sequence[int]) -> list[Move]:
    """The canonical texts of placements."""
    try:  # most often every text is known, and a map over the dict is twice as fast
        return list(map(_TEXTS.__getitem__, places))
    except KeyError:
        get = _TEXTS.get
        return [get(p) or _text(p) for p in places]


def code_of(text: str) -> int | None:
    """The placement a canonical text names, if it was ever produced here."""
    return _CODES.get(text)


def text(p: int) -> Move:
    """The canonical text of one placement (kept, so `code_of` finds it back)."""
    return _TEXTS.get(p) or _text(p)


def _text(p: int) -> Move:
    text = _TEXTS.get(p)
    if text is None:
        if len(_TEXTS) > 400_000:  # a long-lived server: forget rather than grow
            _TEXTS.clear()
            _CODES.clear()
        text = _TEXTS[p] = notation(p >> SHIFT, p & ANCHOR)
        _CODES[text] = p
    return text
