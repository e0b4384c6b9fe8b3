"""Turris's observation tensor for one seat, built from `observation(seat)` only.

Two blocks, flattened one after the other:

`cubes`, shape (12, 11, 3, 3): plane, level 1–11 (rule e) keeps every cube at level
11 or below), file a–c, rank 1–3. Seat-relative ("mine" is the viewer's).

| plane | holds 1 at a cube position that is |
|---|---|
| 0, 1 | my cube / their cube |
| 2, 3 | the lower / upper cube of a vertical piece |
| 4–7 | a horizontal piece's cube whose other cube is on the next file, the |
|  | previous file, the next rank, the previous rank |
| 8, 9 | closed to my / their next placement (freed by a removal) |
| 10, 11 | a cube of the piece I / they placed last (that piece may not be removed) |

`scalars`, shape (7,): I am to move; the move is a centre bonus; my supply / 20;
their supply / 20; the last move was a `pass`; the lowest incomplete level / 11;
the option `bonus_chain`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablier.games.turris.geometry import CELL_INDEX, file_of, rank_of

LEVELS = 11
PLANES = 12
SCALARS = 7
PIECES_EACH = 20


class TurrisTensors:
    def __init__(self) -> None:
        self.blocks: tuple[tuple[str, tuple[int, ...]], ...] = (
            ("cubes", (PLANES, LEVELS, 3, 3)),
            ("scalars", (SCALARS,)),
        )
        self.size = PLANES * LEVELS * 9 + SCALARS

    def follower(self) -> TurrisFollower:
        """The same tensors, updated move by move from the state (research/interface.py)."""
        return TurrisFollower()

    def encode(self, observation: dict[str, Any], seat: int) -> np.ndarray:
        cubes = np.zeros((PLANES, LEVELS, 3, 3), np.float32)
        last = [_last_piece(observation, p) for p in (0, 1)]
        for piece in observation["pieces"]:
            mine = piece["owner"] == seat
            places = [(CELL_INDEX[c], z - 1) for c, z in piece["cubes"]]
            for cell, z in places:
                cubes[0 if mine else 1, z, file_of(cell), rank_of(cell)] = 1
                if piece["id"] == last[seat]:
                    cubes[10, z, file_of(cell), rank_of(cell)] = 1
                if piece["id"] == last[1 - seat]:
                    cubes[11, z, file_of(cell), rank_of(cell)] = 1
            if piece["kind"] == "V":
                (cell, z), (_, z2) = places
                cubes[2, z, file_of(cell), rank_of(cell)] = 1
                cubes[3, z2, file_of(cell), rank_of(cell)] = 1
                continue
            (a, z), (b, _) = places
            along_file = file_of(a) != file_of(b)  # a < b: b is next file or next rank
            cubes[4 if along_file else 6, z, file_of(a), rank_of(a)] = 1
            cubes[5 if along_file else 7, z, file_of(b), rank_of(b)] = 1
        for who, plane in ((seat, 8), (1 - seat, 9)):
            for name, z in observation["forbidden"][who]:
                if 1 <= z <= LEVELS:
                    cell = CELL_INDEX[name]
                    cubes[plane, z - 1, file_of(cell), rank_of(cell)] = 1
        moves = observation["moves"]
        scalars = np.array(
            [
                observation["to_move"] == seat,
                observation["phase"] == "bonus",
                observation["supply"][seat] / PIECES_EACH,
                observation["supply"][1 - seat] / PIECES_EACH,
                bool(moves) and moves[-1][1] == "pass",
                observation["lowest_incomplete_level"] / LEVELS,
                bool(observation["options"].get("bonus_chain")),
            ],
            np.float32,
        )
        return np.concatenate([cubes.reshape(-1), scalars])


def _last_piece(observation: dict[str, Any], owner: int) -> int | None:
    """The id of the piece `owner` placed last, if it is still in the tower.

    `last_placed` names it by notation; his latest piece with that name is the one
    (pieces are numbered in the order they were placed).
    """
    name = observation["last_placed"][owner]
    found = None
    for piece in observation["pieces"]:
        if piece["owner"] == owner and _notation(piece) == name:
            found = piece["id"]
    return found


def _notation(piece: dict[str, Any]) -> str:
    return ("V" if piece["kind"] == "V" else "H") + "".join(piece["cells"])


class TurrisFollower:
    """The same tensors as `TurrisTensors.encode`, kept up to date move by move.

    Turris hides nothing. The cube planes of the pieces (0-7) are kept for each seat
    and change only where `state.pieces` changed: a placement adds a piece at the end,
    a removal (a move `x…`) empties a slot, so only new pieces are drawn and, after a
    removal, the emptied ones wiped. The small planes of the moment (closed cubes,
    last pieces) and the scalars are written at each call, one value at a time. A
    state other than the one followed, or a shorter history, starts again.
    """

    def __init__(self) -> None:
        self._state: Any = None
        self._moves = 0
        self._known: list[Any] = []
        # a piece in the tower -> the indices of its two cubes in a plane
        self._places: dict[int, tuple[int, int]] = {}
        # each seat's whole tensor, kept: a call rewrites the few values of the moment
        # (closed cubes, last pieces, scalars) and hands out a copy
        self._out = [np.zeros(PLANES * PLANE + SCALARS, np.float32) for _ in (0, 1)]
        # single values are written through memoryviews: far cheaper than numpy's
        self._flat = [b.data.cast("B").cast("f") for b in self._out]
        self._moment: list[list[int]] = [[], []]  # what the last call set in planes 8-11
        self._chain = 0.0

    def tensor(self, state: Any, seat: int) -> np.ndarray:
        history = state.history
        moves = len(history)
        if state is not self._state or moves < self._moves:
            self._state, self._moves, self._known = state, 0, []
            self._places.clear()
            for out in self._out:
                out[:] = 0
            self._moment = [[], []]
            self._chain = float(bool(state.game.options.get("bonus_chain")))
        if moves != self._moves:
            self._follow(state, history)
        flat = self._flat[seat]
        for at in self._moment[seat]:
            flat[at] = 0.0
        moment = self._moment[seat] = []
        forbidden, last = state.forbidden, state.last_placed
        # a cube's index in a plane is (level - 1) * 9 + its cell
        for who, plane in ((seat, 8 * PLANE - 9), (1 - seat, 9 * PLANE - 9)):
            if forbidden[who]:  # only after a removal
                for cell, z in forbidden[who]:
                    if 1 <= z <= LEVELS:
                        moment.append(plane + z * 9 + cell)
        places = self._places
        for who, plane in ((seat, 10 * PLANE), (1 - seat, 11 * PLANE)):
            cubes = places.get(last[who])
            if cubes is not None:
                moment.append(plane + cubes[0])
                moment.append(plane + cubes[1])
        for at in moment:
            flat[at] = 1.0
        at = PLANES * PLANE
        supply = state.supply
        flat[at] = float(state.awaits(seat))
        flat[at + 1] = float(state.in_bonus)
        flat[at + 2] = supply[seat] / PIECES_EACH
        flat[at + 3] = supply[1 - seat] / PIECES_EACH
        flat[at + 4] = float(moves > 0 and history[-1][1] == "pass")
        flat[at + 5] = state.lowest_incomplete() / LEVELS
        flat[at + 6] = self._chain
        return self._out[seat].copy()

    def _follow(self, state: Any, history: list[tuple[int, str]]) -> None:
        """Draw the pieces placed since the last call, wipe those removed."""
        pieces, known = state.pieces, self._known
        removal = False
        for i in range(self._moves, len(history)):
            removal = removal or history[i][1].startswith("x")
        if removal:
            for i in range(len(known)):  # which slots were emptied
                if known[i] is not None and pieces[i] is not known[i]:
                    self._wipe(i)
                    known[i] = pieces[i]
                    if pieces[i] is not None:
                        self._draw(state, i)
        for i in range(len(known), len(pieces)):
            known.append(pieces[i])
            if pieces[i] is not None:
                self._draw(state, i)
        self._moves = len(history)

    def _draw(self, state: Any, piece_id: int) -> None:
        piece = state.pieces[piece_id]
        drawn = _DRAWN.get(piece)
        if drawn is None:
            drawn = _DRAWN[piece] = _drawing(state.piece_json(piece_id))
        owner, cubes, mine, theirs = drawn
        first, second = self._flat
        # the owner's tensor has it in plane 0, the other's in plane 1
        places = mine if owner == 0 else theirs
        first[places[0]] = first[places[1]] = first[places[2]] = first[places[3]] = 1.0
        places = theirs if owner == 0 else mine
        second[places[0]] = second[places[1]] = second[places[2]] = second[places[3]] = 1.0
        self._places[piece_id] = cubes

    def _wipe(self, piece_id: int) -> None:
        # a cube position holds one piece at a time: every plane there was this piece's
        for at in self._places.pop(piece_id, ()):
            for flat in self._flat:
                for plane in range(8):
                    flat[plane * PLANE + at] = 0.0


# values in one plane of the `cubes` block
PLANE = LEVELS * 9

Places = tuple[int, int, int, int]
Drawing = tuple[int, tuple[int, int], Places, Places]
# a piece as the engine holds it -> where it is drawn; a few hundred pieces exist
_DRAWN: dict[Any, Drawing] = {}


def _drawing(piece: dict[str, Any]) -> Drawing:
    """A piece (as `piece_json` writes it): its owner, the indices of its two cubes in
    a plane, then the four values it sets in its owner's tensor and in the other's."""
    cells = [(CELL_INDEX[c], z - 1) for c, z in piece["cubes"]]
    (fa, ra, za), (fb, rb, zb) = [(file_of(cell), rank_of(cell), z) for cell, z in cells]
    first, second = _at(0, za, fa, ra), _at(0, zb, fb, rb)
    if piece["kind"] == "V":
        kinds = (2 * PLANE + first, 3 * PLANE + second)
    else:
        low, high = (4, 5) if fa != fb else (6, 7)
        kinds = (low * PLANE + first, high * PLANE + second)
    return (
        piece["owner"],
        (first, second),
        (first, second, *kinds),
        (PLANE + first, PLANE + second, *kinds),
    )


def _at(plane: int, z: int, f: int, r: int) -> int:
    """The flat index of (plane, level, file, rank) in the `cubes` block."""
    return ((plane * LEVELS + z) * 3 + f) * 3 + r
