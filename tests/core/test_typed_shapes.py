"""Records and outcomes are plain JSON dicts that match their TypedDicts.

`Record` and `Outcome` exist for mypy only; nothing checks them at run time. This test
does: after a random playout of every game, the record (read back from JSON, as the
server's storage and outside checks see it) and the outcome have every required key of
their TypedDict, no key it does not declare, and values of the declared types.
"""

from __future__ import annotations

import json
import random
import types
from pathlib import Path
from typing import Any, Union, get_args, get_origin, is_typeddict

import pytest
from typing_extensions import get_type_hints

from tablier.core import registry
from tablier.core.outcome import Outcome
from tablier.core.records import Record, Replayable, load_record, replay
from tablier.core.state import State
from tablier.games.kwinty.outcome import KwintyOutcome

MAX_MOVES = 6000


def mismatches(value: Any, expected: Any, where: str = "") -> list[str]:
    """How `value` departs from the type `expected` (empty when it fits)."""
    if expected is Any:
        return []
    if is_typeddict(expected):
        return typeddict_mismatches(value, expected, where)
    origin = get_origin(expected)
    if origin in (Union, types.UnionType):
        options = [mismatches(value, option, where) for option in get_args(expected)]
        return (
            [] if any(not found for found in options) else [f"{where}: {value!r}, not {expected}"]
        )
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        (item,) = get_args(expected)
        return [m for i, v in enumerate(value) for m in mismatches(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a dict"]
        key, item = get_args(expected)
        found = [m for k in value for m in mismatches(k, key, f"{where} key {k!r}")]
        return found + [m for k, v in value.items() for m in mismatches(v, item, f"{where}.{k}")]
    if expected is type(None):
        return [] if value is None else [f"{where}: {value!r}, not None"]
    if expected is float:
        # as in typing: an int is accepted where a float is expected (JSON writes 1.0 as 1
        # in some languages)
        fits = isinstance(value, int | float) and not isinstance(value, bool)
        return [] if fits else [f"{where}: {value!r}, not a number"]
    if isinstance(value, bool) and expected is int:
        return [f"{where}: {value!r}, a bool, not an int"]
    return [] if isinstance(value, expected) else [f"{where}: {value!r}, not {expected}"]


def typeddict_mismatches(value: Any, shape: Any, where: str = "") -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: {type(value).__name__}, not a dict"]
    hints = get_type_hints(shape)
    missing = [f"{where}: no {key!r}" for key in sorted(shape.__required_keys__ - set(value))]
    unknown = [f"{where}: undeclared {key!r}" for key in sorted(set(value) - set(hints))]
    wrong = [
        m
        for key in value
        if key in hints
        for m in mismatches(value[key], hints[key], f"{where}.{key}")
    ]
    return missing + unknown + wrong


def declared_outcome(state: State) -> Any:
    """The TypedDict a game's `outcome()` says it returns (None taken out)."""
    returned = get_type_hints(type(state).outcome)["return"]
    (declared,) = [t for t in get_args(returned) if t is not type(None)] or [returned]
    return declared


def finished(game_id: str, seed: int) -> State:
    game = registry.load(game_id)
    state = game.new_state(seed=seed, num_players=max(2, game.min_players))
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        awaited = state.current_players()
        if not awaited:
            break
        player = rng.choice(awaited)
        state.apply(player, rng.choice(state.legal_moves(player)))
    assert state.is_terminal(), f"{game_id}: no end after {MAX_MOVES} moves"
    return state


def outcome_mismatches(outcome: Any, shape: Any, where: str) -> list[str]:
    """`outcome` against its game's TypedDict, or against the fields of Outcome when the
    game (from another package) does not declare one."""
    if is_typeddict(shape):
        return typeddict_mismatches(outcome, shape, where)
    if not isinstance(outcome, dict):
        return [f"{where}: {type(outcome).__name__}, not a dict"]
    base = get_type_hints(Outcome)
    return typeddict_mismatches({k: v for k, v in outcome.items() if k in base}, Outcome, where)


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_finished_games_record_and_outcome_fit_their_typeddicts(game_id: str) -> None:
    state = finished(game_id, seed=7)
    shape = declared_outcome(state)
    if is_typeddict(shape):
        assert Outcome.__required_keys__ <= shape.__required_keys__
        assert set(get_type_hints(Outcome)) <= set(get_type_hints(shape))
    else:
        # tablier's own games declare what their outcome holds, a plugin may not
        assert not type(state).__module__.startswith("tablier."), (
            f"{game_id}: outcome() is annotated {shape}, not a TypedDict built on Outcome"
        )
    outcome = state.outcome()
    assert outcome_mismatches(outcome, shape, "outcome") == []
    record = json.loads(json.dumps(state.record()))
    assert record["moves"] and all(
        len(pair) == 2 and type(pair[0]) is int and isinstance(pair[1], str)
        for pair in record["moves"]
    ), "moves are [seat, notation] pairs"
    # the record's own outcome is the game's, with the game's own fields (which the
    # base Outcome that Record names does not declare)
    assert set(record) >= {"returns", "outcome"}
    assert outcome_mismatches(record["outcome"], shape, "record.outcome") == []
    assert record["outcome"] == json.loads(json.dumps(outcome))
    rest = {k: v for k, v in record.items() if k != "outcome"}
    assert typeddict_mismatches(rest, Record, "record") == []
    # and a Record is something replay reads
    replayed = {k: record[k] for k in get_type_hints(Replayable) if k in record}
    assert typeddict_mismatches(replayed, Replayable) == []


def test_an_unfinished_games_record_has_no_outcome_and_still_fits() -> None:
    game = registry.load("kwinty")
    state = game.new_state(seed=3)
    player = state.current_players()[0]
    state.apply(player, state.legal_moves(player)[0])
    record = json.loads(json.dumps(state.record()))
    assert "outcome" not in record and "returns" not in record
    assert typeddict_mismatches(record, Record, "record") == []


def test_the_check_finds_what_departs_from_the_shapes() -> None:
    """The checks above can fail: wrong types, missing and undeclared keys are found."""
    record = json.loads(json.dumps(finished("kwinty", seed=2).record()))
    outcome = record.pop("outcome")
    assert typeddict_mismatches(record, Record) == []
    assert typeddict_mismatches({**record, "moves": "a1 b2"}, Record) == [".moves: str, not a list"]
    no_seed = {k: v for k, v in record.items() if k != "seed"}
    assert typeddict_mismatches(no_seed, Record) == [": no 'seed'"]
    assert typeddict_mismatches({**record, "winner": 0}, Record) == [": undeclared 'winner'"]
    found = typeddict_mismatches({**outcome, "returns": [1.0, "won"]}, Outcome)
    assert ".returns[1]: 'won', not a number" in found
    # a Kwinty field: the base Outcome does not declare it, KwintyOutcome does
    assert ": undeclared 'win_cells'" in found
    assert typeddict_mismatches({"returns": [True], "reason": 3}, Outcome) == [
        ".returns[0]: True, not a number",
        ".reason: 3, not <class 'str'>",
    ]
    assert typeddict_mismatches({**outcome, "winner": "0"}, KwintyOutcome) == [
        ".winner: '0', not int | None"
    ]
    assert mismatches(None, KwintyOutcome | None) == []
    assert mismatches({"returns": []}, KwintyOutcome | None) != []


def test_a_hand_written_record_is_replayable_but_not_a_full_record(tmp_path: Path) -> None:
    """What `replay` reads is less than what `State.record()` writes: a file with the
    game, the seed and the moves replays, and only the full shape asks for the rest."""
    path = tmp_path / "short.tablier.json"
    path.write_text('{"game": "kwinty", "seed": 4, "moves": [[0, "i1v"]]}', encoding="utf-8")
    short = load_record(path)
    assert typeddict_mismatches(short, Replayable) == []
    assert typeddict_mismatches(short, Record) == [
        ": no 'format'",
        ": no 'num_players'",
        ": no 'options'",
    ]
    assert replay(short).history == [(0, "i1v")]
    assert typeddict_mismatches({**short, "num_players": "2"}, Replayable) == [
        ".num_players: '2', not <class 'int'>"
    ]
