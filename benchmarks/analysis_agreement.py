"""How often the post-game analysis agrees with the exact solver on the labelled set.

    .venv/bin/python benchmarks/analysis_agreement.py                 # every position
    .venv/bin/python benchmarks/analysis_agreement.py --per-game 10   # a quicker look

For each labelled position (tests/ai/fixtures/labelled-<game>.json, written by
`python -m tablier.ai.labelled`) the analysis values the position and judges a move
that throws its exact result away. It *agrees* when that move is called a blunder (a
win thrown away, or a draw turned into a loss) or at least a mistake (a win turned
into a draw), and when the position's value, for its mover, is the exact one (within
the tolerance where the analysis only estimated it). Also printed: how many positions
the analysis's own solver settled, the analysis time per position, and the time to
analyse a whole random game of each kind.

Qui'win (`--games quiwin`, fixtures from `python -m tablier.ai.labelled_quiwin`): each
labelled decision's option that throws the most away must be called a blunder, and the
analysis's chances of every option must be the enumerated ones; `--reach` gives, per
step of the last paliers, how often `quiwin_exact` settles a choice and how long it takes.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import tablier
from tablier.ai import analysis, endgame, quiwin_exact
from tablier.ai.analysis import (
    SOLVER_SECONDS,
    analyse_choice,
    analyse_position,
    analyse_step,
    chances,
    judge,
    solver_budget,
)

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "ai" / "fixtures"
GAMES = ("kwinty", "turris", "counterplays", "quiwin")
TOLERANCE = 0.25


def agreement(entry: dict[str, Any]) -> tuple[bool, bool, bool, float]:
    """(verdict agrees, value agrees, solved exactly by the analysis, seconds)."""
    move = min(m for m, v in entry["moves"].items() if v < entry["value"])
    record = dict(entry["record"])
    upto = len(record["moves"])
    record["moves"] = [*record["moves"], [entry["mover"], move]]
    start = time.perf_counter()
    before = analyse_position(record, upto)
    after = analyse_position(record, upto + 1)
    seconds = time.perf_counter() - start
    verdict = judge(record["moves"][upto:], [before, after])[0]["verdict"]
    lost = entry["value"] - entry["moves"][move]
    wanted = ("blunder",) if lost >= 2 or entry["kind"] == "win" else ("mistake", "blunder")
    seen = chances(before["value"], entry["mover"])
    exact = (entry["value"] + 1) / 2
    value_ok = seen == exact if before.get("exact") else abs(seen - exact) <= TOLERANCE
    return verdict in wanted, value_ok, bool(before.get("exact")), seconds


def quiwin_agreement(entry: dict[str, Any]) -> tuple[bool, bool, bool, float]:
    """The same four answers for a labelled Qui'win decision."""
    options = entry["options"]
    thrown = min(options, key=lambda m: options[m]["chance"])
    start = time.perf_counter()
    before = analyse_choice(entry["record"], entry["index"])
    seconds = time.perf_counter() - start
    verdict = judge([[entry["mover"], thrown]], [before, {}])[0]["verdict"]
    seen = {o["move"]: o["chance"] for o in before["options"]}
    value_ok = all(abs(seen.get(m, -1.0) - o["chance"]) <= 0.01 for m, o in options.items())
    return verdict == "blunder", value_ok, bool(before.get("exact")), seconds


def quiwin_reach(games: int) -> list[tuple[int, int, int, float]]:
    """Per step (1-based) from the fifth on: choices with several options met in
    `games` random games (players who seldom use a pawn early), how many of them
    `quiwin_exact` settles within its budgets, and their mean time."""
    game = tablier.load("quiwin")
    found: dict[int, list[float | None]] = {}
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        while not state.is_terminal():
            mover = state.current_players()[0]
            legal = [str(m) for m in state.legal_moves(mover)]
            seen = state.observation(mover)
            if len(legal) > 1 and seen["step"] >= 5:
                start = time.perf_counter()
                solved = quiwin_exact.exact_choices(game, seen, mover)
                spent = time.perf_counter() - start
                found.setdefault(seen["step"], []).append(None if solved is None else spent)
            passes = "pass" in legal and rng.random() < 0.85
            state.apply(mover, "pass" if passes else rng.choice(legal))
    rows = []
    for step in sorted(found):
        times = [t for t in found[step] if t is not None]
        rows.append((step, len(found[step]), len(times), statistics.mean(times) if times else 0.0))
    return rows


