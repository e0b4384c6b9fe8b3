"""The strength ladder: `hard` against the reference players, with 95% intervals.

    .venv/bin/python benchmarks/ai_ladder.py --games 100 --out ladder.md   # the full ladder
    nice -n 10 .venv/bin/python benchmarks/ai_ladder.py --games 10 --only kwinty

Each pairing is an arena match (seats alternate game after game). The Markdown report
gives, per pairing, the results with Wilson intervals, the Elo difference, the target
from issue 8 and whether it is met, and the time `hard` took per move; it starts with a
description of the machine, since every budget here is a time budget. Results are
written after each pairing, so an interrupted run keeps what it finished.
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import os
import platform
import sys
import time
from pathlib import Path

from tablier.ai.arena import MatchSpec, PlayerSummary, run_match, save_results, summarize
from tablier.core.registry import game_ids

# (game, opponent, target): `hard` should win at least `target` of the games
LADDER: list[tuple[str, str, float]] = [
    *(
        (game, opponent, target)
        for game in ("kwinty", "turris", "counterplays")
        for opponent, target in (
            ("random", 0.99),
            ("greedy", 0.90),
            ("medium", 0.70),
            ("openspiel-mcts", 0.75),
            ("openspiel-mcts-solver", 0.75),
            ("alphabeta", 0.75),
        )
    ),
    ("quiwin", "random", 0.75),
    ("quiwin", "rule-of-thumb", 0.55),
    ("quiwin", "planner", 0.55),
]


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (
        f"{platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} logical cores, "
        f"Python {platform.python_version()}; load average at start {load}"
    )


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _elo(x: float) -> str:
    return ("+∞" if x > 0 else "−∞") if math.isinf(x) else f"{x:+.0f}"


def _verdict(rate: float, low: float, target: float) -> str:
    """Met when the observed rate reaches the target; 'confirmed' when even the lower end
    of the 95% interval does (impossible for a 99% target under 200 games)."""
    if rate < target:
        return "no"
    return "yes, confirmed" if low >= target else "yes (interval reaches below)"


def row(game: str, opponent: str, target: float, hard: PlayerSummary, seconds: float) -> str:
    n = hard.games
    low, high = hard.win_interval
    rate = hard.wins / n if n else 0.0
    verdict = _verdict(rate, low, target)
    return (
        f"| {game} | {opponent} | {n} | {hard.wins}-{hard.draws}-{hard.losses} "
        f"| {_pct(rate)} [{_pct(low)}, {_pct(high)}] | {_pct(hard.score)} "
        f"| {_elo(hard.elo[0])} [{_elo(hard.elo[1])}, {_elo(hard.elo[2])}] "
        f"| ≥ {_pct(target)} | {verdict} "
        f"| {' / '.join('-'.join(map(str, wdl)) for wdl in hard.by_seat)} "
        f"| {hard.mean_time:.2f} / {hard.max_time:.2f} | {hard.over_budget}/{hard.moves} "
        f"| {seconds / 60:.1f} |"
    )


HEADER = (
    "| game | hard vs | games | W-D-L | hard's wins [95% Wilson] | score | Elo diff [95%] "
    "| target | target met? | W-D-L at seat 0 (begins) / seat 1 "
    "| hard s/move mean / max | moves > budget+10% | minutes |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--only", action="append", help="a game or game:opponent to run")
    parser.add_argument("--out", type=Path, default=Path("ai_ladder.md"))
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--save", type=Path, help="directory for every game's record")
    args = parser.parse_args(argv)

    known = set(game_ids())
    chosen = [
        (g, o, t)
        for g, o, t in LADDER
        if g in known and (not args.only or g in args.only or f"{g}:{o}" in args.only)
    ]
    started = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"# AI ladder ({args.games} games per pairing, seats alternated)",
        "",
        f"Run {started} on {machine()}; {args.jobs} game(s) at a time.",
        "`hard` is MCTS with the game's knowledge at 1.8 s per move. A target is met "
        "('yes') when hard's observed win rate reaches it, and 'confirmed' when the lower "
        "end of the 95% interval reaches it too.",
        "",
        HEADER,
    ]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for game, opponent, target in chosen:
        spec = MatchSpec(game=game, players=("hard", opponent), games=args.games, seed=args.seed)
        began = time.perf_counter()
        print(f"{game}: hard vs {opponent}, {args.games} games…", file=sys.stderr, flush=True)
        results = run_match(spec, jobs=args.jobs)
        if args.save is not None:
            save_results(results, args.save / f"{game}-hard-vs-{opponent}", game)
        hard = summarize(spec, results)[0]
        line = row(game, opponent, target, hard, time.perf_counter() - began)
        print(line, file=sys.stderr, flush=True)
        illegal = sum(r.illegal is not None for r in results)
        lines.append(line)
        if illegal:
            lines.append(f"\n**{illegal} game(s) ended on an illegal move.**\n")
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
