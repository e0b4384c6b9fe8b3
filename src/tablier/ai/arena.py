"""Matches between computer players: seats rotate, every move is timed and checked.

The arena only talks to players through `observation(seat)` and to the game through
the contract, like any client would.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablier.ai.players import make_player
from tablier.ai.stats import elo_interval, wilson
from tablier.core.errors import IllegalMove
from tablier.core.records import Record, save_record
from tablier.core.registry import load

# A move may overrun its player's time budget by this fraction before it is reported.
BUDGET_TOLERANCE = 0.10


@dataclass(frozen=True)
class MatchSpec:
    """What to play: the game, its options, the players by name, how many games."""

    game: str
    players: tuple[str, ...]
    games: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0


@dataclass
class GameResult:
    """One game: who sat where, the result, and each move's time by player index."""

    index: int
    seating: list[int]  # seating[seat] = index of the player in MatchSpec.players
    returns: list[float]
    times: list[list[float]]  # per player index
    budgets: list[float | None]  # per player index
    record: Record
    illegal: str | None = None  # who tried what, when a player offered an illegal move
    illegal_by: int | None = None  # that player's index

    def score_of(self, who: int) -> float:
        """1 win, 0.5 draw, 0 loss for player `who`, against the best other seat."""
        mine = self.returns[self.seating.index(who)]
        best_other = max(r for s, r in enumerate(self.returns) if self.seating[s] != who)
        return 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0


def seating_for(index: int, players: int) -> list[int]:
    """Seats rotate game after game, so that every player starts equally often."""
    return [(seat + index) % players for seat in range(players)]


def play_game(spec: MatchSpec, index: int) -> GameResult:
    """Play game number `index` of the match (a pure function of spec and index)."""
    game = load(spec.game, **spec.options)
    count = len(spec.players)
    seating = seating_for(index, count)
    state = game.new_state(seed=spec.seed * 1_000_003 + index, num_players=count)
    players = [
        make_player(name, game, seed=(spec.seed * 1_000_003 + index) * 16 + k)
        for k, name in enumerate(spec.players)
    ]
    times: list[list[float]] = [[] for _ in range(count)]
    budgets = [getattr(p, "budget_seconds", None) for p in players]
    illegal: str | None = None
    illegal_by: int | None = None
    returns: list[float] | None = None
    while not state.is_terminal():
        # one seat at a time: at a simultaneous step the second seat's observation
        # does not show the first one's commitment, so asking in turn is fair
        seat = state.current_players()[0]
        who = seating[seat]
        observation = state.observation(seat)
        started = time.perf_counter()
        move = players[who].choose(observation, seat)
        times[who].append(time.perf_counter() - started)
        try:
            state.apply(seat, move)
        except IllegalMove as exc:
            illegal = f"{spec.players[who]} (seat {seat}) played {move!r}: {exc}"
            illegal_by = who
            # the offender loses the game
            returns = [1.0] * count
            returns[seat] = -1.0
            break
    record = state.record()
    record["players"] = [spec.players[seating[seat]] for seat in range(count)]
    if returns is None:
        returns = [float(r) for r in state.returns()]
    return GameResult(index, seating, returns, times, budgets, record, illegal, illegal_by)


def run_match(
    spec: MatchSpec,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play the whole match, `jobs` games at a time; results in order of completion."""
    results: list[GameResult] = []
    for result in _results(spec, jobs):
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results


def _results(spec: MatchSpec, jobs: int) -> Iterator[GameResult]:
    if jobs <= 1:
        for index in range(spec.games):
            yield play_game(spec, index)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_game, spec, index) for index in range(spec.games)]
        for future in as_completed(futures):
            yield future.result()


def save_results(results: Sequence[GameResult], directory: str | Path, game: str) -> list[Path]:
    """Write every game's record as `<game>-<index>.tablier.json` in `directory`."""
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    return [save_record(r.record, target / f"{game}-{r.index:04d}") for r in results]


@dataclass(frozen=True)
class PlayerSummary:
    """One player's results over a match, with 95% intervals."""

    name: str
    wins: int
    draws: int
    losses: int
    win_interval: tuple[float, float]
    draw_interval: tuple[float, float]
    loss_interval: tuple[float, float]
    score: float
    elo: tuple[float, float, float]  # estimate, low, high
    moves: int
    mean_time: float
    max_time: float
    budget: float | None
    over_budget: int  # moves beyond budget * (1 + BUDGET_TOLERANCE)
    illegal: int
    # (wins, draws, losses) in the games where the player sat at seat 0, 1, …: a game
    # that favours who begins shows here
    by_seat: tuple[tuple[int, int, int], ...] = ()

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def summarize(spec: MatchSpec, results: Sequence[GameResult]) -> list[PlayerSummary]:
    summaries = []
    for who, name in enumerate(spec.players):
        scores = [r.score_of(who) for r in results]
        wins = sum(s == 1.0 for s in scores)
        draws = sum(s == 0.5 for s in scores)
        losses = sum(s == 0.0 for s in scores)
        n = len(scores)
        times = [t for r in results for t in r.times[who]]
        budget = next((r.budgets[who] for r in results), None)
        over = sum(t > budget * (1 + BUDGET_TOLERANCE) for t in times) if budget is not None else 0
        illegal = sum(r.illegal_by == who for r in results)
        by_seat = tuple(
            _wdl([r.score_of(who) for r in results if r.seating[seat] == who])
            for seat in range(len(spec.players))
        )
        summaries.append(
            PlayerSummary(
                name=name,
                wins=wins,
                draws=draws,
                losses=losses,
                win_interval=wilson(wins, n),
                draw_interval=wilson(draws, n),
                loss_interval=wilson(losses, n),
                score=(wins + draws / 2) / n if n else 0.0,
                elo=elo_interval(wins, draws, losses),
                moves=len(times),
                mean_time=sum(times) / len(times) if times else 0.0,
                max_time=max(times, default=0.0),
                budget=budget,
                over_budget=over,
                illegal=illegal,
                by_seat=by_seat,
            )
        )
    return summaries


def _wdl(scores: Sequence[float]) -> tuple[int, int, int]:
    wins = sum(s == 1.0 for s in scores)
    draws = sum(s == 0.5 for s in scores)
    return wins, draws, len(scores) - wins - draws
