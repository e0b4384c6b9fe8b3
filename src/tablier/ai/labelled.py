"""Positions of known value, found by the project's own exhaustive search.

Games are played at random to their end; walking back from the end, each position the
endgame solver settles (`endgame.py`, with a larger budget than the analysis gives
itself) is a candidate. Every legal move of its mover is then solved too, so the label
holds the exact result of each move. Two kinds are kept:

* `win`: the mover forces a win within 1-3 of his own moves (`win_in`), and at least
  one move throws it away: the analysis must call that move a blunder.
* `only_move`: every move but one loses.

    python -m tablier.ai.labelled --games kwinty turris counterplays --out tests/ai/fixtures

writes one JSON file per game (`labelled-<game>.json`).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import tablier
from tablier.ai import endgame
from tablier.core.records import Record
from tablier.core.state import State

# nodes for one position's exact search while labelling (the analysis uses fewer)
NODES = 30_000
SECONDS = 8.0
# how far back from a game's end positions are tried
BACK = 6
# positions with more moves than this are left out (each move is solved)
MAX_MOVES = 80


def _exact_move(solver: endgame.Solver, state: State, mover: int, move: str) -> int:
    """The exact result for `mover` of playing `move` (OutOfReach beyond the budget)."""
    after = state.clone()
    after.apply(mover, move)
    if after.is_terminal():
        return int(after.returns()[mover])
    found = solver.solve(after)
    return found.value if found.mover == mover else -found.value


def label(state: State, record: Record) -> dict[str, Any] | None:
    """The label of `state` (reached by `record`), or None when it is not one we keep."""
    mover = state.current_players()[0]
    legal = [str(m) for m in state.legal_moves(mover)]
    if len(legal) < 2 or len(legal) > MAX_MOVES:
        return None
    # one table for the position and its moves: they share most of their subtrees
    solver = endgame.Solver(state.game, NODES, SECONDS)
    try:
        # the root's moves are searched with the full window: each result is exact
        results = dict(solver.solve(state).moves)
        for move in legal:
            if move not in results:  # pruned by the game's candidates: solved alone
                results[move] = _exact_move(solver, state, mover, move)
    except endgame.OutOfReach:
        return None
    best = max(results.values())
    if all(v == best for v in results.values()):
        return None
    entry: dict[str, Any] = {
        "game": state.game.id,
        "record": record,
        "mover": mover,
        "value": best,
        "moves": results,
    }
    if best == 1:
        short = endgame.shortest_win(state, mover, 3, NODES)
        if short is not None:
            entry["kind"] = "win"
            entry["win_in"] = short[1]
            return entry
    keeping = [m for m, v in results.items() if v > -1]
    if len(keeping) == 1:
        entry["kind"] = "only_move"
        return entry
    return None


def generate(
    game_id: str, wanted: int, seed: int = 0, seconds: float = 600.0, back: int = BACK
) -> list[dict]:
    """Up to `wanted` labelled positions of `game_id`, from seeded random games."""
    game = tablier.load(game_id)
    found: list[dict[str, Any]] = []
    seen: set[str] = set()
    stop = time.perf_counter() + seconds
    games = 0
    while len(found) < wanted and time.perf_counter() < stop:
        rng = random.Random(seed * 100_003 + games)
        state = game.new_state(seed=seed * 100_003 + games)
        games += 1
        trail: list[State] = []
        while not state.is_terminal():
            trail.append(state.clone())
            mover = state.current_players()[0]
            state.apply(mover, rng.choice(state.legal_moves(mover)))
        for position in reversed(trail[-back:]):
            if time.perf_counter() > stop or len(found) >= wanted:
                break
            key = endgame.position_key(position)
            if key in seen:
                continue
            seen.add(key)
            entry = label(position, position.record())
            if entry is not None:
                entry["moves_to_end"] = len(trail) - trail.index(position)
                found.append(entry)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["kwinty", "turris", "counterplays"])
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=600.0, help="per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--back", type=int, default=BACK, help="moves from the end tried")
    parser.add_argument("--out", type=Path, default=Path("tests/ai/fixtures"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for game_id in args.games:
        start = time.perf_counter()
        found = generate(game_id, args.count, args.seed, args.seconds, args.back)
        path = args.out / f"labelled-{game_id}.json"
        path.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        kinds = {k: sum(1 for e in found if e.get("kind") == k) for k in ("win", "only_move")}
        print(f"{game_id}: {len(found)} positions {kinds} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
