"""Research interfaces: fixed action numbers, observation tensors, PettingZoo environments
and OpenSpiel games for every game that declares a research interface (today Kwinty in
both variants, Turris, Counterplays and Qui'win, and any game installed beside them).

Needs the `research` extra (`pip install tablier[research]`): PettingZoo, Gymnasium and
OpenSpiel. `docs/research.md` explains the design and gives runnable examples.
"""

from tablier.research.interface import (
    ResearchInterface,
    interface,
    legal_actions,
    legal_mask,
    research_game_ids,
    tensor,
)

__all__ = [
    "ResearchInterface",
    "interface",
    "legal_actions",
    "legal_mask",
    "research_game_ids",
    "tensor",
]
