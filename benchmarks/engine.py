"""Engine speed through the public contract: random playouts per game.

    python benchmarks/engine.py                 # every game, 3 s each
    python benchmarks/engine.py --game kwinty --seconds 10
    python benchmarks/engine.py --ratios        # only the playouts and their ratios
    python benchmarks/engine.py --clock wall    # wall-clock seconds instead of CPU time

Prints, per game: random-playout moves per second, playouts per second and legal-move
generations per second, and, when OpenSpiel (`pyspiel`) is importable, the ratio of its
moves per second to those of OpenSpiel's C++ `gomoku` driven by the same Python loop in
the same run (the two measured in alternating slices, so a shared machine's load
weighs on both alike). For Counterplays, in the same run, the engine's two Python generators:
the one that remembers placements across moves (used where the compiled generator
cannot be built) and the one before it (every position computed from scratch).
For Kwinty and Turris, the search's own playouts per second, compiled (fastplay.c)
and in Python, and with `--search`, `hard`'s iterations per second with each.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import random
import re
import sys
import time
from collections.abc import Callable

import tablier
from tablier.core.state import State

TEMPLATE = re.compile(r"<[^>]*>")
# the playouts' clock: this process's CPU time by default, which other processes on a
# shared machine barely move; wall time with --clock wall
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]


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


def measure(
    playout: Callable[[int], tuple[int, int]], seconds: float, first_seed: int = 0
) -> dict[str, float]:
    """Playouts with seeds first_seed, first_seed + 1, ... for about `seconds`."""
    start = clock()
    games = moves = calls = 0
    while clock() - start < seconds:
        m, c = playout(first_seed + games)
        games += 1
        moves += m
        calls += c
    elapsed = clock() - start
    figures: dict[str, float] = {"games": games, "moves": moves, "calls": calls, "elapsed": elapsed}
    figures.update(rates(figures))
    return figures


def rates(figures: dict[str, float]) -> dict[str, float]:
    elapsed = figures["elapsed"]
    return {
        "moves_per_s": figures["moves"] / elapsed,
        "playouts_per_s": figures["games"] / elapsed,
        "legal_per_s": figures["calls"] / elapsed,
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
    parser.add_argument(
        "--search",
        action="store_true",
        help="also `hard`'s search iterations per second on Counterplays, Kwinty and Turris, "
        "before and after",
    )
    parser.add_argument(
        "--ratios",
        action="store_true",
        help="only the random playouts through the contract and their gomoku ratios",
    )
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="time the playouts by this process's CPU time (default) or by the wall clock",
    )
    args = parser.parse_args(argv)
    global clock
    clock = CLOCKS[args.clock]
    print(
        f"Python {sys.version.split()[0]}, {args.seconds:g} s per measurement ({args.clock} time)"
    )
    ratios: dict[str, float] = {}
    for game_id in args.game or tablier.game_ids():
        figures, gomoku = measure_alongside_gomoku(
            functools.partial(playout_contract, game_id), args.seconds
        )
        print(line(game_id, figures))
        if gomoku is not None:
            ratios[game_id] = figures["moves_per_s"] / gomoku["moves_per_s"]
            print(line("  openspiel gomoku (C++)", gomoku))
            print(f"{'':<22} ratio {game_id}/gomoku (moves/s): {ratios[game_id]:.3f}")
        if args.ratios:
            continue
        if game_id == "counterplays":
            print_counterplays_ways(figures, args.seconds)
            if args.search:
                print_search_speed()
        if game_id in ("kwinty", "turris"):
            print_compiled_playouts(game_id, args.seconds, search=args.search)
    if ratios:
        print("ratios to gomoku: " + ", ".join(f"{g} {r:.3f}" for g, r in ratios.items()))
    else:
        print("(OpenSpiel not installed: no gomoku comparison)")
    return 0


def measure_alongside_gomoku(
    playout: Callable[[int], tuple[int, int]], seconds: float, slices: int = 6
) -> tuple[dict[str, float], dict[str, float] | None]:
    """`playout`'s figures and, without OpenSpiel None, gomoku's, measured in turns.

    The two alternate in short slices (`seconds` each in all), so that the load of
    a shared machine weighs on both alike and their ratio holds even when it drifts.
    """
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return measure(playout, seconds), None
    totals: dict[str, dict[str, float]] = {}
    for _ in range(slices):
        for name, way in (("game", playout), ("gomoku", playout_gomoku)):
            done = int(totals[name]["games"]) if name in totals else 0
            part = measure(way, seconds / slices, first_seed=done)
            whole = totals.setdefault(name, dict.fromkeys(part, 0.0))
            for key, value in part.items():
                whole[key] += value
    for whole in totals.values():
        whole.update(rates(whole))
    return totals["game"], totals["gomoku"]


def print_search_speed(positions: int = 8) -> None:
    """`hard` (1.8 s a move) on mid-game positions with each generator, twice."""
    from tablier.ai.players import make_player
    from tablier.games.counterplays.state import CounterplaysState

    game = tablier.load("counterplays")
    states = mid_game_states("counterplays", positions, 4, 16)
    ways = [("from scratch", False, False), ("remembered", False, True), ("compiled", True, True)]
    for name, compiled, remember in ways * 2:
        CounterplaysState.compiled, CounterplaysState.remember = compiled, remember
        try:
            iterations = seconds = 0.0
            for state in states:
                # the positions were made with the default engine: rebuild them this way
                twin = game.new_state(seed=state.seed)
                for player, move in state.history:
                    twin.apply(player, move)
                searcher = make_player("hard", game, seed=1)
                seat = twin.current_players()[0]
                searcher.choose(twin.observation(seat), seat)
                report = getattr(searcher, "last_report")  # noqa: B009 - MCTS players only
                iterations += report.iterations
                seconds += report.seconds
        finally:
            CounterplaysState.compiled = CounterplaysState.remember = True
        print(f"{'':<22} hard's search, {name:<12} {iterations / seconds:>8,.0f} iterations/s")


def mid_game_states(game_id: str, positions: int, low: int, high: int) -> list[State]:
    """`positions` positions after a random number of random moves in [low, high)."""
    game = tablier.load(game_id)
    states = []
    for seed in range(positions):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        for _ in range(rng.randrange(low, high)):
            if state.is_terminal():
                break
            player = state.current_players()[0]
            state.apply(player, rng.choice(state.legal_moves(player)))
        states.append(state)
    return states


def print_compiled_playouts(game_id: str, seconds: float, *, search: bool) -> None:
    """The search's playouts from mid-game positions, compiled and in Python, twice;
    with `search`, `hard`'s iterations per second each way."""
    from tablier.ai.knowledge import heuristics_for
    from tablier.ai.players import make_player

    module = importlib.import_module(f"tablier.games.{game_id}.fastplay")
    states = [s for s in mid_game_states(game_id, 8, 6, 20) if not s.is_terminal()]
    game = states[0].game
    knowledge = heuristics_for(game)
    if module.load() is None:
        print(f"{'':<22} (no C compiler or cffi here: the playouts stay in Python)")
        return
    rates: dict[bool, float] = {}
    for compiled in (True, False) * 2:
        knowledge.compiled_playouts = compiled  # type: ignore[attr-defined]
        rng = random.Random(1)
        start = time.perf_counter()
        done = 0
        while time.perf_counter() - start < seconds:
            knowledge.playout(states[done % len(states)].clone(), rng)
            done += 1
        rates[compiled] = done / (time.perf_counter() - start)
        way = "compiled" if compiled else "Python"
        print(f"{'':<22} search playouts, {way:<8} {rates[compiled]:>10,.0f} playouts/s")
    print(f"{'':<22} compiled / Python (playouts/s): {rates[True] / rates[False]:.1f}")
    if not search:
        return
    for compiled in (True, False) * 2:
        iterations = spent = 0.0
        for state in states:
            searcher = make_player("hard", game, seed=1)
            searcher.knowledge.compiled_playouts = compiled  # type: ignore[attr-defined]
            seat = state.current_players()[0]
            searcher.choose(state.observation(seat), seat)
            report = getattr(searcher, "last_report")  # noqa: B009 - MCTS players only
            iterations += report.iterations
            spent += report.seconds
        way = "compiled" if compiled else "Python"
        print(f"{'':<22} hard's search, {way:<8} {iterations / spent:>10,.0f} iterations/s")


def print_counterplays_ways(default: dict[str, float], seconds: float) -> None:
    """The default engine against its two Python generators, and the gain."""
    from tablier.games.counterplays import fastgen

    compiled = fastgen.load() is not None
    remembered = measure_way(seconds, compiled=False, remember=True)
    before = measure_way(seconds, compiled=False, remember=False)
    print(f"{'':<22} (above: {'the compiled generator' if compiled else 'not compiled here'})")
    print(line("  remembered (Python)", remembered))
    print(line("  from scratch (before)", before))
    for name, figures in (("default", default), ("remembered", remembered)):
        gain = figures["moves_per_s"] / before["moves_per_s"]
        print(f"{'':<22} {name} / from scratch (moves/s): {gain:.2f}")


def measure_way(seconds: float, *, compiled: bool, remember: bool) -> dict[str, float]:
    """Counterplays with one of its generators (see CounterplaysState's switches)."""
    from tablier.games.counterplays.state import CounterplaysState

    CounterplaysState.compiled, CounterplaysState.remember = compiled, remember
    try:
        return measure(lambda seed: playout_contract("counterplays", seed), seconds)
    finally:
        CounterplaysState.compiled = CounterplaysState.remember = True


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
