"""OpenSpiel's Python observer for tablier games: tensors and strings from one seat's view."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from tablier.research.interface import ResearchInterface


class TablierObserver:
    """OpenSpiel's Python observer: the seat's tensor, its picture, or its observation."""

    def __init__(self, research: ResearchInterface, perfect_recall: bool) -> None:
        self.research = research
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(research.tensors.size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in research.tensors.blocks:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size

    def set_from(self, state: Any, player: int) -> None:
        inner = state.inner
        if inner is None:  # Qui'win before the deal: nothing is seen yet
            self.tensor.fill(0)
            return
        self.tensor[:] = self.research.tensors.encode(inner.observation(player), player)

    def string_from(self, state: Any, player: int) -> str:
        inner = state.inner
        if inner is None:
            return state.deal_string(player)
        if self.perfect_recall:
            return json.dumps(inner.observation(player), sort_keys=True, separators=(",", ":"))
        return str(inner.render_text(player, "en"))
