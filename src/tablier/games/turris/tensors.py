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

    Turris hides nothing. The cube planes of the pieces (0-7, held by colour) change
    only where `state.pieces` changed since the last call (a piece placed, a piece
    removed by a bonus), so only those pieces are drawn or wiped; the small planes of
    the moment (closed cubes, last pieces) and the scalars are written at each call.
    A state other than the one followed, or one with fewer pieces, starts again.
    """

    def __init__(self) -> None:
        self._state: Any = None
        self._known: list[Any] = []
        self._places: dict[int, list[tuple[int, int, int]]] = {}
        self._cubes = np.zeros((8, LEVELS, 3, 3), np.float32)

    def tensor(self, state: Any, seat: int) -> np.ndarray:
        pieces = state.pieces
        known = self._known
        if state is not self._state or len(pieces) < len(known):
            self._state, known = state, []
            self._places.clear()
            self._cubes[:] = 0
        for i, piece in enumerate(pieces):
            if i < len(known) and piece is known[i]:
                continue
            if i in self._places:
                self._wipe(i)
            if piece is not None:
                self._draw(i, state.piece_json(i))
        self._known = list(pieces)
        out = np.zeros(PLANES * LEVELS * 9 + SCALARS, np.float32)
        cubes = out[: PLANES * LEVELS * 9].reshape(PLANES, LEVELS, 3, 3)
        cubes[0:8] = self._cubes
        if seat == 1:
            cubes[0], cubes[1] = self._cubes[1], self._cubes[0]
        for who, plane in ((seat, 8), (1 - seat, 9)):
            for cell, z in state.forbidden[who]:
                if 1 <= z <= LEVELS:
                    cubes[plane, z - 1, file_of(cell), rank_of(cell)] = 1
        for who, plane in ((seat, 10), (1 - seat, 11)):
            for f, r, z in self._places.get(state.last_placed[who], ()):
                cubes[plane, z, f, r] = 1
        history = state.history
        out[PLANES * LEVELS * 9 :] = (
            state.current_players() == [seat],
            state.in_bonus,
            state.supply[seat] / PIECES_EACH,
            state.supply[1 - seat] / PIECES_EACH,
            bool(history) and history[-1][1] == "pass",
            state.lowest_incomplete() / LEVELS,
            bool(state.game.options.get("bonus_chain")),
        )
        return out

    def _draw(self, piece_id: int, piece: dict[str, Any]) -> None:
        owner = piece["owner"]
        places = [(CELL_INDEX[c], z - 1) for c, z in piece["cubes"]]
        cubes = self._cubes
        for cell, z in places:
            cubes[owner, z, file_of(cell), rank_of(cell)] = 1
        (a, z), (b, z2) = places
        if piece["kind"] == "V":
            cubes[2, z, file_of(a), rank_of(a)] = 1
            cubes[3, z2, file_of(b), rank_of(b)] = 1
        else:
            along_file = file_of(a) != file_of(b)
            cubes[4 if along_file else 6, z, file_of(a), rank_of(a)] = 1
            cubes[5 if along_file else 7, z, file_of(b), rank_of(b)] = 1
        self._places[piece_id] = [(file_of(c), rank_of(c), z) for c, z in places]

    def _wipe(self, piece_id: int) -> None:
        # a cube position holds one piece at a time: every plane there was this piece's
        for f, r, z in self._places.pop(piece_id):
            self._cubes[:, z, f, r] = 0
