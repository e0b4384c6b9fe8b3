"""A Counterplays position: the stack of tiles, the tiles left, and the moves."""

from __future__ import annotations

import random
from array import array
from bisect import bisect_left
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from tablier.core.messages import Message, check_lang, seat_colour
from tablier.core.move import Move
from tablier.core.state import State
from tablier.games.counterplays import fastgen, placement, remembered, render, scoring
from tablier.games.counterplays.geometry import key_neighbours, key_of
from tablier.games.counterplays.notation import notation, orientation_of, parse
from tablier.games.counterplays.observation import observe
from tablier.games.counterplays.outcome import CounterplaysOutcome
from tablier.games.counterplays.refusals import REFUSALS
from tablier.games.counterplays.shapes import BY_LETTER, LETTERS, ORIENTATIONS, Orientation
from tablier.games.counterplays.words import describe

if TYPE_CHECKING:
    from tablier.core.game import Game

TILES_EACH = len(LETTERS)
# The first tile is placed where its lowest-leftmost cell is (0,0) or (1,0).
_FIRST_UP = key_of(0, 0)
_FIRST_DOWN = key_of(1, 0)

# owner, letter, cell keys (sorted), level
Tile = tuple[int, str, tuple[int, ...], int]


class CounterplaysState(State):
    # False makes every position compute its placements from scratch: the reference
    # the tests and benchmarks/engine.py compare the remembered placements with.
    remember: ClassVar[bool] = True
    # True uses the compiled generator (fastgen.py) when this machine could build it;
    # a position keeps the way it was created with (see `_gen`).
    compiled: ClassVar[bool] = True

    def __init__(self, game: Game, seed: int, num_players: int) -> None:
        # State.__init__'s fields (a test holds them equal), but the random generator
        # is made when first asked: the game has no chance, and seeding one costs
        # more than a move (a copy, too)
        self.game = game
        self.seed = seed
        self.num_players = num_players
        self._rng: random.Random | None = None
        self.setup: dict[str, Any] = {}
        self.history: list[tuple[int, str]] = []
        self.tiles: list[Tile] = []
        # the stack read cell by cell (see placement.py); with the compiled generator
        # they are None between a move and the next reading (see `_rebuild`)
        self._height: dict[int, int] | None = {}
        self._top: dict[int, int] | None = {}
        self._frontier: set[int] | None = set()
        self.left: list[frozenset[str]] = [frozenset(LETTERS), frozenset(LETTERS)]
        # the same as bits (fastgen.letter_mask): what the compiled generator is asked
        self._masks = [fastgen.ALL_LETTERS, fastgen.ALL_LETTERS]
        self._legal: list[Move] | None = None
        # remembered placements, and every tile as laid (see remembered.py); a clone
        # shares the memory until one of the two moves, then takes its own copy
        self._memory: remembered.Memory = {}
        self._memory_shared = False
        self._trail: tuple[remembered.Laid, ...] = ()
        self._warm = False
        self._groups: dict[int, tuple[list[int], list[int]]] | None = None
        self._split: tuple[list[int], list[int]] | None = None
        # the compiled generator, the six cells of each tile laid in order (its input),
        # and its last answer: (letters asked, placements, level of each letter)
        self._gen = fastgen.load() if self.compiled and self.remember else None
        self._cells: array[int] = array("i")
        self._fast: tuple[int, Sequence[int], Sequence[int]] | None = None

    @property
    def height(self) -> dict[int, int]:
        """How many tiles stand on each cell that holds one."""
        if self._height is None:
            return self._rebuild()[0]
        return self._height

    @property
    def top(self) -> dict[int, int]:
        """The index (in `tiles`) of the tile on top of each cell that holds one."""
        if self._top is None:
            return self._rebuild()[1]
        return self._top

    @property
    def frontier(self) -> set[int]:
        """The empty table cells sharing an edge with a tile."""
        if self._frontier is None:
            return self._rebuild()[2]
        return self._frontier

    def _rebuild(self) -> tuple[dict[int, int], dict[int, int], set[int]]:
        """The cell maps read from the tiles (the compiled generator reads `_cells`)."""
        maps = placement.maps_of((cells, level) for _o, _l, cells, level in self.tiles)
        self._height, self._top, self._frontier = maps
        return maps

    @property
    def rng(self) -> random.Random:
        """The position's random generator, seeded by `seed` (made when first asked)."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    # ----------------------------------------------------------------- the contract
    def current_players(self) -> list[int]:
        if len(self.tiles) >= 2 * TILES_EACH:
            return []
        return [len(self.tiles) % 2]

    def awaits(self, player: int) -> bool:
        laid = len(self.tiles)
        return laid < 2 * TILES_EACH and player == laid % 2

    def is_terminal(self) -> bool:
        return len(self.tiles) >= 2 * TILES_EACH

    def legal_moves(self, player: int) -> list[Move]:
        laid = len(self.tiles)  # awaits(player), read here for speed
        if laid >= 2 * TILES_EACH or player != laid % 2:
            return []
        if self._legal is None:
            if self._gen is not None and self.tiles:
                mask = self._masks[player]
                known = self._fast
                if known is not None and known[0] & mask == mask:
                    self._legal = remembered.texts(known[1])
                else:
                    # the list built on the C side from the texts it numbered
                    self._legal, codes, levels = self._gen.legal(self._cells, mask)
                    self._fast = (mask, codes, levels)
            elif self.remember and self.tiles:
                left = self.left[player]
                legal: list[Move] = []
                for letter in LETTERS:
                    if letter in left:
                        legal.extend(self.best_placements(letter)[1][1])
                self._legal = legal
            elif not self.tiles:
                self._legal = _opening(self.left[player])
            else:
                self._legal = [notation(o.index, a) for o, a in self._placements(self.left[player])]
        return list(self._legal)

    def best_placements(self, letter: str) -> tuple[int, remembered.Entry]:
        """Rule d) for one tile: the highest level it can reach, and its placements there."""
        if self._gen is not None:
            level, mine = self.best_codes(letter)
            return level, (tuple(mine), tuple(remembered.texts(mine)))
        if self._groups is None:
            self._groups = placement.cells_by_height(self.height)
        for h in sorted(self._groups, reverse=True):
            entry = self._entry(h + 1, letter)
            if entry[0]:
                return h + 1, entry
        return 1, self._entry(1, letter)

    def _generated(self, mask: int) -> tuple[Sequence[int], Sequence[int]]:
        """The compiled generator's answer for these letters (bits of LETTERS), kept."""
        known = self._fast
        if known is not None and known[0] & mask == mask:
            return known[1], known[2]
        assert self._gen is not None
        codes, levels = self._gen.generate(self._cells, mask)
        self._fast = (mask, codes, levels)
        return codes, levels

    def best_codes(self, letter: str) -> tuple[int, Sequence[int]]:
        """Rule d) for one tile as placement numbers (`remembered.decode` reads them).

        The playouts draw one of them: with the compiled generator, no text is made
        for the others.
        """
        if self._gen is None:
            level, (places, _texts) = self.best_placements(letter)
            return level, places
        i = remembered.LETTER_INDEX[letter]
        codes, levels = self._generated(1 << i)
        # orientations are numbered letter after letter, so a letter's placements
        # are one run of the sorted codes
        first, last = _CODE_RANGE[letter]
        return levels[i], codes[bisect_left(codes, first) : bisect_left(codes, last)]

    def _warm_up(self) -> None:
        """Every tile's placements at every level, once, in a position being cloned.

        A position that is cloned is most often the root of a search, cloned again for
        each of its thousands of iterations: the clones then bring these entries up to
        date around a few tiles instead of computing them afresh (a couple of
        milliseconds, once, for the whole search).
        """
        self._warm = True
        if self._groups is None:
            self._groups = placement.cells_by_height(self.height)
        levels = [1, *(h + 1 for h in self._groups)]
        for letter in self.left[0] | self.left[1]:
            for level in levels:
                self._entry(level, letter)

    def _entry(self, level: int, letter: str) -> remembered.Entry:
        k = remembered.key(level, letter)
        now = len(self.tiles)
        known = self._memory.get(k)
        if known is not None and known[0] == now:
            return known[1]
        if known is not None and now - known[0] <= remembered.HORIZON:
            entry = known[1]
            for laid in self._trail[known[0] : now]:
                # a tile laid at level L changes levels L and L+1 only
                if 0 <= level - laid.level <= 1:
                    entry = remembered.after(entry, letter, level, laid, self.height, self.top)
        else:
            if self._groups is None:
                self._groups = placement.cells_by_height(self.height)
            if self._split is None:
                self._split = placement.split_frontier(self.frontier)
            entry = remembered.compute(
                level, letter, self._groups, self.height, self.top, self._split
            )
        self._memory[k] = (now, entry)
        return entry

    def _placements(self, letters: frozenset[str]) -> list[placement.Placement]:
        """Every legal placement computed from scratch: the first tile, and the reference."""
        found: list[placement.Placement] = []
        if not self.tiles:
            for letter in LETTERS:
                if letter in letters:
                    found.extend((o, _first_anchor(o)) for o in BY_LETTER[letter])
            return found
        groups = placement.cells_by_height(self.height)
        frontier = placement.split_frontier(self.frontier)
        for letter in LETTERS:
            if letter in letters:
                _, mine = placement.best_for_tile(
                    BY_LETTER[letter], groups, self.height, self.top, frontier
                )
                # a stable order (orientation, then position) keeps menus readable
                found.extend(sorted(mine, key=_placement_order))
        return found

    def _apply(self, player: int, move: str) -> str:
        code = remembered.code_of(move) if self._gen is not None and self.tiles else None
        if code is not None:  # a canonical text: is it one of this position's placements?
            orient = ORIENTATIONS[code >> remembered.SHIFT]
            bit = _LETTER_BIT[orient.index]
            if self._masks[player] & bit:
                known = self._fast  # most often the answer to legal_moves(player)
                if known is None or not known[0] & bit:
                    known = (0, *self._generated(self._masks[player]))
                codes = known[1]
                i = bisect_left(codes, code)
                if i < len(codes) and codes[i] == code:
                    level = known[2][remembered.LETTER_INDEX[orient.letter]]
                    self._place(player, orient, code & remembered.ANCHOR, level)
                    return move
        elif not self.tiles and move in _OPENING_MOVES and move[0] in self.left[player]:
            orient = _OPENING_MOVES[move]  # a first tile in its canonical text
            self._place(player, orient, _first_anchor(orient), 1)
            return move
        elif self.remember and self.tiles and move[:1] in self.left[player]:
            # a move in its canonical text is found among the remembered placements,
            # which already passed every rule; any other text takes the long way
            level, (places, texts) = self.best_placements(move[0])
            if move in texts:
                i = texts.index(move)
                orient, anchor = remembered.decode(places[i])
                self._place(player, orient, anchor, level)
                return texts[i]
        letter, keys = parse(move)
        if letter not in self.left[player]:
            raise REFUSALS.refuse(
                "refusal.already_placed", letter=letter, colour=seat_colour(player)
            )
        orient = orientation_of(letter, keys)
        level = self._check(orient, keys)
        self._place(player, orient, keys[0], level)
        return notation(orient.index, keys[0])

    def describe_move(self, player: int, move: str, viewer: int | None = None) -> Message | None:
        return describe(self, move)

    def _check(self, orient: Orientation, keys: tuple[int, ...]) -> int:
        """The level the placement reaches, or IllegalMove saying which rule it breaks."""
        letter = orient.letter
        if not self.tiles:
            anchor = _first_anchor(orient)
            if keys[0] != anchor:
                raise REFUSALS.refuse("refusal.first_anchor", move=notation(orient.index, anchor))
            return 1
        heights = {self.height.get(k, 0) for k in keys}
        if len(heights) > 1 and 0 in heights:
            hanging = sum(1 for k in keys if k not in self.height)
            raise REFUSALS.refuse("refusal.partly_on_table", letter=letter, n=hanging)
        if len(heights) > 1:
            low, high = min(heights), max(heights)
            raise REFUSALS.refuse("refusal.uneven", letter=letter, low=low, high=high)
        (h,) = heights
        if h == 0:
            if not placement.touches(keys, self.height):
                raise REFUSALS.refuse("refusal.no_contact", letter=letter)
        elif len({self.top[k] for k in keys}) < 2:
            owner, under, _cells, _level = self.tiles[self.top[keys[0]]]
            raise REFUSALS.refuse(
                "refusal.one_tile_under", letter=letter, under=under, colour=seat_colour(owner)
            )
        if self.remember:
            best = self.best_codes(letter)[0]
        else:
            best, _ = placement.best_for_tile(
                BY_LETTER[letter],
                placement.cells_by_height(self.height),
                self.height,
                self.top,
                placement.split_frontier(self.frontier),
            )
        if h + 1 != best:
            raise REFUSALS.refuse("refusal.not_highest", letter=letter, best=best)
        return h + 1

    def _place(self, player: int, orient: Orientation, anchor: int, level: int) -> None:
        index = len(self.tiles)
        cells = tuple(map(anchor.__add__, orient.rel))
        self.tiles.append((player, orient.letter, cells, level))
        self._masks[player] = mask = self._masks[player] & ~_LETTER_BIT[orient.index]
        self.left[player] = fastgen.letters_of(mask)
        self._legal = None
        self._fast = None
        self._cells.extend(cells)
        if self._gen is not None:
            # it needs no memory of the past, and the maps are read again when asked
            self._height = self._top = self._frontier = None
            return
        height, top, frontier = self.height, self.top, self.frontier
        for k in cells:
            height[k] = level
            top[k] = index
        joined: list[int] = []
        if level == 1:
            frontier.difference_update(cells)
            for k in cells:
                for n in key_neighbours(k):
                    if n not in height and n not in frontier:
                        frontier.add(n)
                        joined.append(n)
        self._groups = self._split = None
        beside = {
            n
            for k in cells
            for n in key_neighbours(k)
            if height.get(n) == level and top[n] != index
        }
        laid = remembered.Laid(orient, anchor, level, tuple(joined), tuple(beside))
        self._trail = (*self._trail, laid)
        if self._memory_shared:
            self._memory = dict(self._memory)
            self._memory_shared = False

    def clone(self) -> CounterplaysState:
        if self._gen is None and self.remember and self.tiles and not self._warm:
            self._warm_up()
        twin = object.__new__(CounterplaysState)
        twin.game = self.game
        twin.seed = self.seed
        twin.num_players = self.num_players
        twin._rng = None
        if self._rng is not None:  # one never asked for stays unmade in the copy too
            twin._rng = random.Random()
            twin._rng.setstate(self._rng.getstate())
        twin.setup = dict(self.setup)
        twin.history = list(self.history)
        twin.tiles = list(self.tiles)
        # maps not read since the last move stay unread (see `_rebuild`)
        twin._height = None if self._height is None else dict(self._height)
        twin._top = None if self._top is None else dict(self._top)
        twin._frontier = None if self._frontier is None else set(self._frontier)
        twin.left = list(self.left)
        twin._masks = list(self._masks)
        # the cached list is never mutated in place, only replaced, so sharing it is safe
        twin._legal = self._legal
        # never changed in place once built, so shared as they are
        twin._memory = self._memory
        twin._trail = self._trail
        self._memory_shared = twin._memory_shared = True
        twin._warm = False
        twin._groups = self._groups
        twin._split = self._split
        twin._gen = self._gen
        twin._cells = array("i", self._cells)
        twin._fast = self._fast
        return twin

    def __getstate__(self) -> dict[str, Any]:
        # the compiled generator is a library loaded in this process: a pickled
        # position only says whether it used one, and the process that reads it
        # loads its own
        saved = dict(self.__dict__)
        saved["_gen"] = self._gen is not None
        return saved

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__dict__.update(saved)
        if "_rng" not in saved:  # pickled when the generator was made with the position
            self._rng = self.__dict__.pop("rng", None)
        if "_masks" not in saved:  # pickled before the masks were kept
            self._masks = [fastgen.letter_mask(left) for left in self.left]
        self._gen = fastgen.load() if saved["_gen"] else None
        if saved["_gen"] and self._gen is None:
            # it cannot be built here, and the Python generator's memory of the tiles
            # laid was never kept: replay the moves to rebuild it
            again = self.game.new_state(seed=self.seed)
            for player, move in self.history:
                again.apply(player, move)
            self.__dict__.update(again.__dict__)

    def height_at(self, x: int, y: int) -> int:
        """How many tiles stand on triangle x,y."""
        return self.height.get(key_of(x, y), 0)

    # ----------------------------------------------------------------- the end
    def level_counts(self) -> list[list[int]]:
        return scoring.level_counts((owner, level) for owner, _l, _c, level in self.tiles)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return scoring.decide(self.level_counts(), self.game.options["goal"])[0]

    def outcome(self) -> CounterplaysOutcome | None:
        if not self.is_terminal():
            return None
        counts = self.level_counts()
        returns, level = scoring.decide(counts, self.game.options["goal"])
        # a draw has no deciding level: its own reason keeps the texts' figures defined
        return {
            "returns": returns,
            "reason": "levels" if level is not None else "equal",
            "counts": counts,
            "goal": self.game.options["goal"],
            "decided_at_level": level,
            "tiles_at_level": counts[level - 1] if level is not None else [],
        }

    # ----------------------------------------------------------------- views
    def observation(self, player: int | None = None) -> dict[str, Any]:
        return observe(self, player)

    def render_text(self, viewer: int | None = None, lang: str = "fr") -> str:
        return render.render(self, check_lang(lang))


# a letter's placements lie in [first, last) among the codes
_CODE_RANGE = {
    letter: (
        BY_LETTER[letter][0].index << remembered.SHIFT,
        (BY_LETTER[letter][-1].index + 1) << remembered.SHIFT,
    )
    for letter in LETTERS
}


# each orientation's letter as its bit (fastgen.letter_mask)
_LETTER_BIT = [1 << remembered.LETTER_INDEX[o.letter] for o in ORIENTATIONS]


def _placement_order(p: placement.Placement) -> tuple[int, int]:
    return p[0].index, p[1]


def _first_anchor(orient: Orientation) -> int:
    return _FIRST_UP if orient.first_up else _FIRST_DOWN


# the first tile's placements (one per orientation), with their canonical texts
_OPENING = [(notation(o.index, _first_anchor(o)), o) for o in ORIENTATIONS]
_OPENING_MOVES: dict[str, Orientation] = dict(_OPENING)


@cache
def _opening(letters: frozenset[str]) -> list[Move]:
    """The legal list of the empty table (never changed in place: see clone)."""
    return [m for m, o in _OPENING if o.letter in letters]


__all__ = ["CounterplaysState"]
