"""A variant that never ends is stopped at the move cap and reported as such."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest

import tablier.study.play as play
from tablier.core.game import Game
from tablier.core.move import Move
from tablier.core.state import State
from tablier.study import StudySpec, figures_of, run_study
from tablier.study.report import write_report


class LoopState(State):
    """Two seats step in turn around a ring; `ends` > 0 ends the game after that many
    moves, 0 never ends it."""

    def __init__(self, game: Game, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.position = 0

    def current_players(self) -> list[int]:
        return [] if self.is_terminal() else [len(self.history) % 2]

    def legal_moves(self, player: int) -> list[Move]:
        return [Move("left"), Move("right")] if player in self.current_players() else []

    def _apply(self, player: int, move: str) -> str:
        self.position = (self.position + (1 if move == "right" else -1)) % 6
        return move

    def is_terminal(self) -> bool:
        ends = int(self.game.options["ends"])
        return ends > 0 and len(self.history) >= ends

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0, -1.0] if self.position % 2 == 0 else [-1.0, 1.0]

    def outcome(self) -> dict[str, Any] | None:
        return {"reason": "ring", "returns": self.returns()} if self.is_terminal() else None

    def observation(self, player: int | None = None) -> dict[str, Any]:
        return self.base_observation(player)

    def render_text(self, viewer: int | None = None, lang: str = "fr") -> str:
        return str(self.position)


class LoopGame(Game):
    id: ClassVar[str] = "loop"
    name: ClassVar[str] = "Boucle"

    def __init__(self, **options: Any) -> None:
        self.options = {"ends": options.get("ends", 0)}

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> State:
        return LoopState(self, seed, num_players)

    def max_game_length(self) -> int | None:
        return 40

    def study_cells(self, state: State) -> tuple[int, set[str]]:
        # the ring's six cells; the walker stands on one
        assert isinstance(state, LoopState)
        return 6, {f"c{state.position}"}


@pytest.fixture
def loop_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "load", lambda game_id, **options: LoopGame(**options))


def test_a_game_that_never_ends_is_stopped_at_the_declared_cap(loop_game: None) -> None:
    spec = StudySpec("loop", ("random", "random"), 6, {"ends": 0}, seed=1)
    games = run_study(spec)
    assert all(g.truncated and g.moves == 40 and g.reason == "truncated" for g in games)
    figures = figures_of("loop", spec.options, spec.players, games, seed=1, max_moves=40)
    assert figures.truncated.count == 6 and figures.truncated.rate == 1.0
    # a stopped game is neither won nor drawn
    assert sum(s.count for s in figures.wins) == 0 and figures.draws.count == 0
    assert figures.completion.count == 0


def test_a_cap_given_to_the_study_wins_over_the_declared_one(loop_game: None) -> None:
    spec = StudySpec("loop", ("random", "random"), 3, {"ends": 0}, seed=1, max_moves=7)
    assert {g.moves for g in run_study(spec)} == {7}


def test_games_that_end_before_the_cap_are_not_truncated(loop_game: None) -> None:
    spec = StudySpec("loop", ("random", "random"), 8, {"ends": 9}, seed=2)
    games = run_study(spec)
    assert not any(g.truncated for g in games) and {g.moves for g in games} == {9}
    figures = figures_of("loop", spec.options, spec.players, games, seed=2, max_moves=40)
    assert figures.truncated.count == 0
    assert sum(s.count for s in figures.wins) + figures.draws.count == 8


def test_the_report_and_figures_count_the_truncated_games(loop_game: None, tmp_path: Path) -> None:
    import json

    spec = StudySpec("loop", ("random", "random"), 4, {"ends": 0}, seed=3)
    figures = figures_of("loop", spec.options, spec.players, run_study(spec), 3, 40)
    page, data = write_report(tmp_path, [("base", figures)])
    saved = json.loads(data.read_text())["studies"][0]
    assert saved["truncated"]["count"] == 4 and saved["truncated"]["rate"] == 1.0
    assert saved["max_moves"] == 40
    text = page.read_text()
    assert "4 partie(s) sur 4 arrêtée(s) au plafond de 40 coups" in text
    assert "arrêtée au plafond de 40 coups" in text


def test_board_coverage_counts_the_cells_a_piece_stood_on(loop_game: None) -> None:
    spec = StudySpec("loop", ("random", "random"), 5, {"ends": 3}, seed=4)
    for game in run_study(spec):
        # three steps of ±1 from cell 0: the cells met are the walk's own
        position, seen = 0, {0}
        for _, move in game.record["moves"]:
            position = (position + (1 if move == "right" else -1)) % 6
            seen.add(position)
        assert game.cells == (6, len(seen))
