"""Problems drawn from games: the project's own players' games, and games stored on a server.

Each game is walked back from its end; every position within reach of the proof
(`verify.find`) is tried, and the ones with a single winning move are kept, once per
position (two games reaching the same position give one problem).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import tablier
from tablier.ai import endgame
from tablier.ai.players import make_player
from tablier.core.records import Record, Replayable
from tablier.core.state import State
from tablier.puzzles.verify import METHODS, OutOfReach, Problem, fast_key, prove

# how far back from a game's end positions are tried: a forced win in three (five plies)
# for Kwinty; the exact solver's reach for the others
BACK = {"kwinty": 7, "turris": 11, "counterplays": 5}
# random continuations tried from each game's earliest position within reach
PLAYOUTS = 8
# the players whose games are mined: cheap ones, so that many games fit in the time;
# a mix, because two equal greedy players repeat themselves
PLAYERS = ("greedy", "greedy", "easy")


@dataclass
class Harvest:
    problems: list[Problem] = field(default_factory=list)
    games: int = 0
    positions: int = 0
    seconds: float = 0.0
    seen: set[str] = field(default_factory=set)


def self_play(game_id: str, seed: int, players: tuple[str, str]) -> Record:
    """One game between two of the project's players; its record."""
    game = tablier.load(game_id)
    state = game.new_state(seed=seed)
    seats = [make_player(name, game, seed * 2 + i) for i, name in enumerate(players)]
    while not state.is_terminal():
        seat = state.current_players()[0]
        state.apply(seat, seats[seat].choose(state.observation(seat), seat))
    return state.record()


def positions(record: Replayable, back: int) -> Iterator[State]:
    """The positions of a finished game, from its end backwards, `back` of them at most."""
    moves = record["moves"]
    for cut in range(len(moves) - 1, max(len(moves) - back, 0) - 1, -1):
        state = tablier.replay({**record, "moves": moves[:cut]})
        if not state.is_terminal() and len(state.current_players()) == 1:
            yield state


def _try(state: State, harvest: Harvest, nodes: int, solver: endgame.Solver | None) -> bool:
    """Try one position; False when it was beyond the search's reach."""
    key = fast_key(state)
    if key in harvest.seen:
        return True
    harvest.seen.add(key)
    harvest.positions += 1
    try:
        problem = prove(state, nodes, solver=solver)
    except OutOfReach:
        return False
    if problem is not None:
        harvest.problems.append(problem)
    return True


def mine(
    record: Replayable, harvest: Harvest, nodes: int, rng: random.Random | None = None
) -> None:
    """Add the problems of one game's record to `harvest`: its own positions, and (for the
    games solved to the end) the positions one move off its line near the end, which the
    solver's table, shared by the whole game, makes cheap."""
    game_id = record["game"]
    harvest.games += 1
    exact = METHODS[game_id] == "exact"
    solver = endgame.Solver(tablier.load(game_id, **record.get("options", {})), nodes,
                            key=fast_key) if exact else None  # fmt: skip
    reached: list[State] = []
    for state in positions(record, BACK.get(game_id, 6)):
        if not _try(state, harvest, nodes, solver):
            if exact:
                break  # further back is further out of reach for a solver to the end
            continue
        reached.append(state)
    if not exact or rng is None or not reached:
        return
    # random continuations from the earliest position within reach: the played line's
    # endings are mostly settled already, erratic ones are where one move decides
    start = reached[-1]
    for _ in range(PLAYOUTS):
        state = start.clone()
        while not state.is_terminal() and len(state.current_players()) == 1:
            mover = state.current_players()[0]
            moves = state.legal_moves(mover)
            if len(moves) > 1 and not _try(state, harvest, nodes, solver):
                break
            state.apply(mover, rng.choice(moves))


def harvest(
    game_id: str,
    count: int,
    seconds: float,
    seed: int = 1,
    nodes: int = 60_000,
    records: list[Replayable] | None = None,
    progress: Callable[[Harvest], None] | None = None,
) -> Harvest:
    """Problems of `game_id`: first from `records` (stored games), then from self-play,
    until `count` are found or `seconds` have passed."""
    if game_id not in METHODS:
        raise ValueError(f"{game_id}: no problems for this game (known: {sorted(METHODS)})")
    found = Harvest()
    start = time.perf_counter()
    for record in records or []:
        if record.get("game") == game_id and len(found.problems) < count:
            mine(record, found, nodes)
    rng = random.Random(seed)
    n = 0
    while len(found.problems) < count and time.perf_counter() - start < seconds:
        n += 1
        pair = (rng.choice(PLAYERS), rng.choice(PLAYERS))
        mine(self_play(game_id, seed * 100_003 + n, pair), found, nodes, rng)
        found.seconds = time.perf_counter() - start
        if progress is not None:
            progress(found)
    found.seconds = time.perf_counter() - start
    return found


def stored_records(db: str, game_id: str) -> list[Replayable]:
    """The finished games of `game_id` stored in a server's database."""
    from tablier.puzzles.stored import finished_records

    return finished_records(db, game_id)


def write(problems: list[Problem], path: Path) -> None:
    """The shipped form: one JSON file per game, problems numbered from 1, easiest first."""
    # one problem per position: two games may reach it by moves in another order
    unique: dict[str, Problem] = {}
    for problem in problems:
        state = tablier.replay({"game": problem.game, "options": problem.options,
                                "seed": problem.seed, "moves": problem.moves})  # fmt: skip
        unique.setdefault(endgame.position_key(state), problem)
    ordered = sorted(unique.values(), key=lambda p: (p.rating, p.key))
    items = [{"id": f"{p.game}-{n}", **p.data()} for n, p in enumerate(ordered, 1)]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(items, ensure_ascii=False, separators=(",", ":")) + "\n")


def read(path: Path) -> list[Problem]:
    """Problems written by `write` (to add new ones to them)."""
    if not path.is_file():
        return []
    return [
        Problem(**{k: v for k, v in item.items() if k != "id"})
        for item in json.loads(path.read_text(encoding="utf-8"))
    ]
