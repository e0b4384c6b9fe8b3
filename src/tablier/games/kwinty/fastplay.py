"""Kwinty playouts in compiled code (fastplay.c), built on first use with cffi.

Why compiled: playouts are most of `hard`'s time on Kwinty, and each step in Python
reads the legal bit-boards, the mover's threats and plays through the engine. The C
file plays the same rules and the same playout rule (the first placement that makes
five, else a uniformly random one) from the same position; the tests compare the two
engines move list by move list over random games of every variant. Without a C
compiler or cffi (or with `TABLIER_PURE_PYTHON`), `load()` is None and the heuristics
play in Python.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from tablier.core.compiled import load_helper
from tablier.games.kwinty.notation import PASS
from tablier.games.kwinty.state import KwintyState

SOURCE = Path(__file__).with_name("fastplay.c")
_DECLARATIONS = """
int kw_state_ints(void);
int kw_load(void *buffer, const int *in, int n);
int kw_legal(const void *buffer, int *out);
int kw_play(void *buffer, int move);
void kw_status(const void *buffer, int *out);
int kw_winning(void *buffer, int *out);
int kw_playout(const int *in, int n, uint64_t seed);
"""
VERTICAL, PASS_CODE = 1024, 4095


def encode(state: KwintyState) -> list[int]:
    """The position as the flat list fastplay.c reads (its header comment says how)."""
    out = [
        state.width,
        int(state.kwintie),
        int(state.strict),
        int(state.game.options["exhaustion"] == "draw"),
        -1 if state.to_move is None else state.to_move,
        state.passes,
        *state.left,
        len(state.pieces),
    ]
    for player, col, row, orient in state.pieces:
        out += (player, col, row, int(orient == "v"))
    return out


def move_code(state: KwintyState, move: str) -> int:
    """A canonical move as fastplay.c numbers it."""
    if move == PASS:
        return PASS_CODE
    index, orient = state.masks.parse[move]
    return index + (VERTICAL if orient == "v" else 0)


class FastPlayouts:
    """One loaded copy of the compiled playouts."""

    def __init__(self, module: Any) -> None:
        self._ffi = module.ffi
        self._lib = module.lib

    def playout(self, state: KwintyState, seed: int) -> int | None:
        """The winner (0 or 1, -1 for a draw) after the playout rule from `state`
        (left as it is); None when the position is beyond what the C side handles."""
        data = encode(state)
        winner = self._lib.kw_playout(self._ffi.new("int[]", data), len(data), seed)
        return None if winner < -1 else int(winner)

    # -- the engine step by step, for the tests that hold it to state.py
    def load(self, state: KwintyState) -> Any:
        data = encode(state)
        buffer = self._ffi.new("int[]", self._lib.kw_state_ints())
        if self._lib.kw_load(buffer, self._ffi.new("int[]", data), len(data)) != 0:
            raise ValueError("a position the compiled playouts cannot hold")
        return buffer

    def legal(self, buffer: Any) -> list[int]:
        out = self._ffi.new("int[64]")
        return list(self._ffi.unpack(out, self._lib.kw_legal(buffer, out)))

    def play(self, buffer: Any, code: int) -> None:
        if self._lib.kw_play(buffer, code) != 0:
            raise ValueError("the compiled playouts could not place that piece")

    def winning(self, buffer: Any) -> list[int]:
        out = self._ffi.new("int[64]")
        return list(self._ffi.unpack(out, self._lib.kw_winning(buffer, out)))

    def status(self, buffer: Any) -> tuple[int, int, int, int, int]:
        """(to move or -1, passes, pieces left to each, winner or -1)."""
        out = self._ffi.new("int[5]")
        self._lib.kw_status(buffer, out)
        return out[0], out[1], out[2], out[3], out[4]


@cache
def load() -> FastPlayouts | None:
    """The compiled playouts, building them if needed; None when they cannot be built."""
    return load_helper("kw_fastplay", SOURCE, _DECLARATIONS, FastPlayouts)
