"""`tablier` lists its commands without importing them: no game, server or AI at startup.

A game's commands are declared as entry points (group `tablier.commands`) and imported
only when one of them runs; the built-in commands too are imported one at a time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import entry_points

import pytest
import typer
from typer.testing import CliRunner

from tablier.cli.lazy import Lazy
from tablier.cli.root import COMMANDS_GROUP, app, commands, game_of
from tablier.core.registry import game_class, game_ids

runner = CliRunner()

# what starting the command line must not pull in (the first is the point of issue 43)
HEAVY = ("tablier.games", "tablier.server", "tablier.ai", "tablier.study", "tablier.research")


# runs `python -m tablier ARGS` as a person does, then names every module it imported
# (sys.modules at exit: `-X importtime` misses modules loaded by importlib.import_module)
PROBE = """
import atexit, json, runpy, sys
atexit.register(lambda: print("MODULES:" + json.dumps(sorted(sys.modules)), file=sys.stderr))
sys.argv = ["tablier", *sys.argv[1:]]
runpy.run_module("tablier", run_name="__main__", alter_sys=True)
"""


def _imported(*args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    env = {k: v for k, v in os.environ.items() if k != "TABLIER_LANG"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**env, "COLUMNS": "200"},
    )
    found = [line for line in done.stderr.splitlines() if line.startswith("MODULES:")]
    assert len(found) == 1, done.stderr[-2000:]
    return done, set(json.loads(found[0].removeprefix("MODULES:")))


def _under(modules: set[str], package: str) -> list[str]:
    return sorted(m for m in modules if m == package or m.startswith(package + "."))


def test_help_lists_every_command_without_importing_a_game() -> None:
    done, modules = _imported("--help")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "tablier.cli.root" in modules  # the measure itself works
    for package in HEAVY:
        assert _under(modules, package) == [], package
    for name in ("games", "play", "serve", "study", "problems", "deck", "puzzle"):
        assert f" {name} " in done.stdout, name
    # a game's command, listed without its module: a generic line in French
    assert "Commandes propres au jeu quiadiquoi" in done.stdout


def test_a_command_imports_only_what_it_runs() -> None:
    done, modules = _imported("deck", "--help")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "tablier.games.quiadiquoi.cli" in modules
    assert _under(modules, "tablier.games.counterplays") == []
    assert _under(modules, "tablier.server") == []
    assert "Vérifier un paquet" in done.stdout


def test_a_command_about_one_game_imports_that_game_only() -> None:
    done, modules = _imported("rules", "kwinty")
    assert done.returncode == 0, done.stderr[-2000:]
    games = {".".join(m.split(".")[:3]) for m in _under(modules, "tablier.games")}
    assert games == {"tablier.games", "tablier.games.kwinty"}


@pytest.mark.parametrize(
    ("words", "shown"),
    [
        (["deck", "--help"], ["check", "import", "Les paquets de QuiAdiQuoi"]),
        (["puzzle", "--help"], ["triangle", "rhombus", "level6", "énigmes solo"]),
        (["puzzle", "triangle", "--help"], ["--side"]),
        (["study", "--help"], ["--players", "Étude d'équilibre"]),
        (["problems", "--help"], ["generate", "count"]),
    ],
)
def test_lazy_commands_show_their_own_help(words: list[str], shown: list[str]) -> None:
    result = runner.invoke(app, words, env={"TABLIER_LANG": "fr", "COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for text in shown:
        assert text in result.output


def test_an_unknown_command_is_refused_with_the_close_names() -> None:
    result = runner.invoke(app, ["nope"])
    assert result.exit_code == 2
    assert "nope" in result.output
    # the suggestion looks among the listed commands, imported or not
    result = runner.invoke(app, ["plya"])
    assert result.exit_code == 2
    assert "'play'" in result.output


def test_game_commands_are_declared_and_resolve() -> None:
    points = {p.name: p for p in entry_points(group=COMMANDS_GROUP)}
    assert {"deck", "puzzle"} <= set(points)
    for name, point in points.items():
        # each belongs to an installed game and names a Typer app
        assert game_of(point.module) in game_ids(), name
        assert isinstance(point.load(), typer.Typer), name
    # what a game class says it adds is what the metadata lists (one source for the CLI)
    for game_id in game_ids():
        declared = getattr(game_class(game_id), "cli_commands", {})
        for name, target in declared.items():
            assert points[name].value == target, (game_id, name)


def test_every_listed_command_loads() -> None:
    table = commands()
    assert list(table)[:3] == ["games", "rules", "play"]
    for name, lazy in table.items():
        assert isinstance(lazy, Lazy)
        loaded = lazy.load(name)
        assert loaded.name == name
        assert loaded.help, name
