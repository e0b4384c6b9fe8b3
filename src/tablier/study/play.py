"""Playing a study's games: each game is a pure function of the spec and its index, so
the figures are the same however the games are spread (one process, a pool, a cluster)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tablier.core.game import Game
from tablier.core.records import Record
from tablier.core.registry import load
from tablier.core.state import State

Progress = Callable[[int, int], None]

# a game that declares no maximum length is stopped here all the same: a study must
# end, and a game this long is reported as truncated rather than waited for
FALLBACK_CAP = 10_000
# the best move's clarity is measured every this many decisions (from the third), on at
# most this many of the legal moves: sparse, since each costs one evaluation per move
CLARITY_EVERY = 8
CLARITY_MOVES = 48


@dataclass(frozen=True)
class StudySpec:
    """The game and its options, one player name per seat (seats do not rotate: a study
    asks what each seat is worth), how many games, and the seed they derive from."""

    game: str
    players: tuple[str, ...]
    games: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    # stop a game after this many moves (None: the game's declared maximum length)
    max_moves: int | None = None
    # record position values (the game's evaluator) for drama, lead changes...
    values: bool = True

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
    record: Record
    # stopped at the move cap before the game ended
    truncated: bool = False
    # each seat's value at each position before a move, and at the end
    values: list[list[float]] = field(default_factory=list)
    # at a few positions: the mover's value after each of (some of) his legal moves
    move_values: list[list[float]] = field(default_factory=list)
    # (cells on the board, cells a piece stood on) where the game declares its cells
    cells: tuple[int, int] | None = None


def move_cap(game: Game) -> int:
    """The default cap: the game's declared maximum length, else FALLBACK_CAP."""
    declared = game.max_game_length()
    return declared if declared is not None and declared > 0 else FALLBACK_CAP


def _evaluator(game: Game) -> Callable[[State], list[float]] | None:
    """The game's own position evaluator, or None when it knows none (the default
    says 0 everywhere, which would fake calm games)."""
    from tablier.ai.knowledge import Heuristics, heuristics_for

    knowledge = heuristics_for(game)
    if type(knowledge).evaluate is Heuristics.evaluate:
        return None
    return knowledge.evaluate


def _value(state: State, evaluate: Callable[[State], list[float]]) -> list[float]:
    if state.is_terminal():
        return [float(r) for r in state.returns()]
    return [float(v) for v in evaluate(state)]


def _move_values(
    state: State, seat: int, evaluate: Callable[[State], list[float]], rng: random.Random
) -> list[float]:
    moves = state.legal_moves(seat)
    if len(moves) > CLARITY_MOVES:
        moves = rng.sample(moves, CLARITY_MOVES)
    values = []
    for move in moves:
        after = state.clone()
        after.apply(seat, move)
        values.append(_value(after, evaluate)[seat])
    return values


def play_one(spec: StudySpec, index: int) -> GameFacts:
    from tablier.ai.players import make_player

    game = load(spec.game, **spec.options)
    seed = spec.game_seed(index)
    state = game.new_state(seed=seed, num_players=len(spec.players))
    players = [make_player(name, game, seed=seed * 16 + k) for k, name in enumerate(spec.players)]
    rng = random.Random(seed)
    # the metrics' own draws, apart from the game's: they must not change its moves
    sampler = random.Random(seed ^ 0x5EED)
    evaluate = _evaluator(game) if spec.values else None
    cells_of = getattr(game, "study_cells", None)
    cap = spec.max_moves or move_cap(game)
    branching: list[int] = []
    values: list[list[float]] = []
    move_values: list[list[float]] = []
    total_cells = 0
    used: set[str] = set()
    while not state.is_terminal() and len(state.history) < cap:
        seat = rng.choice(state.current_players())
        legal = len(state.legal_moves(seat))
        if evaluate is not None:
            values.append(_value(state, evaluate))
            if legal > 1 and len(branching) % CLARITY_EVERY == 2:
                move_values.append(_move_values(state, seat, evaluate, sampler))
        if cells_of is not None:
            board = cells_of(state)
            if board is not None:
                total_cells, occupied = board
                used.update(occupied)
        branching.append(legal)
        move = str(players[seat].choose(state.observation(seat), seat))
        if game.is_template(move):
            # a text move (an answer...): one of the game's own filled-in examples
            examples = state.example_text_moves(seat, rng)
            move = rng.choice(examples) if examples else move
        state.apply(seat, move)
    if evaluate is not None:
        values.append(_value(state, evaluate))
    if cells_of is not None:
        board = cells_of(state)
        if board is not None:
            total_cells, occupied = board
            used.update(occupied)
    truncated = not state.is_terminal()
    outcome: Mapping[str, Any] = state.outcome() or {}
    record = state.record()
    record["players"] = list(spec.players)
    return GameFacts(
        index=index,
        returns=[float(r) for r in state.returns()],
        reason="truncated" if truncated else str(outcome.get("reason", "end")),
        moves=len(state.history),
        branching=branching,
        facts={} if truncated else game.study_facts(state),
        record=record,
        truncated=truncated,
        values=values,
        move_values=move_values,
        cells=(total_cells, len(used)) if total_cells else None,
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
