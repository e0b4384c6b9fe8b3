"""One suite over every registered game, through the contract only.

Like OpenSpiel's simulation test over its games: random playouts to the end, records
that replay to the same position, clones that do not share anything, every offered move
accepted, refusals that change nothing and say why in French and English, observations
that are JSON. A new game under `games/` is checked here without a line of test code;
per-game tests keep only what is particular to each game.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import tablier
from tablier.core import records, registry
from tablier.core.errors import IllegalMove
from tablier.core.game import Game
from tablier.core.messages import LANGS, catalogues
from tablier.core.state import State

GAMES = registry.game_ids()
SEEDS = (1, 2)
MAX_MOVES = 6000
# inputs no game takes as a move
JUNK = ["", "zz9", "§", "pass pass pass", "x" * 300, "answer", "9999", "a0h", "0,0;0,0"]


def players_for(game: Game) -> int:
    return max(game.min_players, min(game.max_players, 3 if game.min_players > 2 else 2))


def views(state: State) -> str:
    """Every seat's observation and the spectator's, as canonical JSON (fails if not JSON)."""
    seen = {str(p): state.observation(p) for p in [None, *range(state.num_players)]}
    return json.dumps([seen, state.current_players()], sort_keys=True)


def choices(state: State, player: int, rng: random.Random) -> list[str]:
    """The moves a random player picks from: every complete move, text moves filled in."""
    game = state.game
    moves = [str(m) for m in state.legal_moves(player)]
    concrete = [m for m in moves if not game.is_template(m)]
    if any(game.is_template(m) for m in moves):
        concrete += state.example_text_moves(player, rng)
    return concrete


@st.composite
def option_sets(draw: st.DrawFn, game_id: str) -> dict[str, Any]:
    """A valid choice of the game's options that take a few values (choices, booleans)."""
    chosen: dict[str, Any] = {}
    for spec in registry.game_class(game_id).option_specs:
        if spec.resources is not None:
            continue
        if spec.choices is not None:
            chosen[spec.name] = draw(st.sampled_from(list(spec.choices)))
        elif spec.kind is bool:
            chosen[spec.name] = draw(st.booleans())
    return chosen


def playout(
    game_id: str, seed: int, checks: bool = False, options: dict[str, Any] | None = None
) -> State:
    game = tablier.load(game_id, **(options or {}))
    state = game.new_state(seed=seed, num_players=players_for(game))
    rng = random.Random(seed)
    for count in range(MAX_MOVES):
        awaited = state.current_players()
        if not awaited:
            break
        player = rng.choice(awaited)
        moves = choices(state, player, rng)
        assert moves, f"{game_id}: seat {player} is awaited but has no move"
        if checks and count % 7 == 0:
            check_position(state, player, moves, rng)
        state.apply(player, rng.choice(moves))
    return state


def check_position(state: State, player: int, moves: list[str], rng: random.Random) -> None:
    before = views(state)
    # every offered move is accepted (on a copy)
    for move in rng.sample(moves, min(len(moves), 25)):
        copy = state.clone()
        copy.apply(player, move)
    assert views(state) == before, "playing on a clone changed the original"
    # refusals change nothing and say why, with a code, in both languages
    legal = {str(m) for m in state.legal_moves(player)}
    for junk in JUNK:
        if junk in legal:
            continue
        with pytest.raises(IllegalMove) as refused:
            state.apply(player, junk)
        check_refusal(refused.value)
        assert views(state) == before, f"refusing {junk!r} changed the position"
    others = [p for p in range(state.num_players) if p not in state.current_players()]
    if others:
        with pytest.raises(IllegalMove) as refused:
            state.apply(others[0], moves[0])
        check_refusal(refused.value)
        assert views(state) == before


