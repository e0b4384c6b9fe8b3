"""The legal placements in compiled code (fastgen.c), built on first use with cffi.

Why compiled: in Python, each move costs a dozen calls bringing one tile's placements
up to date (remembered.py); the C loop over the stack's cells does the whole position
from scratch in a few microseconds. The C file is compiled once per machine and
Python version (`core/compiled.py`); a machine without a C compiler or cffi keeps the
Python generator, which gives the same moves in the same order (the tests compare
them over a thousand games).
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from tablier.core.compiled import load_helper
from tablier.core.move import Move
from tablier.games.counterplays import remembered
from tablier.games.counterplays.geometry import WIDTH
from tablier.games.counterplays.shapes import LETTERS, ORIENTATIONS

SOURCE = Path(__file__).with_name("fastgen.c")
# room for every placement of one position: far above the most seen in random games
ROOM = 1 << 17
_DECLARATIONS = """
int cp_setup(int grid_width, int count, const int *data);
int cp_generate(const int *cells, int n_cells, int letters, int *out, int room, int *levels);
void cp_cell_by_cell(int on);
void cp_slots_clear(void);
int cp_slots(const int *codes, int n, int *slots);
void cp_slot_codes(int first, int n, int *out);
"""
ALL_LETTERS = (1 << len(LETTERS)) - 1


class FastGenerator:
    """One loaded copy of the compiled generator, with its output buffers."""

    def __init__(self, module: Any) -> None:
        self._ffi = module.ffi
        self._lib = module.lib
        data = []
        for o in ORIENTATIONS:
            data += [LETTERS.index(o.letter), int(o.first_up), *o.rel]
        if self._lib.cp_setup(WIDTH, len(ORIENTATIONS), self._ffi.new("int[]", data)) != 0:
            raise RuntimeError("the compiled generator refused the orientation table")
        self._out = self._ffi.new("int[]", ROOM)
        self._levels = self._ffi.new("int[]", len(LETTERS))
        # the texts of the placements met, by the slot the C side gave each
        self._slots = self._ffi.new("int[]", ROOM)
        self._texts: list[Move] = []
        # cffi lets go of the GIL during the call, and the C side works in static
        # arrays (as do these buffers): one thread at a time
        self._lock = threading.Lock()
        # the legal lists built on the C side (see fastgen.c's end), where reachable
        found = _legal_list(module)
        self._legal_list: Callable[[int, int, int], Any] | None = None
        self._legal_forget: Callable[[], None] | None = None
        if found is not None:
            self._legal_list, self._legal_forget = found

    def legal(self, cells: array[int], letters: int) -> tuple[list[Move], array[int], bytes]:
        """The legal list of a position: texts, placements and levels as `generate` says.

        The list is built on the C side (`legal_list` in fastgen.c) where ctypes
        reaches it, else from `generate_texts`; the same texts either way.
        """
        if self._legal_list is None:
            codes, levels, moves = self.generate_texts(cells, letters)
            return moves, array("i", codes), bytes(levels)
        address, n = cells.buffer_info()
        with self._lock:
            moves, packed, level_of = self._legal_list(address, n, letters)
        return moves, array("i", packed), level_of

    def generate(self, cells: array[int], letters: int) -> tuple[list[int], list[int]]:
        """Placements (`orientation << 21 | anchor`, sorted) and each letter's level.

        `cells` holds six keys per tile laid, in order (at least one tile); `letters`
        has bit i set for the i-th letter of LETTERS. Letters not asked have level 0.
        """
        ffi = self._ffi
        with self._lock:
            n = self._lib.cp_generate(
                ffi.from_buffer("int[]", cells), len(cells), letters, self._out, ROOM, self._levels
            )
            if n < 0:
                raise ValueError("the stack is beyond what the compiled generator handles")
            return ffi.unpack(self._out, n), ffi.unpack(self._levels, len(LETTERS))

    def generate_texts(
        self, cells: array[int], letters: int
    ) -> tuple[list[int], list[int], list[Move]]:
        """As `generate`, with the placements' canonical texts, in the same order."""
        ffi, lib = self._ffi, self._lib
        with self._lock:
            n = lib.cp_generate(
                ffi.from_buffer("int[]", cells), len(cells), letters, self._out, ROOM, self._levels
            )
            if n < 0:
                raise ValueError("the stack is beyond what the compiled generator handles")
            texts = self._texts
            taken = lib.cp_slots(self._out, n, self._slots)
            if taken < 0:  # a long-lived server met half a million placements: start again
                self._forget_texts()
                taken = lib.cp_slots(self._out, n, self._slots)
            if taken > len(texts):
                fresh = ffi.new("int[]", taken - len(texts))
                lib.cp_slot_codes(len(texts), taken - len(texts), fresh)
                texts.extend(map(remembered.text, ffi.unpack(fresh, taken - len(texts))))
            return (
                ffi.unpack(self._out, n),
                ffi.unpack(self._levels, len(LETTERS)),
                list(map(texts.__getitem__, ffi.unpack(self._slots, n))),
            )

    def forget_texts(self) -> None:
        """Start the table of slots and texts again (it does so itself when full)."""
        with self._lock:
            self._forget_texts()

    def _forget_texts(self) -> None:
        self._lib.cp_slots_clear()
        self._texts.clear()
        if self._legal_forget is not None:
            self._legal_forget()

    def cell_by_cell(self, on: bool) -> None:
        """Leave the bit-boards aside (True) or use them again (False); for the tests."""
        with self._lock:
            self._lib.cp_cell_by_cell(int(on))


def _legal_list(module: Any) -> tuple[Callable[[int, int, int], Any], Callable[[], None]] | None:
    """The C side's `legal(address of the cells, how many, letters)` and the call
    that empties its table of texts, or None where ctypes cannot reach them.

    The function is made once through ctypes.PyDLL (which keeps the interpreter lock
    held, as both need); it is then called like any built-in function.
    """
    try:
        import ctypes

        library = ctypes.PyDLL(module.__file__)
        maker, forget = library.cp_legal_function, library.cp_legal_forget
    except (ImportError, OSError, AttributeError):
        return None
    maker.argtypes = (ctypes.py_object,)
    maker.restype = ctypes.py_object
    forget.argtypes = ()
    forget.restype = None
    function: Callable[[int, int, int], Any] = maker(remembered.text)
    return function, forget


@cache
def letter_mask(letters: frozenset[str]) -> int:
    """The bits of these letters, bit i for the i-th letter of LETTERS."""
    mask = 0
    for letter in letters:
        mask |= 1 << LETTERS.index(letter)
    return mask


@cache
def letters_of(mask: int) -> frozenset[str]:
    """The letters of these bits (shared: a frozenset is never changed)."""
    return frozenset(c for i, c in enumerate(LETTERS) if mask >> i & 1)


@cache
def load() -> FastGenerator | None:
    """The compiled generator, building it if needed; None when it cannot be built."""
    return load_helper("cp_fastgen", SOURCE, _DECLARATIONS, FastGenerator)
