"""Finding a game's research interface and the helpers every framework adapter shares.

A game offers itself to research frameworks by naming a factory in
`Game.research_interface` ("module:factory"). The factory gets the game, its options
fixed, and returns an object with:

- `actions`: a fixed action table: `size`, `encode(move) -> int`, `decode(int) -> Move`;
  a number means the same move in every position of the game;
- `tensors`: `size`, `blocks` (named shapes, flattened one after the other) and
  `encode(observation, seat) -> np.ndarray` (float32), built from `observation(seat)`
  only, so it holds nothing the seat may not see.

Optional, for the environments' speed (docs/research.md, "Speed"):

- `encodings`: other numberings of the same moves, by name (`{"window": table}`); the
  environments use the first by default and keep `actions` under the name `"table"`.
  Such a table may leave rare moves without a number (`encode` raises ValueError);
  it may offer `number_moves(moves) -> (numbers, moves numbered)`, the environments'
  way to number a whole list at once;
- `tensors.follower()`: an object whose `tensor(state, seat)` equals
  `encode(state.observation(seat), seat)` but is updated move by move from the state
  itself; only a game without hidden information offers one.

A game declares, beside it, the names frameworks offer it under
(`Game.research_variants`, each fixing some options; by default its id) and, where the
generic turn-based OpenSpiel game cannot hold it, its own (`Game.openspiel_game`).
Nothing here names a game. QuiAdiQuoi declares no interface: its answers are free text
judged by people (see docs/research.md).
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from tablier.core.game import Game
from tablier.core.move import Move
from tablier.core.registry import game_class, game_ids
from tablier.core.state import State


class ActionTable(Protocol):
    size: int

    def encode(self, move: str) -> int: ...

    def decode(self, action: int) -> Move: ...


class Tensors(Protocol):
    size: int
    blocks: tuple[tuple[str, tuple[int, ...]], ...]

    def encode(self, observation: dict[str, Any], seat: int) -> np.ndarray: ...


class ResearchInterface(Protocol):
    actions: ActionTable
    tensors: Tensors


class TensorFollower(Protocol):
    def tensor(self, state: State, seat: int) -> np.ndarray: ...


TABLE = "table"


def encodings(research: ResearchInterface) -> dict[str, ActionTable]:
    """The numberings the environments offer, the default first: the interface's
    `encodings` if it declares any, then its fixed table as `"table"`."""
    offered: dict[str, ActionTable] = dict(getattr(research, "encodings", None) or {})
    offered[TABLE] = research.actions
    return offered


def research_game_ids() -> list[str]:
    """The games that declare a research interface."""
    return [g for g in game_ids() if game_class(g).research_interface is not None]


# the environments and the generic OpenSpiel game seat two players
SEATS = 2


def offered_names() -> dict[str, tuple[str, dict[str, Any]]]:
    """Every name research frameworks offer -> (game id, the options it fixes), from
    what the two-player games with a research interface declare."""
    offered: dict[str, tuple[str, dict[str, Any]]] = {}
    for game_id in research_game_ids():
        cls = game_class(game_id)
        if not cls.min_players <= SEATS <= cls.max_players:
            continue
        for name, fixed in (cls.research_variants or {game_id: {}}).items():
            if name in offered:
                raise RuntimeError(f"{game_id} and {offered[name][0]} both declare {name!r}")
            offered[name] = (game_id, dict(fixed))
    return offered


_CACHE: dict[tuple[str, tuple[tuple[str, Any], ...]], ResearchInterface] = {}


def interface(game: Game) -> ResearchInterface:
    """The research interface of `game` (built once per game and options)."""
    key = (game.id, tuple(sorted(game.options.items())))
    found = _CACHE.get(key)
    if found is None:
        where = game.research_interface
        if where is None:
            raise ValueError(f"{game.id} declares no research interface (docs/research.md)")
        found = game.resolve_hook("research_interface")(game)
        _CACHE[key] = found
    return found


def legal_actions(state: State, seat: int) -> list[int]:
    """The numbers of `seat`'s legal moves now, ascending ([] when he is not awaited)."""
    table = interface(state.game).actions
    return sorted(table.encode(m) for m in state.legal_moves(seat))


def legal_mask(state: State, seat: int) -> np.ndarray:
    """1 at the number of every legal move of `seat`, 0 elsewhere (int8)."""
    table = interface(state.game).actions
    mask = np.zeros(table.size, np.int8)
    mask[legal_actions(state, seat)] = 1
    return mask


def tensor(state: State, seat: int) -> np.ndarray:
    """The observation tensor of `seat`, from `state.observation(seat)` alone."""
    return interface(state.game).tensors.encode(state.observation(seat), seat)