def check_refusal(exc: IllegalMove) -> None:
    assert exc.code and not exc.code.startswith("core:refusal.plain"), exc.code
    texts = {lang: exc.text(lang) for lang in LANGS}
    assert all(t.strip() for t in texts.values()), texts
    assert "{" not in texts["fr"] and "{" not in texts["en"], texts
    assert str(exc) == texts["en"]
    json.dumps(exc.to_json())


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_random_playouts_end_and_replay(game_id: str, seed: int) -> None:
    state = playout(game_id, seed, checks=seed == SEEDS[0])
    assert state.is_terminal(), f"{game_id}: no end after {MAX_MOVES} moves"
    returns = state.returns()
    assert len(returns) == state.num_players
    outcome = state.outcome()
    assert outcome is not None and outcome["returns"] == returns
    # the outcome says why in both languages
    text = {lang: state.game.outcome_text(outcome, lang) for lang in LANGS}
    assert all(t.strip() and "{" not in t for t in text.values()), text
    # the record (as JSON) replays to the same position for every viewer
    record = json.loads(json.dumps(state.record()))
    again = records.replay(record)
    assert views(again) == views(state)
    assert again.outcome() == outcome
    # every prefix replays too, and a clone does not follow the original
    half = records.replay(record, upto=len(record["moves"]) // 2)
    twin = half.clone()
    before = views(twin)
    player = half.current_players()[0]
    half.apply(player, choices(half, player, random.Random(seed))[0])
    assert views(twin) == before
    assert state.render_text(lang="fr").strip() and state.render_text(lang="en").strip()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_searches_trusted_path_plays_what_apply_plays(game_id: str) -> None:
    """`apply_legal` (moves taken from `legal_moves`, as searches play them) leaves the
    very position `apply` leaves, move after move to the end."""
    game = tablier.load(game_id)
    rng = random.Random(11)
    checked = game.new_state(seed=5, num_players=players_for(game))
    trusted = checked.clone()
    for count in range(MAX_MOVES):
        awaited = checked.current_players()
        if not awaited:
            break
        player = rng.choice(awaited)
        generated = {str(m) for m in checked.legal_moves(player)}
        move = rng.choice(choices(checked, player, rng))
        checked.apply(player, move)
        if move in generated:
            trusted.apply_legal(player, move)
        else:  # a filled-in text move is not one of the generated moves
            trusted.apply(player, move)
        assert trusted.history == checked.history
        if count % 5 == 0:
            assert views(trusted) == views(checked)
    assert checked.is_terminal() and views(trusted) == views(checked)
    assert trusted.returns() == checked.returns()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_variant_plays_to_the_end_and_replays(game_id: str) -> None:
    @settings(
        max_examples=6,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(options=option_sets(game_id), seed=st.integers(0, 10**6))
    def check(options: dict[str, Any], seed: int) -> None:
        try:
            tablier.load(game_id, **options)
        except ValueError:
            assume(False)  # options that exclude each other
        state = playout(game_id, seed, checks=True, options=options)
        assert state.is_terminal(), f"{game_id} {options}: no end after {MAX_MOVES} moves"
        again = records.replay(json.loads(json.dumps(state.record())))
        assert views(again) == views(state)

    check()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_description_is_json_and_complete(game_id: str) -> None:
    cls = registry.game_class(game_id)
    described: dict[str, Any] = json.loads(json.dumps(cls.describe()))
    assert described["id"] == game_id
    for option in described["options"]:
        assert option["help"].get("fr") and option["help"].get("en"), option["name"]
        # the new-game form names every option in the interface's language
        assert option["label"].get("fr") and option["label"].get("en"), option["name"]
    for template in cls.text_move_templates:
        assert cls.is_template(template)
    assert set(described["new_deal_reasons"]) == set(cls.new_deal_reasons)


def test_every_message_catalogue_has_both_languages_with_the_same_parameters() -> None:
    for game_id in GAMES:
        # loading a game builds its catalogues
        tablier.load(game_id).new_state(seed=0, num_players=players_for(tablier.load(game_id)))
    found = catalogues()
    assert {"core", *GAMES} <= set(found), sorted(found)
    problems = [p for cat in found.values() for p in cat.problems()]
    assert problems == []
