"""The computer levels' fixed ratings, as `benchmarks/computer_ratings.py` measured them.

They never change with play: they are the levels' strength measured by the arena, on the
scale of the players' Glicko-2 ratings, shown beside a player's rating so a player can
see where they stand against the computer. Only plain games were measured (a variant
such as Kwintie has none until it is measured).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

# the levels as the lobby offers them, weakest first
LEVEL_ORDER = ("random", "easy", "medium", "hard", "expert")


@cache
def measured() -> dict[str, Any]:
    """The whole file (method, anchor, date, command, per game and level)."""
    path = resources.files("tablier.server.people") / "computer_ratings.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"games": {}}
    return data


def computer_levels(key: str) -> list[dict[str, Any]]:
    """The levels of the game behind a rating key, weakest first: level, rating, games."""
    levels = measured().get("games", {}).get(key, {}).get("levels", {})
    return [
        {
            "level": name,
            "rating": float(levels[name]["rating"]),
            "error": float(levels[name].get("error", 0.0)),
            "games": int(levels[name]["games"]),
            "date": levels[name].get("date"),
            "fixed": True,
        }
        for name in LEVEL_ORDER
        if name in levels
    ]
