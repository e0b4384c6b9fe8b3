"""The computer levels' fixed ratings, measured by the arena and fitted by maximum likelihood.

    nice -n 10 .venv/bin/python benchmarks/computer_ratings.py --seconds 660

The levels a player can meet (random, easy, medium, hard, expert) play each other in
every two-player game, seats alternating; the results are fitted to Elo-scale ratings
(the scale Glicko-2 reads its ratings on: a 400-point gap is 10 to 1 odds) by maximum
likelihood of the Bradley-Terry model, `random` anchored at 800. Each pairing also
counts one virtual draw, so a level that won every game gets a finite, cautious gap
instead of an infinite one. The result goes to
src/tablier/server/people/computer_ratings.json, which the leaderboards and player
pages read; docs/ratings.md explains and shows the table.

`easy` and `medium` stop at an iteration budget and play here exactly as on the
server. `hard` and `expert` think for a time; to fit the whole measure in a few minutes
of a shared machine they get a fraction of the server's time here (`--hard-seconds`,
`--expert-seconds`), so their measured ratings are lower bounds of the server's levels.
The time budget is shared equally between the games; inside a game the pairings are
played in rounds (cheap pairings several times a round) until its share is spent.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import math
import os
import platform
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

from tablier.ai.arena import MatchSpec, play_game
from tablier.ai.endgame import EndgameMCTSPlayer
from tablier.ai.levels import LEVELS
from tablier.ai.mcts import SearchSettings
from tablier.ai.players import Player, register_player
from tablier.core.game import Game

OUT = Path(__file__).resolve().parents[1] / "src/tablier/server/people/computer_ratings.json"
GAMES = ("kwinty", "turris", "counterplays", "quiwin")
ORDER = ("random", "easy", "medium", "hard", "expert")
ANCHOR = ("random", 800.0)
# neighbours and levels two apart: enough links that one lopsided pairing cannot
# leave a level floating
PAIRINGS: tuple[tuple[str, str], ...] = (
    ("random", "easy"),
    ("easy", "medium"),
    ("medium", "hard"),
    ("hard", "expert"),
    ("random", "medium"),
    ("easy", "hard"),
    ("medium", "expert"),
)
# games per round of a pairing without a timed level (they take a fraction of a second)
CHEAP_PER_ROUND = 4
ELO = 400.0 / math.log(10.0)


def register_timed(hard_seconds: float, expert_seconds: float) -> dict[str, float]:
    """Play `hard` and `expert` with shorter times (their method and tree reuse kept)."""
    seconds = {"hard": hard_seconds, "expert": expert_seconds}
    for level in LEVELS:
        name = level.names[0]
        if name not in seconds:
            continue
        settings = dataclasses.replace(level.settings, seconds=seconds[name])

        def factory(
            game: Game, seed: int | None = None, s: SearchSettings = settings, n: str = name
        ) -> Player:
            return EndgameMCTSPlayer(game, seed, s, name=n)

        register_player(name, factory)
    return seconds


@dataclass
class Tally:
    wins: int = 0  # of the first player of the pairing
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


@dataclass
class GameMeasure:
    game: str
    tallies: dict[tuple[str, str], Tally] = field(default_factory=dict)
    seconds: float = 0.0


def measure(game: str, budget: float, seed: int) -> GameMeasure:
    found = GameMeasure(game, {pair: Tally() for pair in PAIRINGS})
    started = time.perf_counter()
    index = 0
    while time.perf_counter() - started < budget:
        for pair in PAIRINGS:
            timed = any(p in ("hard", "expert") for p in pair)
            for _ in range(1 if timed else CHEAP_PER_ROUND):
                if time.perf_counter() - started >= budget:
                    break
                tally = found.tallies[pair]
                result = play_game(MatchSpec(game, pair, index + 1, seed=seed), tally.games)
                score = result.score_of(0)
                if score == 1.0:
                    tally.wins += 1
                elif score == 0.0:
                    tally.losses += 1
                else:
                    tally.draws += 1
        index += 1
        print(
            f"{game}: round {index}, "
            + ", ".join(
                f"{a}-{b} {t.wins}/{t.draws}/{t.losses}" for (a, b), t in found.tallies.items()
            ),
            file=sys.stderr,
            flush=True,
        )
    found.seconds = time.perf_counter() - started
    return found


def fit(tallies: dict[tuple[str, str], Tally]) -> dict[str, tuple[float, float]]:
    """Maximum-likelihood Elo ratings and their standard errors, `random` at 800."""
    levels = [lv for lv in ORDER if any(lv in pair and t.games for pair, t in tallies.items())]
    free = [lv for lv in levels if lv != ANCHOR[0]]
    where = {lv: i for i, lv in enumerate(free)}

    def ratings_of(x: np.ndarray) -> dict[str, float]:
        return {ANCHOR[0]: ANCHOR[1], **{lv: float(x[where[lv]]) for lv in free}}

    # (first, second, points of the first, games), one virtual draw added per pairing
    data = [
        (a, b, t.wins + 0.5 * t.draws + 0.5, t.games + 1.0)
        for (a, b), t in tallies.items()
        if t.games
    ]

    def loss(x: np.ndarray) -> float:
        r = ratings_of(x)
        total = 0.0
        for a, b, points, games in data:
            d = (r[a] - r[b]) / ELO
            # log p and log(1 - p) of the logistic, without overflow
            total -= points * -np.logaddexp(0.0, -d) + (games - points) * -np.logaddexp(0.0, d)
        return float(total)

    start = np.array([ANCHOR[1] + 200.0 * ORDER.index(lv) for lv in free])
    best = minimize(loss, start, method="BFGS")
    r = ratings_of(best.x)
    # the observed information (Fisher) of the free ratings, for standard errors
    info = np.zeros((len(free), len(free)))
    for a, b, _points, games in data:
        p = 1.0 / (1.0 + math.exp(-(r[a] - r[b]) / ELO))
        w = games * p * (1.0 - p) / ELO**2
        for x, y, sign in ((a, a, 1), (b, b, 1), (a, b, -1), (b, a, -1)):
            if x in where and y in where:
                info[where[x], where[y]] += sign * w
    errors = np.sqrt(np.diag(np.linalg.inv(info)))
    return {lv: (r[lv], 0.0 if lv == ANCHOR[0] else float(errors[where[lv]])) for lv in levels}


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"{cpu}, {os.cpu_count()} logical cores, load average at start {load}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=660.0, help="the whole measure's time")
    parser.add_argument("--hard-seconds", type=float, default=0.2)
    parser.add_argument("--expert-seconds", type=float, default=0.6)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    move_seconds = register_timed(args.hard_seconds, args.expert_seconds)
    command = "nice -n 10 .venv/bin/python benchmarks/computer_ratings.py " + shlex.join(
        sys.argv[1:] if argv is None else list(argv)
    )
    date = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d")
    report: dict[str, Any] = {
        "method": "maximum likelihood (Bradley-Terry, Elo scale), one virtual draw per pairing",
        "anchor": {"level": ANCHOR[0], "rating": ANCHOR[1]},
        "move_seconds": {
            "easy": "60 iterations (at most 0.1 s), as on the server",
            "medium": "300 iterations (at most 0.3 s), as on the server",
            **{
                k: f"{v} s (the server's level: {s} s)"
                for (k, v), s in zip(move_seconds.items(), (1.8, 6.0), strict=True)
            },
        },
        "machine": machine(),
        "date": date,
        "command": command.strip(),
        "games": {},
    }
    share = args.seconds / len(games)
    for game in games:
        found = measure(game, share, args.seed)
        rated = fit(found.tallies)
        played = {lv: 0 for lv in rated}
        for (a, b), t in found.tallies.items():
            for lv in (a, b):
                if lv in played:
                    played[lv] += t.games
        report["games"][game] = {
            "levels": {
                lv: {
                    "rating": round(rating),
                    "error": round(error),
                    "games": played[lv],
                    "date": date,
                    "command": report["command"],
                }
                for lv, (rating, error) in rated.items()
            },
            "pairings": [
                {"players": [a, b], "wins": t.wins, "draws": t.draws, "losses": t.losses}
                for (a, b), t in found.tallies.items()
            ],
            "seconds": round(found.seconds),
        }
        args.out.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
        print(
            game + ": " + ", ".join(f"{lv} {r:.0f} ± {e:.0f}" for lv, (r, e) in rated.items()),
            flush=True,
        )


if __name__ == "__main__":
    main()
