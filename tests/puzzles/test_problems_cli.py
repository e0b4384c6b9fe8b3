"""`tablier problems`: a short generation writes proved problems; `count` reads them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import tablier
from tablier.cli.root import app
from tablier.puzzles.verify import find


def test_generate_writes_problems_that_are_proved_again(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["problems", "generate", "kwinty", "--count", "2", "--minutes", "1.5",
              "--out", str(tmp_path), "--seed", "3", "--quiet"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "problèmes" in result.output
    problems = json.loads((tmp_path / "kwinty.json").read_text())
    assert problems, result.output
    for problem in problems:
        state = tablier.replay(problem)
        again = find(state, 1_000_000, 120.0)
        assert again is not None and again.key == problem["key"]
        assert problem["id"].startswith("kwinty-")


def test_an_unknown_game_is_refused_in_french() -> None:
    result = CliRunner().invoke(app, ["problems", "generate", "quiwin"])
    assert result.exit_code == 2
    assert "pas de problèmes pour quiwin" in result.output


def test_count_names_each_game() -> None:
    result = CliRunner().invoke(app, ["problems", "count"])
    assert result.exit_code == 0
    for game in ("kwinty", "turris", "counterplays"):
        assert game in result.output


def test_games_stored_by_a_server_are_mined_first(tmp_path: Path) -> None:
    import sqlalchemy as sa

    from tablier.puzzles.generate import harvest, self_play
    from tablier.puzzles.stored import finished_records
    from tablier.server import storage

    played = self_play("kwinty", 11, ("greedy", "greedy"))
    db = tmp_path / "server.db"
    engine = sa.create_engine(f"sqlite:///{db}")
    storage.metadata.create_all(engine)
    with engine.begin() as conn:
        conn.execute(
            storage.rooms.insert().values(
                id="r1", game="kwinty", options={}, num_players=2, created_at=1.0
            )
        )
        conn.execute(
            storage.games.insert().values(
                room_id="r1", number=1, seed=played["seed"], finished=True, started_at=1.0
            )
        )
        conn.execute(
            storage.moves.insert(),
            [
                {"room_id": "r1", "number": 1, "idx": i, "seat": s, "notation": m, "at": 1.0}
                for i, (s, m) in enumerate(played["moves"])
            ],
        )
    engine.dispose()  # fmt: skip
    records = finished_records(str(db), "kwinty")
    assert [r["moves"] for r in records] == [[list(m) for m in played["moves"]]]
    assert finished_records(f"sqlite:///{db}", "turris") == []
    # no time for self-play: whatever is found comes from the stored game
    found = harvest("kwinty", 50, 0.0, records=records)
    assert found.games == 1 and found.positions > 0
    for problem in found.problems:
        assert problem.moves == [list(m) for m in played["moves"][: len(problem.moves)]]
