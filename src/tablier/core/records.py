"""Game records: their shape, replaying them, and saving them as `*.tablier.json` files."""

import json
from pathlib import Path
from typing import Any, NotRequired, cast

# typing_extensions' TypedDict: on Python 3.11 only it sees NotRequired inside ReadOnly
# at run time (the keys a TypedDict reports); annotations are not postponed here for
# the same reason
from typing_extensions import ReadOnly, TypedDict

from tablier.core.outcome import Outcome
from tablier.core.registry import load
from tablier.core.state import State

SUFFIX = ".tablier.json"


class Record(TypedDict):
    """A game as data, as `State.record()` writes it and `replay` reads it.

    A `TypedDict` and not a class, like `Outcome`: records are the engine contract's
    exchange format (files, the server's storage, checks in other languages), so at run
    time one is the plain JSON object it always was. Files written by hand may lack
    `format`, `options` and `num_players`; `replay` takes the game's defaults then.
    """

    format: str
    game: str
    options: dict[str, Any]
    seed: int
    num_players: int
    # [seat, canonical move] pairs, in the order they were played; lists (not tuples)
    # because that is what JSON gives back
    moves: list[list[Any]]
    # what `Game.new_state` was given besides the seed (e.g. an explicit deal)
    setup: NotRequired[dict[str, Any]]
    # at the end only
    returns: NotRequired[list[float]]
    outcome: NotRequired[Outcome]
    # who sat where, by name, in the computer's matches (arena, balance studies)
    players: NotRequired[list[str]]


class Replayable(TypedDict):
    """What `replay` reads: the game, its seed and its moves, the rest when given.

    Every `Record` is one; so are the shorter dicts puzzles and hand-written files
    carry. The optional fields are read-only here so that a `Record`, where they are
    required, still fits.
    """

    game: str
    seed: int
    moves: list[list[Any]]
    options: ReadOnly[NotRequired[dict[str, Any]]]
    num_players: ReadOnly[NotRequired[int]]
    setup: NotRequired[dict[str, Any]]


def replay(record: Replayable, upto: int | None = None) -> State:
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


def save_record(record: Replayable, path: str | Path) -> Path:
    """Write `record` as pretty JSON; `.tablier.json` is added when missing."""
    target = Path(path)
    if not target.name.endswith(SUFFIX):
        target = target.with_name(target.name + SUFFIX)
    target.write_text(json.dumps(record, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return target


def load_record(path: str | Path) -> Replayable:
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
    # JSON read from outside: the fields replay needs are there, their values it checks
    return cast(Replayable, data)
