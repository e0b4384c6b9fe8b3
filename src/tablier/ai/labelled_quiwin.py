"""Qui'win decisions of known value, for the analysis's tests and benchmark.

`python -m tablier.ai.labelled_quiwin` plays seeded random games (players who
seldom use their pawns early) and, at each choice
near the end where `quiwin_exact` reaches, keeps those where one option wins more
than another by a clear margin: `certain` (some option wins whatever happens, another
does not) and `likely` (the best option wins at least 3 times in 4 and another one at
least a quarter less). Each entry holds the game's record, the choice's index in it,
and every option's exact odds from its player's information.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from tablier.ai.quiwin_exact import exact_choices
from tablier.core import registry
from tablier.core.state import State

OUT = Path("tests/ai/fixtures/labelled-quiwin.json")
# a drop in winning chances this large is a blunder by the analysis's scale
MARGIN = 0.25
# how often the random players pass when they could use a pawn
PASSING = 0.85


def _kind(chances: dict[str, float]) -> str | None:
    best, worst = max(chances.values()), min(chances.values())
    if best == 1.0 and worst < 1.0:
        return "certain"
    if best >= 0.75 and best - worst > MARGIN:
        return "likely"
    return None


def _random_choice(legal: list[str], rng: random.Random) -> str:
    # random players who seldom use their pawn early, so that some are left for the
    # last palier, where the actions decide most
    if "pass" in legal and rng.random() < PASSING:
        return "pass"
    return rng.choice(legal)


def decisions(seed: int, from_step: int = 7) -> list[dict[str, Any]]:
    """The labelled choices of one seeded random game."""
    game = registry.load("quiwin")
    rng = random.Random(seed)
    state: State = game.new_state(seed=seed)
    found: list[tuple[int, int, dict[str, Any]]] = []
    index = 0
    while not state.is_terminal():
        mover = state.current_players()[0]
        legal = [str(m) for m in state.legal_moves(mover)]
        obs = state.observation(mover)
        if len(legal) > 1 and (obs["step"] or 0) >= from_step:
            started = time.perf_counter()
            solved = exact_choices(game, obs, mover)
            spent = time.perf_counter() - started
            if solved is not None:
                odds = {
                    m: {
                        "win": round(o.win, 6),
                        "draw": round(o.draw, 6),
                        "chance": round(o.chance, 6),
                    }
                    for m, o in solved.options.items()
                }
                kind = _kind({m: o["chance"] for m, o in odds.items()})
                if kind is not None:
                    entry = {"kind": kind, "mover": mover, "step": obs["step"],
                             "phase": obs["phase"], "options": odds, "best": solved.best,
                             "worlds": solved.worlds, "seconds": round(spent, 3)}  # fmt: skip
                    found.append((index, mover, entry))
        state.apply(mover, _random_choice(legal, rng))
        index += 1
    record = state.record()
    return [{"game": "quiwin", "index": i, "record": record, **e} for i, _, e in found]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=150, help="random games to play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    entries: list[dict[str, Any]] = []
    for seed in range(args.seed, args.seed + args.games):
        entries += decisions(seed)
    args.out.write_text(json.dumps(entries, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    kinds = {k: sum(e["kind"] == k for e in entries) for k in ("certain", "likely")}
    print(f"{len(entries)} decisions written to {args.out}: {kinds}")


if __name__ == "__main__":
    main()
