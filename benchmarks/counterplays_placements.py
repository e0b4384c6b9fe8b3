"""How fast a chosen Counterplays tile shows its legal placements.

    python benchmarks/counterplays_placements.py            # 20 mid-game positions
    python benchmarks/counterplays_placements.py --positions 40 --seed 3

The board never computes rules: the server sends `legal_moves` with each position, the
client groups them by tile letter once, and choosing a tile lights the triangles its
placements cover. So the time from a position to the lit spots of a tile is spent in
three places, measured here separately and added up:

1. the engine's `legal_moves` for the player to move (Python, first call, uncached,
   median of the repeats);
2. the client's grouping of that list by letter (`groupMoves` in js/counterplays.js,
   run by Node on the very same list);
3. the client's work when a tile is chosen: its orientations, the one shown first and
   the set of triangles to light (`orientations`, `spotsOf`).

For each of the positions (random games stopped between moves 8 and 17) the slowest
of the player's tiles is reported. The client's figures are given warm (median of the
repeats) and cold (the first run, before the JavaScript engine has compiled the code:
what a player meets when a new position arrives); the total adds the engine's time and
the cold client figures. The last line is the slowest of all, to compare with the
100 ms budget. Drawing the SVG polygons is not included (see the browser
test for the whole page).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tablier

ROOT = Path(__file__).resolve().parents[1]
CLIENT = ROOT / "src" / "tablier" / "web" / "js" / "counterplays.js"
BUDGET_MS = 100.0

NODE_SCRIPT = """
const [, , modulePath, dataPath, repeats] = process.argv;
const { groupMoves, orientations, spotsOf } = await import(modulePath);
const { readFileSync } = await import("node:fs");
const positions = JSON.parse(readFileSync(dataPath, "utf8"));
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const out = [];
for (const legal of positions) {
  const grouping = [];
  let groups = null;
  for (let i = 0; i < repeats; i += 1) {
    const t0 = performance.now();
    groups = groupMoves(legal);
    grouping.push(performance.now() - t0);
  }
  const tiles = {};
  for (const [letter, list] of groups) {
    const times = [];
    for (let i = 0; i < repeats; i += 1) {
      const t0 = performance.now();
      const shapes = new Set(list.map((p) => p.shape));
      const start = orientations(letter).find((o) => shapes.has(o.key));
      spotsOf(list, start.key);
      times.push(performance.now() - t0);
    }
    tiles[letter] = { ms: median([...times]), cold: times[0], placements: list.length };
  }
  // the first run is cold (a browser meets a new position once): both are reported
  out.push({ grouping: median([...grouping]), cold: grouping[0], tiles });
}
console.log(JSON.stringify(out));
"""


def positions(count: int, seed: int) -> list[tablier.State]:
    """Random games stopped in the middle (8 to 17 tiles placed)."""
    game = tablier.load("counterplays")
    found = []
    for i in range(count):
        rng = random.Random(seed * 1000 + i)
        state = game.new_state(seed=i)
        for _ in range(8 + i % 10):
            player = state.current_players()[0]
            state.apply(player, rng.choice(state.legal_moves(player)))
        found.append(state)
    return found


def engine_time(state: tablier.State, repeats: int) -> tuple[float, list[str]]:
    """The median time of a first (uncached) `legal_moves` call, in ms, and the list."""
    game = tablier.load("counterplays")
    times = []
    legal: list[str] = []
    for _ in range(repeats):
        fresh = game.new_state(seed=0)
        for player, move in state.history:
            fresh.apply(player, move)
        player = fresh.current_players()[0]
        t0 = time.perf_counter()
        legal = [str(m) for m in fresh.legal_moves(player)]
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), legal


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        print("node is needed to time the client's part", file=sys.stderr)
        return 2
    states = positions(args.positions, args.seed)
    engine = [engine_time(s, args.repeats) for s in states]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "legal.json"
        data.write_text(json.dumps([legal for _, legal in engine]), encoding="utf-8")
        script = Path(tmp) / "time.mjs"
        script.write_text(NODE_SCRIPT, encoding="utf-8")
        done = subprocess.run(
            [node, str(script), CLIENT.as_uri(), str(data), str(args.repeats)],
            capture_output=True,
            text=True,
            check=True,
        )
    client = json.loads(done.stdout)
    print(
        f"{'pos':>3} {'placed':>6} {'moves':>5} {'engine':>8} {'group':>8} {'(cold)':>8}"
        "  slowest tile, warm (cold)"
    )
    worst = (0.0, "", 0)
    for i, (state, (engine_ms, legal), timing) in enumerate(
        zip(states, engine, client, strict=True)
    ):
        letter, tile = max(timing["tiles"].items(), key=lambda kv: kv[1]["cold"])
        # the cold figures count: that is what a player meets on a new position
        total = engine_ms + timing["cold"] + tile["cold"]
        placed = len(state.history)
        print(
            f"{i:>3} {placed:>6} {len(legal):>5} {engine_ms:>6.2f}ms {timing['grouping']:>6.2f}ms"
            f" {timing['cold']:>6.2f}ms  {letter} ({tile['placements']} placements)"
            f" {tile['ms']:.3f}ms ({tile['cold']:.3f}ms)  total {total:.2f}ms"
        )
        if total > worst[0]:
            worst = (total, letter, i)
    total, letter, i = worst
    verdict = "within" if total <= BUDGET_MS else "OVER"
    print(
        f"slowest of the {args.positions} positions: tile {letter} in position {i}, "
        f"{total:.2f} ms from the position to its lit spots ({verdict} the {BUDGET_MS:.0f} ms "
        "budget; SVG drawing not included)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
