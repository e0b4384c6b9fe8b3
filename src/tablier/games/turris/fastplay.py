"""Turris random playouts in compiled code (fastplay.c), built on first use with cffi.

Why compiled: a playout is the whole cost of `hard`'s search on Turris (nine tenths
of its time in Python, a third of it scoring the five views at the end). The C file
plays the same rules from the same position, choosing uniformly among the same legal
moves, and scores the same views; the tests compare the two engines move by move and
score by score over many random games. Without a C compiler or cffi (or with
`TABLIER_PURE_PYTHON`), `load()` is None and the heuristics play in Python.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from tablier.core.compiled import load_helper
from tablier.games.turris.geometry import NEIGHBOURS, PAIRS
from tablier.games.turris.notation import H_MOVES, PASS, SKIP, V_MOVES, X_MOVES
from tablier.games.turris.state import TurrisState
from tablier.games.turris.views import FACE_LINES, ROOF_ROWS

SOURCE = Path(__file__).with_name("fastplay.c")
_DECLARATIONS = """
int tu_setup(const int *data);
int tu_state_ints(void);
int tu_load(void *buffer, const int *in, int n);
int tu_export(const void *buffer, int *out);
int tu_legal(const void *buffer, int *out);
int tu_play(void *buffer, int move);
void tu_totals(const void *buffer, int *out);
int tu_playout(const int *in, int n, uint64_t seed, int *out);
"""
H_BASE, X_BASE, SKIP_CODE, PASS_CODE = 16, 32, 1000, 1001
CELLS_PER_LEVEL = 9


def encode(state: TurrisState) -> list[int]:
    """The position as the flat list fastplay.c reads (its header comment says how)."""
    forbidden = [sorted(z * CELLS_PER_LEVEL + c for c, z in state.forbidden[p]) for p in (0, 1)]
    out = [
        state.phase,
        state.to_move,
        state.passes,
        int(state.bonus_chain),
        *state.supply,
        *state.last_placed,
        len(forbidden[0]),
        len(forbidden[1]),
        len(state.pieces),
        *forbidden[0],
        *forbidden[1],
    ]
    for piece in state.pieces:
        if piece is None:
            out += (-1, 0, 0, -1, 0)
        else:
            owner, vertical, cells, z = piece
            out += (owner, int(vertical), cells[0], cells[1] if len(cells) > 1 else -1, z)
    return out


def move_code(move: str) -> int:
    """A canonical Turris move as fastplay.c numbers it."""
    return _CODES[move]


def _codes() -> dict[str, int]:
    codes = {str(V_MOVES[c]): c for c in range(CELLS_PER_LEVEL)}
    codes.update({str(m): H_BASE + i for i, m in enumerate(H_MOVES)})
    for c, by_level in enumerate(X_MOVES):
        for z, m in enumerate(by_level):
            codes[str(m)] = X_BASE + z * CELLS_PER_LEVEL + c
    codes[str(SKIP)] = SKIP_CODE
    codes[str(PASS)] = PASS_CODE
    return codes


_CODES = _codes()


class FastPlayouts:
    """One loaded copy of the compiled playouts."""

    def __init__(self, module: Any) -> None:
        self._ffi = module.ffi
        self._lib = module.lib
        if self._lib.tu_setup(self._ffi.new("int[]", _geometry())) != 0:
            raise RuntimeError("the compiled playouts refused the geometry table")

    def playout(self, state: TurrisState, seed: int) -> tuple[int, int] | None:
        """Both players' totals after random play to the end from `state` (left as it
        is); None when the position is beyond what the C side handles."""
        data = encode(state)
        out = self._ffi.new("int[2]")
        done = self._lib.tu_playout(self._ffi.new("int[]", data), len(data), seed, out)
        return None if done != 0 else (out[0], out[1])

    # -- the engine step by step, for the tests that hold it to state.py
    def load(self, state: TurrisState) -> Any:
        data = encode(state)
        buffer = self._ffi.new("int[]", self._lib.tu_state_ints())
        if self._lib.tu_load(buffer, self._ffi.new("int[]", data), len(data)) != 0:
            raise ValueError("a position the compiled playouts cannot hold")
        return buffer

    def export(self, buffer: Any) -> list[int]:
        out = self._ffi.new("int[]", self._lib.tu_state_ints())
        return list(self._ffi.unpack(out, self._lib.tu_export(buffer, out)))

    def legal(self, buffer: Any) -> list[int]:
        out = self._ffi.new("int[128]")
        return list(self._ffi.unpack(out, self._lib.tu_legal(buffer, out)))

    def play(self, buffer: Any, code: int) -> None:
        if self._lib.tu_play(buffer, code) != 0:
            raise ValueError("the compiled playouts ran out of room for pieces")

    def totals(self, buffer: Any) -> tuple[int, int]:
        out = self._ffi.new("int[2]")
        self._lib.tu_totals(buffer, out)
        return out[0], out[1]


def _geometry() -> list[int]:
    data: list[int] = []
    for c in range(CELLS_PER_LEVEL):
        near = list(NEIGHBOURS[c])
        data += [len(near), *near, *([-1] * (4 - len(near)))]
    for a, b in PAIRS:
        data += [a, b]
    for _side, lines in FACE_LINES.values():
        for _label, cells in lines:
            data += cells
    for row in ROOF_ROWS:
        data += row
    return data


@cache
def load() -> FastPlayouts | None:
    """The compiled playouts, building them if needed; None when they cannot be built."""
    return load_helper("tu_fastplay", SOURCE, _DECLARATIONS, FastPlayouts)
