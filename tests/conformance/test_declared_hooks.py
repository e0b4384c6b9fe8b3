"""Every hook a game declares resolves, for every registered game, through the one resolver.

A game names its extensions as "module:attribute" strings in its `Hooks` (players,
heuristics, HTTP routes, command-line sub-commands, its research interface, its own
OpenSpiel game) and in its options (upload checkers); a typo there would only show when
that one feature is used. Here each is resolved by `Game.resolve_hook` / `core.hooks.
resolve`, what each names is checked to be of the kind the platform expects, the web
files its manifest declares are checked to exist (and every board file the client ships
to be declared), and its `chance` fact is checked against what two seeds do.
"""

from __future__ import annotations

import importlib.util
import json
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
from tablier.server.web_manifest import KINDS as WEB_KINDS
from tablier.server.web_manifest import web_files

GAMES = registry.game_ids()
WEB = Path(tablier.__file__).resolve().parent / "web"
LANGS = ("fr", "en")


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


def _declared_files(game_id: str) -> dict[str, list[Path]]:
    """Each declared kind's files, a messages file once per language."""
    files = web_files(game_id)
    return {
        kind: [found.file.with_name(found.file.name.replace("{lang}", lang)) for lang in LANGS]
        if "{lang}" in found.file.name
        else [found.file]
        for kind, found in files.items()
    }


@pytest.mark.parametrize("game_id", GAMES)
def test_every_declared_web_file_exists(game_id: str) -> None:
    declared = _declared_files(game_id)
    assert set(declared) <= set(WEB_KINDS), f"{game_id}: unknown web kinds {set(declared)}"
    for kind, paths in declared.items():
        for path in paths:
            assert path.is_file(), f"{game_id}: web_assets[{kind}] -> {path} is missing"
    for path in declared.get("messages", []):
        # a board's words sit under its game id, so that merged catalogues cannot clash
        assert list(json.loads(path.read_text(encoding="utf-8"))) == [game_id], path
    if "board" in declared:
        tag = f'export const TAG = "{game_id}-board"'
        assert tag in declared["board"][0].read_text(encoding="utf-8"), f"{game_id}: {tag}"


def test_no_board_file_of_the_client_is_left_undeclared() -> None:
    declared = {p.resolve() for g in GAMES for paths in _declared_files(g).values() for p in paths}
    boards = WEB / "js" / "boards"
    shipped = [
        *(p for kind in ("board", "host", "puzzle") for p in boards.glob(f"*-{kind}.js")),
        *(WEB / "i18n" / "boards").glob("*.json"),
    ]
    # the generic board is the client's own, for every game that declares none
    shipped = [p for p in shipped if p.name != "generic-board.js"]
    assert shipped
    undeclared = sorted(str(p.relative_to(WEB)) for p in shipped if p.resolve() not in declared)
    assert not undeclared, f"web files no game's manifest declares: {undeclared}"


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
