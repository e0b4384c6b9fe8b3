"""Playing a study's games: each game is a pure function of the spec and its index, so
the figures are the same however the games are spread (one process, a pool, a cluster)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tablier.core.registry import load

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class StudySpec:
    """The game and its options, one player name per seat (seats do not rotate: a study
    asks what each seat is worth), how many games, and the seed they derive from."""

    game: str
    players: tuple[str, ...]
    games: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0

    def game_seed(self, index: int) -> int:
        return self.seed * 1_000_003 + index


@dataclass
class GameFacts:
    """What one game showed: its result and the measures the figures are made of."""

    index: int
    returns: list[float]
    reason: str
    moves: int
    # legal moves of the awaited seat at each decision (the branching factor over time)
    branching: list[int]
    facts: dict[str, float]
    record: dict[str, Any]


def play_one(spec: StudySpec, index: int) -> GameFacts:
    from tablier.ai.players import make_player

    game = load(spec.game, **spec.options)
    seed = spec.game_seed(index)
    state = game.new_state(seed=seed, num_players=len(spec.players))
    players = [make_player(name, game, seed=seed * 16 + k) for k, name in enumerate(spec.players)]
    rng = random.Random(seed)
    branching: list[int] = []
    while not state.is_terminal():
        seat = rng.choice(state.current_players())
        branching.append(len(state.legal_moves(seat)))
        move = str(players[seat].choose(state.observation(seat), seat))
        if game.is_template(move):
            # a text move (an answer...): one of the game's own filled-in examples
            examples = state.example_text_moves(seat, rng)
            move = rng.choice(examples) if examples else move
        state.apply(seat, move)
    outcome = state.outcome() or {}
    record = state.record()
    record["players"] = list(spec.players)
    return GameFacts(
        index=index,
        returns=[float(r) for r in state.returns()],
        reason=str(outcome.get("reason", "end")),
        moves=len(state.history),
        branching=branching,
        facts=game.study_facts(state),
        record=record,
    )


def _in_order(
    spec: StudySpec, results: Iterable[GameFacts], progress: Progress | None
) -> Iterator[GameFacts]:
    for done, result in enumerate(results, start=1):
        if progress is not None:
            progress(done, spec.games)
        yield result


def run_study(
    spec: StudySpec,
    jobs: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
) -> list[GameFacts]:
    """Every game of the study, sorted by index (the figures do not depend on `jobs`)."""
    indices = range(spec.games)
    if ray_address is not None:
        from tablier.study.cluster import play_on_ray

        results: Iterable[GameFacts] = play_on_ray(spec, indices, ray_address)
    elif jobs <= 1:
        results = (play_one(spec, i) for i in indices)
    else:
        pool = ProcessPoolExecutor(max_workers=jobs)
        try:
            chunk = max(1, spec.games // (jobs * 8))
            results = list(
                _in_order(
                    spec,
                    pool.map(play_one, [spec] * spec.games, indices, chunksize=chunk),
                    progress,
                )
            )
        finally:
            pool.shutdown()
        return sorted(results, key=lambda r: r.index)
    return sorted(_in_order(spec, results, progress), key=lambda r: r.index)
