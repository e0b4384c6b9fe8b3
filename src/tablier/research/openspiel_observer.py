"""OpenSpiel's Python observer for tablier games: tensors and strings from one seat's view.

Asked for an observation (`perfect_recall` False) it gives the seat's observation
tensor and its text picture. Asked for the information state (`perfect_recall` True)
it gives the seat's whole observation as JSON (which holds its own moves and every
public event: perfect recall), and as tensor the game's information-state tensor where
one is declared (Qui'win: `quiwin_infostate.py`); a game without one refuses the
tensor with a clear error instead of handing out the observation tensor.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from tablier.research.interface import Tensors


class NoInformationStateTensor(RuntimeError):
    """The game declares no information-state tensor (`provides_information_state_tensor`)."""


class TablierObserver:
    """OpenSpiel's Python observer: the seat's tensor, its picture, or its observation."""

    def __init__(
        self, tensors: Tensors | None, perfect_recall: bool, game_name: str = "this game"
    ) -> None:
        self.tensors = tensors
        self.perfect_recall = perfect_recall
        self.game_name = game_name
        size = 0 if tensors is None else tensors.size
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in () if tensors is None else tensors.blocks:
            block = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + block].reshape(shape)
            start += block

    def set_from(self, state: Any, player: int) -> None:
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
            return str(state.deal_string(player))
        if self.perfect_recall:
            return json.dumps(inner.observation(player), sort_keys=True, separators=(",", ":"))
        return str(inner.render_text(player, "en"))
