"""Engine speed through the public contract: random playouts per game.

    python benchmarks/engine.py                 # every game, 3 s each
    python benchmarks/engine.py --game kwinty --seconds 10

Prints, per game: random-playout moves per second, playouts per second and legal-move
generations per second. For Kwinty, when OpenSpiel (`pyspiel`) is importable, the
same figures for OpenSpiel's C++ `gomoku` driven from Python, and the ratio.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Callable

import tablier

TEMPLATE = re.compile(r"<[^>]*>")


def playout_contract(game_id: str, seed: int) -> tuple[int, int]:
    """One random game through the contract; returns (moves, legal-move calls)."""
    game = tablier.load(game_id)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    moves = calls = 0
    while not state.is_terminal() and moves < 5000:
        player = rng.choice(state.current_players())
        legal = state.legal_moves(player)
        calls += 1
        move = str(rng.choice(legal))
        if "<" in move:
            move = TEMPLATE.sub("x", move)
        state.apply(player, move)
        moves += 1
    return moves, calls


def playout_gomoku(seed: int) -> tuple[int, int]:
    import pyspiel

    game = pyspiel.load_game("gomoku")
    rng = random.Random(seed)
    state = game.new_initial_state()
    moves = calls = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        calls += 1
        state.apply_action(rng.choice(actions))
        moves += 1
    return moves, calls


def measure(playout: Callable[[int], tuple[int, int]], seconds: float) -> dict[str, float]:
    start = time.perf_counter()
    games = moves = calls = 0
    while time.perf_counter() - start < seconds:
        m, c = playout(games)
        games += 1
        moves += m
        calls += c
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "moves_per_s": moves / elapsed,
        "playouts_per_s": games / elapsed,
        "legal_per_s": calls / elapsed,
    }


def line(name: str, figures: dict[str, float]) -> str:
    return (
        f"{name:<22} {figures['moves_per_s']:>12,.0f} moves/s {figures['playouts_per_s']:>10,.1f}"
        f" playouts/s {figures['legal_per_s']:>12,.0f} legal-move lists/s"
        f"  ({figures['games']:.0f} games)"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=tablier.game_ids(), action="append")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {args.seconds:g} s per measurement")
    for game_id in args.game or tablier.game_ids():
        figures = measure(lambda seed, g=game_id: playout_contract(g, seed), args.seconds)
        print(line(game_id, figures))
        if game_id == "kwinty":
            try:
                import pyspiel  # noqa: F401
            except ImportError:
                print(f"{'':<22} (OpenSpiel not installed: no gomoku comparison)")
                continue
            theirs = measure(playout_gomoku, args.seconds)
            print(line("openspiel gomoku (C++)", theirs))
            ratio = figures["moves_per_s"] / theirs["moves_per_s"]
            print(f"{'':<22} ratio kwinty/gomoku (moves/s): {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
