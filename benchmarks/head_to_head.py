"""A candidate player against a baseline, head to head at equal time per move.

    .venv/bin/python benchmarks/head_to_head.py kwinty solver shipped --seconds 0.5 --jobs 2

Every candidate for `hard` plays the shipped `hard` this way before it replaces it
(issue 21). The players below are `hard`'s search with one thing changed; `shipped` is
the search as `hard` ran it before the proofs (`solve=False`). Seats alternate game
after game; the report gives the candidate's wins with a 95% Wilson interval and the
Elo difference, then each side's iterations are whatever its time allowed.

`hard-cut12`, `hard-c0.7`, `hard-cut12-c0.7`: the shipped `hard` with its playout depth
and/or exploration changed; `hard-full` spends its whole time even once its choice is
settled (the deeper tree it keeps serves the next moves); `hard-python` is `hard-full`
with its playouts in Python where the game has compiled ones. `openspiel` and
`openspiel-solver` are OpenSpiel's searches given this run's `--seconds` (the ladder's
`openspiel-mcts` always gets `hard`'s 1.8 s), for screening candidates at short budgets
before the full-time measurement.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from tablier.ai.arena import MatchSpec, run_match, summarize
from tablier.ai.mcts import MCTSPlayer, SearchSettings
from tablier.ai.players import Player, register_player
from tablier.core.game import Game

Factory = Callable[[Game, "int | None"], Player]


def _search(
    seconds: float,
    *,
    solve: bool,
    depth: int | None = None,
    c: float = 1.0,
    forced: bool = True,
    leaf: bool = False,
    reuse: bool = False,
    settle: bool = True,
    compiled: bool = True,
) -> Factory:
    def make(game: Game, seed: int | None = None) -> Player:
        settings = SearchSettings(
            seconds=seconds,
            solve=solve,
            exploration=c,
            forced_wins=forced,
            leaf_proofs=leaf,
            reuse=reuse,
            stop_when_settled=settle,
        )
        player = MCTSPlayer(game, seed, settings)
        if depth is not None:
            player.knowledge.playout_depth = depth
        if not compiled:
            if not hasattr(player.knowledge, "compiled_playouts"):
                raise SystemExit(f"{game.id} has no compiled playouts to turn off")
            player.knowledge.compiled_playouts = False
        return player

    return make


def candidates(seconds: float) -> dict[str, Factory]:
    return {
        "shipped": _search(seconds, solve=False),
        "solver": _search(seconds, solve=True),
        "solver-reuse": _search(seconds, solve=True, reuse=True),
        "solver-no-threats": _search(seconds, solve=True, forced=False),
        "solver-leaf-threats": _search(seconds, solve=True, leaf=True),
        **{f"solver-cut{d}": _search(seconds, solve=True, depth=d) for d in (4, 8, 16)},
        **{f"solver-c{c}": _search(seconds, solve=True, c=c) for c in (0.5, 0.7, 1.4, 2.0)},
        # `hard` as shipped (solver, tree kept between moves) with one setting changed
        "hard": _search(seconds, solve=True, reuse=True),
        "hard-full": _search(seconds, solve=True, reuse=True, settle=False),
        # the shipped `hard` with its playouts in Python (Turris before fastplay.c)
        "hard-python": _search(seconds, solve=True, reuse=True, settle=False, compiled=False),
        **{
            f"hard-full-cut{d}": _search(seconds, solve=True, reuse=True, settle=False, depth=d)
            for d in _CUTS
        },
        **{f"hard-cut{d}": _search(seconds, solve=True, reuse=True, depth=d) for d in _CUTS},
        **{f"hard-c{c}": _search(seconds, solve=True, reuse=True, c=c) for c in _CS},
        **{
            f"hard-cut{d}-c{c}": _search(seconds, solve=True, reuse=True, depth=d, c=c)
            for d in _CUTS
            for c in _CS
        },
        # OpenSpiel's searches at this run's time per move, for screening at short budgets
        "openspiel": _openspiel(seconds, solve=False),
        "openspiel-solver": _openspiel(seconds, solve=True),
    }


_CUTS = (4, 6, 12, 16, 24, 48)
_CS = (0.3, 0.5, 0.7, 1.4)


def _openspiel(seconds: float, *, solve: bool) -> Factory:
    def make(game: Game, seed: int | None = None) -> Player:
        from tablier.ai.openspiel_bridge import OpenSpielMCTSPlayer

        return OpenSpielMCTSPlayer(game, seed, seconds=seconds, solve=solve)

    return make


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("candidate")
    parser.add_argument("baseline")
    parser.add_argument("--seconds", type=float, default=1.8)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2111)
    args = parser.parse_args(argv)
    for name, factory in candidates(args.seconds).items():
        register_player(name, factory)
    spec = MatchSpec(args.game, (args.candidate, args.baseline), args.games, seed=args.seed)
    began = time.perf_counter()
    done: list[int] = []

    def progress(_: object) -> None:
        done.append(1)
        if len(done) % 10 == 0:
            print(f"  {len(done)}/{args.games} games", file=sys.stderr, flush=True)

    results = run_match(spec, jobs=args.jobs, on_result=progress)
    mine, theirs = summarize(spec, results)
    low, high = mine.win_interval
    elo, elo_low, elo_high = mine.elo
    print(
        f"{args.game}, {args.seconds} s a move, {mine.games} games, seed {args.seed}: "
        f"{args.candidate} against {args.baseline} {mine.wins}-{mine.draws}-{mine.losses}, "
        f"wins {100 * mine.wins / mine.games:.0f}% [{100 * low:.0f}%, {100 * high:.0f}%], "
        f"score {100 * mine.score:.0f}%, Elo {elo:+.0f} [{elo_low:+.0f}, {elo_high:+.0f}]; "
        f"s/move {mine.mean_time:.2f} against {theirs.mean_time:.2f}; "
        f"{(time.perf_counter() - began) / 60:.1f} min"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
