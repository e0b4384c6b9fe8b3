"""Every hook a game declares by name resolves, for every registered game.

A game names its extensions as "module:attribute" strings (players, HTTP routes,
command-line sub-commands, its research interface, its own OpenSpiel game); a typo
there would only show when that one feature is used. Here each is resolved, and the
research interface and variants are built for real.
"""

from __future__ import annotations

import importlib.util
import os
from pkgutil import resolve_name

import numpy as np
import pytest

import tablier
from tablier.core import registry

GAMES = registry.game_ids()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_hook_named_by_the_game_resolves(game_id: str) -> None:
    cls = registry.game_class(game_id)
    named = [*cls.named_players.values(), *cls.cli_commands.values()]
    named += [where for where in (cls.http_routes, cls.research_interface) if where]
    for where in named:
        assert resolve_name(where) is not None, f"{game_id}: {where} resolves to nothing"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_research_interface_and_variants_are_built(game_id: str) -> None:
    cls = registry.game_class(game_id)
    if cls.research_interface is None:
        assert not cls.research_variants and cls.openspiel_game is None
        return
    from tablier.research.interface import interface, legal_actions

    for fixed in cls.research_variants.values() or [{}]:
        game = tablier.load(game_id, **fixed)
        research = interface(game)
        state = game.new_state(seed=3)
        seat = state.current_players()[0]
        numbers = legal_actions(state, seat)
        assert numbers and 0 <= numbers[0] <= numbers[-1] < research.actions.size
        assert {str(research.actions.decode(n)) for n in numbers} == {
            str(m) for m in state.legal_moves(seat)
        }
        encoded = research.tensors.encode(state.observation(seat), seat)
        assert encoded.dtype == np.float32 and encoded.shape == (research.tensors.size,)
        assert sum(int(np.prod(shape)) for _, shape in research.tensors.blocks) == encoded.size


@pytest.mark.parametrize(
    "game_id", [g for g in GAMES if registry.game_class(g).openspiel_game is not None]
)
def test_a_declared_openspiel_game_is_registered(game_id: str) -> None:
    if importlib.util.find_spec("pyspiel") is None and os.environ.get("CI") != "true":
        pytest.skip("the research extra is not installed")
    import pyspiel

    where = registry.game_class(game_id).openspiel_game
    assert where is not None
    name = resolve_name(where)
    assert pyspiel.load_game(name).get_type().short_name == name
