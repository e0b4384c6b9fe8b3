"""Every hook a game declares resolves, for every registered game, through the one resolver.

A game names its extensions as "module:attribute" strings in its `Hooks` (players,
heuristics, HTTP routes, command-line sub-commands, its research interface, its own
OpenSpiel game) and in its options (upload checkers); a typo there would only show when
that one feature is used. Here each is resolved by `Game.resolve_hook` / `core.hooks.
resolve`, what each names is checked to be of the kind the platform expects, the web
files it declares are checked against the web client, and its `chance` fact is checked
against what two seeds do.
"""

from __future__ import annotations

import importlib.util
import os
import random
from pathlib import Path

import numpy as np
import pytest

import tablier
from tablier.ai.knowledge import heuristics_for
from tablier.core import registry
from tablier.core.heuristics import Heuristics
from tablier.core.hooks import resolve

GAMES = registry.game_ids()
WEB = Path(tablier.__file__).resolve().parent / "web"
# the web files the client finds by name today: js/boards/<id>-<kind>.js
WEB_KINDS = ("board", "host", "puzzle")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_hook_named_by_the_game_resolves(game_id: str) -> None:
    cls = registry.game_class(game_id)
    declared = cls.declared_hooks()
    for hook, where in declared:
        assert resolve(where, game=game_id, hook=hook) is not None, f"{game_id}: {hook}"
    for name in cls.named_players:
        assert callable(cls.resolve_hook("named_players", name))
    for name in cls.cli_commands:
        assert callable(cls.resolve_hook("cli_commands", name))  # a Typer application
    if cls.http_routes is not None:
        assert hasattr(cls.resolve_hook("http_routes"), "routes")  # a FastAPI APIRouter
    if cls.openspiel_game is not None:
        assert isinstance(cls.resolve_hook("openspiel_game"), str)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_declared_heuristics_are_those_the_search_finds(game_id: str) -> None:
    game = tablier.load(game_id)
    found = heuristics_for(game)
    make = type(game).resolve_hook("heuristics")
    if make is None:
        assert type(found) is Heuristics, f"{game_id} ships heuristics it does not declare"
    else:
        made = make(game)
        assert isinstance(made, Heuristics) and type(made) is type(found)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_declared_web_files_are_those_the_client_ships(game_id: str) -> None:
    assets = registry.game_class(game_id).web_assets
    for kind, path in assets.items():
        assert (WEB / path).is_file(), f"{game_id}: web_assets[{kind}] = {path} is missing"
    for kind in WEB_KINDS:
        shipped = f"js/boards/{game_id}-{kind}.js"
        if (WEB / shipped).is_file():
            assert assets.get(kind) == shipped, f"{game_id} ships {shipped} undeclared"
        else:
            assert kind not in assets, f"{game_id}: the client looks for {shipped}"


def _random_line(game_id: str, seeds: tuple[int, int], moves: int) -> list[list[object]]:
    """The spectator's view after each move of one random line, replayed under two seeds
    (a line only as long as both seeds allow the same moves)."""
    game = tablier.load(game_id)
    states = [game.new_state(seed=seed) for seed in seeds]
    rng = random.Random(5)
    seen: list[list[object]] = []
    for _ in range(moves):
        seen.append([s.observation(None) for s in states])
        players = states[0].current_players()
        if not players or any(s.current_players() != players for s in states[1:]):
            break
        legal = [str(m) for m in states[0].legal_moves(players[0])]
        if any(sorted(str(m) for m in s.legal_moves(players[0])) != sorted(legal) for s in states):
            seen.append([None, "the legal moves differ"])
            break
        move = rng.choice(legal)
        for state in states:
            state.apply(players[0], move)
    return seen


@pytest.mark.parametrize("game_id", GAMES)
def test_the_chance_fact_matches_what_two_seeds_do(game_id: str) -> None:
    if registry.game_class(game_id).chance:
        different = any(
            any(a != b for a, b in _random_line(game_id, (1, seed), moves=12))
            for seed in range(2, 8)
        )
        assert different, f"{game_id} declares chance but every seed plays alike"
    else:
        seen = _random_line(game_id, (1, 2), moves=12)
        assert all(a == b for a, b in seen), f"{game_id} declares no chance, yet seeds differ"


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

    name = registry.game_class(game_id).resolve_hook("openspiel_game")
    assert isinstance(name, str)
    assert pyspiel.load_game(name).get_type().short_name == name
