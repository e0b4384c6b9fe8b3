"""OpenSpiel's Python observers for tablier games, one per kind of view OpenSpiel asks
for (`pyspiel.IIGObservationType`), all built from `observation(seat)` alone:

- the **observation** (the default): the seat's observation tensor and its text
  picture;
- the **information state** (`perfect_recall`): the seat's whole observation as JSON,
  which holds its own moves and every public event (perfect recall), and as tensor the
  game's information-state tensor where one is declared (Qui'win:
  `quiwin_infostate.py`); a game without one refuses the tensor with
  `NoInformationStateTensor` instead of handing out the observation tensor;
- the **public** view (`private_info=NONE`): what a spectator sees, as JSON;
- the **private** part (`public_info=False`, one seat's private information): what the
  seat sees that a spectator does not, as JSON; "" in a perfect-information game.

The public and private views are strings only.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from tablier.research.interface import Tensors


class NoInformationStateTensor(RuntimeError):
    """The game declares no information-state tensor (`provides_information_state_tensor`)."""


def _json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class TablierObserver:
    """OpenSpiel's Python observer of one kind (see the module's text)."""

    KINDS = ("observation", "information_state", "public", "private")

    def __init__(
        self, kind: str, tensors: Tensors | None = None, game_name: str = "this game"
    ) -> None:
        if kind not in self.KINDS:
            raise ValueError(f"unknown observer kind {kind!r}")
        self.kind = kind
        self.tensors = tensors
        self.game_name = game_name
        self.dict: dict[str, np.ndarray] = {}
        self.tensor: np.ndarray | None = None
        if kind in ("public", "private"):
            return  # strings only
        self.tensor = np.zeros(0 if tensors is None else tensors.size, np.float32)
        start = 0
        for name, shape in () if tensors is None else tensors.blocks:
            block = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + block].reshape(shape)
            start += block

    def set_from(self, state: Any, player: int) -> None:
        if self.tensor is None:
            return
        if self.tensors is None:
            raise NoInformationStateTensor(
                f"{self.game_name} provides no information-state tensor (its game type says "
                "provides_information_state_tensor=False): use information_state_string, or "
                "the observation tensor; see docs/research.md"
            )
        inner = state.inner
        if inner is None:  # Qui'win before the deal: nothing is seen yet
            self.tensor.fill(0)
            return
        self.tensor[:] = self.tensors.encode(inner.observation(player), player)

    def string_from(self, state: Any, player: int) -> str:
        inner = state.inner
        if inner is None:
            return str(state.deal_string(player)) if self.kind != "public" else ""
        if self.kind == "information_state":
            return _json(inner.observation(player))
        if self.kind == "public":
            return _json(inner.observation(None))
        if self.kind == "private":
            mine, public = inner.observation(player), inner.observation(None)
            private = {
                key: value
                for key, value in mine.items()
                if key != "viewer" and value != public.get(key)
            }
            return _json(private) if private else ""
        return str(inner.render_text(player, "en"))


def make_observer(
    iig_obs_type: Any,
    params: dict[str, Any] | None,
    observation: Tensors,
    information_state: Tensors | None,
    game_name: str,
) -> TablierObserver:
    """The observer OpenSpiel asks a Python game for (`make_py_observer`)."""
    if params:
        raise ValueError(f"observation parameters are not supported, got {params}")
    if iig_obs_type is None:
        return TablierObserver("observation", observation, game_name)
    if iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE:
        return TablierObserver("public", None, game_name)
    if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
        raise ValueError(f"{game_name} offers no view of every seat's private information")
    if not iig_obs_type.public_info:
        return TablierObserver("private", None, game_name)
    if iig_obs_type.perfect_recall:
        return TablierObserver("information_state", information_state, game_name)
    return TablierObserver("observation", observation, game_name)