def whole_game(game_id: str, seed: int) -> tuple[int, float]:
    state = tablier.load(game_id).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_moves(player)))
    record = state.record()
    start = time.perf_counter()
    for i in range(len(record["moves"]) + 1):
        analyse_step(record, i)
    return len(record["moves"]), time.perf_counter() - start


def reach(game_id: str, games: int, most: int = 8) -> list[tuple[int, int, float]]:
    """Per number of moves before the end: positions the analysis's solver settles (out
    of `games` random games) and their mean time."""
    rows = []
    trails = []
    for seed in range(games):
        state = tablier.load(game_id).new_state(seed=seed)
        rng = random.Random(seed)
        trail = []
        while not state.is_terminal():
            trail.append(state.clone())
            player = state.current_players()[0]
            state.apply(player, rng.choice(state.legal_moves(player)))
        trails.append(trail)
    for back in range(1, most + 1):
        solved, seconds = 0, []
        for trail in trails:
            if back > len(trail):
                continue
            start = time.perf_counter()
            found = endgame.solve(trail[-back], solver_budget(back), SOLVER_SECONDS)
            if found is not None:
                solved += 1
                seconds.append(time.perf_counter() - start)
        rows.append((back, solved, statistics.mean(seconds) if seconds else 0.0))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-game", type=int, default=None, help="positions per game")
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument("--whole", action="store_true", help="also time whole games")
    parser.add_argument(
        "--search-only", action="store_true", help="without the solver: the MCTS alone"
    )
    parser.add_argument(
        "--reach", type=int, default=0, help="random games per game for the solver's reach"
    )
    args = parser.parse_args()
    if args.search_only:
        # what the analysis says where its solver does not reach
        analysis.SOLVER_REACH = -1
    print("| game | positions | verdict agrees | value agrees | solved by the analysis "
          "| s per position |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    for game in args.games:
        entries = json.loads((FIXTURES / f"labelled-{game}.json").read_text(encoding="utf-8"))
        entries = entries[: args.per_game] if args.per_game else entries
        rows = [(quiwin_agreement if game == "quiwin" else agreement)(e) for e in entries]
        n = len(rows)
        verdicts = sum(r[0] for r in rows)
        values = sum(r[1] for r in rows)
        solved = sum(r[2] for r in rows)
        mean = statistics.mean(r[3] for r in rows) if rows else 0.0
        share = f"{verdicts}/{n} ({100 * verdicts / max(n, 1):.0f}%)"
        valued = f"{values}/{n} ({100 * values / max(n, 1):.0f}%)"
        print(f"| {game} | {n} | {share} | {valued} | {solved}/{n} | {mean:.2f} |")
        sys.stdout.flush()
    if args.reach:
        print()
        print("| game | moves before the end | solved by the analysis's budget | mean s |")
        print("|---|---|---|---|")
        for game in args.games:
            if game == "quiwin":
                continue
            for back, solved, seconds in reach(game, args.reach):
                print(f"| {game} | {back} | {solved}/{args.reach} | {seconds:.2f} |")
                sys.stdout.flush()
        if "quiwin" in args.games:
            print()
            print("| Qui'win step | choices | solved exactly | mean s |")
            print("|---|---|---|---|")
            for step, met, solved, seconds in quiwin_reach(args.reach):
                print(f"| {step} | {met} | {solved}/{met} | {seconds:.2f} |")
                sys.stdout.flush()
    if args.whole:
        print()
        print("| game | moves | analysis of the whole game (s) |")
        print("|---|---|---|")
        for game in dict.fromkeys((*args.games, "quiwin")):
            moves, seconds = whole_game(game, 1)
            print(f"| {game} | {moves} | {seconds:.1f} |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
