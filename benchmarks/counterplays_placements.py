"""How long the legal placements of a chosen Counterplays tile take to appear.

Choosing a tile in the browser asks nothing of the server: the state message already
holds every legal move, and the board groups those of the chosen tile by cell
(`js/boards/counterplays.js`, `placementsOf`). So the delay a player waits for is the
engine's `legal_moves` (once per position, before the state is sent) plus the client's
grouping for that tile. This script measures both in 20 mid-game positions (random play
to 8–16 tiles laid), the grouping in Node for each of the 12 tiles, and prints the
slowest tile with the engine's time beside it; the target is 100 ms.

    .venv/bin/python benchmarks/counterplays_placements.py
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import tablier

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "src" / "tablier" / "web" / "js" / "boards" / "counterplays.js"

NODE_SCRIPT = """
import { placementsOf, LETTERS } from %(module)s;
import { readFileSync } from "node:fs";
const positions = JSON.parse(readFileSync(%(data)s, "utf8"));
const out = [];
for (const legal of positions) {
  const times = {};
  for (const letter of LETTERS) {
    let best = Infinity;
    for (let k = 0; k < 5; k += 1) {
      const start = performance.now();
      placementsOf(legal, letter);
      best = Math.min(best, performance.now() - start);
    }
    times[letter] = best;
  }
  out.push(times);
}
console.log(JSON.stringify(out));
"""


def positions(count: int = 20, seed: int = 1) -> list[tuple[float, list[str]]]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = tablier.load("counterplays").new_state(seed=rng.randrange(10**6))
        for _ in range(rng.randrange(8, 17)):
            player = state.current_players()[0]
            state.apply(player, rng.choice(state.legal_moves(player)))
        player = state.current_players()[0]
        fresh = tablier.replay(state.record())  # no cached move list
        started = time.perf_counter()
        legal = [str(m) for m in fresh.legal_moves(player)]
        found.append((time.perf_counter() - started, legal))
    return found


def main() -> None:
    sampled = positions()
    engine_ms = [t * 1000 for t, _ in sampled]
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed to time the client's grouping")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "legal.json"
        data.write_text(json.dumps([legal for _, legal in sampled]))
        script = Path(tmp) / "time.mjs"
        script.write_text(
            NODE_SCRIPT % {"module": json.dumps(MODULE.as_uri()), "data": json.dumps(str(data))}
        )
        result = subprocess.run([node, str(script)], capture_output=True, text=True, check=True)
    client = json.loads(result.stdout)
    worst = max(
        ((ms, i, letter) for i, times in enumerate(client) for letter, ms in times.items()),
        key=lambda item: item[0] + engine_ms[item[1]],
    )
    ms, index, letter = worst
    moves = len(sampled[index][1])
    print(f"20 mid-game positions, {sum(len(legal) for _, legal in sampled)} legal moves in all")
    print(
        f"engine legal_moves per position: median {sorted(engine_ms)[10]:.1f} ms, "
        f"max {max(engine_ms):.1f} ms"
    )
    print(
        f"slowest tile: {letter} in position {index + 1} ({moves} legal moves): "
        f"engine {engine_ms[index]:.1f} ms + client grouping {ms:.2f} ms = "
        f"{engine_ms[index] + ms:.1f} ms (target 100 ms)"
    )


if __name__ == "__main__":
    main()
