"""Game records: replaying them, and saving them as `*.tablier.json` files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tablier.core.registry import load
from tablier.core.state import State

SUFFIX = ".tablier.json"


def replay(record: dict[str, Any], upto: int | None = None) -> State:
    """The state reached by replaying `record` (its first `upto` moves if given)."""
    try:
        game = load(record["game"], **record.get("options", {}))
        state = game.new_state(
            seed=record["seed"],
            num_players=record.get("num_players"),
            **record.get("setup", {}),
        )
        moves = record["moves"]
    except KeyError as exc:
        raise ValueError(f"a record needs the field {exc.args[0]!r}") from None
    for player, move in moves[:upto] if upto is not None else moves:
        state.apply(player, move)
    return state


def save_record(record: dict[str, Any], path: str | Path) -> Path:
    """Write `record` as pretty JSON; `.tablier.json` is added when missing."""
    target = Path(path)
    if not target.name.endswith(SUFFIX):
        target = target.with_name(target.name + SUFFIX)
    target.write_text(json.dumps(record, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return target


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file and check it has what replay needs."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not a JSON record (line {exc.lineno}: {exc.msg})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a record is a JSON object")
    for key in ("game", "seed", "moves"):
        if key not in data:
            raise ValueError(f"{path}: the record has no {key!r} field")
    return data
