"""The shipped problems (`data/<game>.json`), read once, and the problem of the day."""

from __future__ import annotations

import datetime
import hashlib
import json
from functools import cache
from importlib import resources
from typing import Any

import tablier
from tablier.core.records import Replayable
from tablier.core.state import State
from tablier.puzzles.verify import METHODS

GAMES = tuple(sorted(METHODS))


@cache
def problems(game_id: str) -> tuple[dict[str, Any], ...]:
    """The shipped problems of a game, easiest first (none for a game without any)."""
    if game_id not in METHODS:
        return ()
    source = resources.files("tablier.puzzles") / "data" / f"{game_id}.json"
    if not source.is_file():
        return ()
    return tuple(json.loads(source.read_text(encoding="utf-8")))


@cache
def _by_id() -> dict[str, dict[str, Any]]:
    return {p["id"]: p for game in GAMES for p in problems(game)}


def find(problem_id: str) -> dict[str, Any] | None:
    return _by_id().get(problem_id)


def position(problem: dict[str, Any]) -> State:
    """The problem's position, replayed from its game's record."""
    record: Replayable = {
        "game": problem["game"], "options": problem["options"], "seed": problem["seed"],
        "moves": problem["moves"],
    }  # fmt: skip
    return tablier.replay(record)


def daily(day: datetime.date, game_id: str | None = None) -> dict[str, Any] | None:
    """The problem of `day`: the same for everyone that day, a different game each day
    (unless one is asked for), drawn from a hash of the date so it does not walk the
    list in order."""
    games = [g for g in GAMES if problems(g)] if game_id is None else [game_id]
    games = [g for g in games if problems(g)]
    if not games:
        return None
    chosen = games[day.toordinal() % len(games)]
    digest = hashlib.sha256(f"{chosen}:{day.isoformat()}".encode()).digest()
    pool = problems(chosen)
    return pool[int.from_bytes(digest[:8], "big") % len(pool)]
