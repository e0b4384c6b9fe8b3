"""The arena: seat rotation, results, intervals, records, command-line checks."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import tablier
from tablier.ai.arena import GameResult, MatchSpec, play_game, seating_for, summarize
from tablier.ai.stats import elo_from_score, elo_interval, wilson
from tablier.cli.arena import parse_match


def test_wilson_interval_matches_the_formula_at_known_points() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == 1.0
    assert elo_interval(10, 0, 0)[2] == math.inf


def test_elo_difference_of_a_score() -> None:
    assert elo_from_score(0.5) == 0.0
    assert elo_from_score(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo_from_score(1.0) == math.inf
    estimate, low, high = elo_interval(30, 0, 10)
    assert low < estimate < high
    assert estimate == pytest.approx(elo_from_score(0.75))


def test_seats_alternate_game_after_game() -> None:
    assert [seating_for(i, 2) for i in range(4)] == [[0, 1], [1, 0], [0, 1], [1, 0]]
    starts = [seating_for(i, 3)[0] for i in range(3)]
    assert sorted(starts) == [0, 1, 2]


def _two_player_game() -> str:
    for game_id in ("turris", "kwinty", "counterplays"):
        if game_id in tablier.game_ids():
            return game_id
    pytest.skip("no two-player engine is registered yet")


def test_a_game_is_played_legally_and_replays_from_its_record() -> None:
    game_id = _two_player_game()
    spec = MatchSpec(game=game_id, players=("greedy", "random"), games=2, seed=4)
    result = play_game(spec, 1)
    assert result.illegal is None
    assert result.seating == [1, 0]
    assert result.record["players"] == ["random", "greedy"]
    replayed = tablier.replay(result.record)
    assert replayed.is_terminal()
    assert replayed.returns() == result.returns
    assert all(result.times[0]) and all(result.times[1])
    assert play_game(spec, 1).record["moves"] == result.record["moves"]


def _result(index: int, seating: list[int], returns: list[float]) -> GameResult:
    return GameResult(index, seating, returns, [[0.1, 0.3], [0.2]], [0.25, None], {})


def test_summary_counts_results_from_each_players_point_of_view() -> None:
    spec = MatchSpec(game="x", players=("a", "b"), games=3)
    results = [
        _result(0, [0, 1], [1.0, -1.0]),  # a wins from seat 0
        _result(1, [1, 0], [1.0, -1.0]),  # b wins from seat 0
        _result(2, [0, 1], [0.0, 0.0]),
    ]
    a, b = summarize(spec, results)
    assert (a.wins, a.draws, a.losses) == (1, 1, 1)
    assert (b.wins, b.draws, b.losses) == (1, 1, 1)
    assert a.max_time == 0.3
    assert a.over_budget == 3  # 0.3 s is more than 0.25 s + 10%, in each of 3 games
    assert b.over_budget == 0
    # the same results split by the seat each sat at (seat 0 begins)
    assert a.by_seat == ((1, 1, 0), (0, 0, 1))
    assert b.by_seat == ((1, 0, 0), (0, 1, 1))


@pytest.mark.parametrize(
    ("players", "more", "said"),
    [
        ("hard,nobody", [], "joueur inconnu 'nobody'"),
        ("hard,random", ["-o", "oops"], "l'option 'oops' s'écrit clé=valeur"),
        ("hard", [], "joueurs, pas 1"),
        ("hard,random", ["--games", "0"], "--games vaut au moins 1, pas 0"),
        ("hard,rule-of-thumb", [], "'rule-of-thumb' ne sait pas jouer à"),
    ],
)
def test_match_arguments_are_checked(players: str, more: list[str], said: str) -> None:
    from typer.testing import CliRunner

    from tablier.cli import app

    game_id = _two_player_game()
    out = CliRunner().invoke(app, ["arena", game_id, "--players", players, *more])
    assert out.exit_code == 2
    # one line on stderr, nothing on stdout
    assert said in out.stderr and out.stderr.count("\n") == 1
    assert out.stdout == ""


def test_a_match_is_built_from_the_command_line_pieces() -> None:
    spec = parse_match(_two_player_game(), "hard, random", 5, [], 3)
    assert spec.players == ("hard", "random") and spec.games == 5 and spec.seed == 3


def test_arena_command_saves_records(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tablier.cli import app

    game_id = _two_player_game()
    out = CliRunner().invoke(
        app,
        ["arena", game_id, "--players", "random,random", "--games", "2", "--save", str(tmp_path)],
    )
    assert out.exit_code == 0, out.output
    assert "écart Elo" in out.stdout and "temps par coup" in out.stdout
    assert "2 parties enregistrées" in out.stdout
    # no terminal: no progress bar anywhere
    assert out.stderr == ""
    saved = sorted(tmp_path.glob("*.tablier.json"))
    assert len(saved) == 2
    assert tablier.replay(tablier.load_record(saved[0])).is_terminal()


def test_games_played_in_parallel_are_the_same_games() -> None:
    from tablier.ai.arena import run_match

    game_id = _two_player_game()
    spec = MatchSpec(game=game_id, players=("greedy", "random"), games=3, seed=9)
    alone = sorted(run_match(spec, jobs=1), key=lambda r: r.index)
    together = sorted(run_match(spec, jobs=2), key=lambda r: r.index)
    assert [r.record["moves"] for r in alone] == [r.record["moves"] for r in together]


def test_player_names_for_a_game_leave_out_players_that_cannot_play_it() -> None:
    from tablier.ai.players import player_names

    everyone = player_names()
    for level in ("easy", "facile", "medium", "moyen", "hard", "difficile", "expert"):
        assert level in everyone
    game_id = _two_player_game()
    usable = player_names(tablier.load(game_id))
    assert "rule-of-thumb" not in usable
    assert {"random", "greedy", "easy", "hard"} <= set(usable)
    if "quiwin" in tablier.game_ids():
        assert "rule-of-thumb" in player_names(tablier.load("quiwin"))
        assert "openspiel-mcts" not in player_names(tablier.load("quiwin"))
