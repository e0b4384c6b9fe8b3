"""The difficulty levels: names in both languages, budgets, methods."""

from __future__ import annotations

import pytest
from ai_toys import NimGame

from tablier.ai.levels import LEVELS
from tablier.ai.mcts import MCTSPlayer
from tablier.ai.players import make_player


@pytest.mark.parametrize(
    ("french", "english"), [("facile", "easy"), ("moyen", "medium"), ("difficile", "hard")]
)
def test_french_and_english_names_make_the_same_player(french: str, english: str) -> None:
    game = NimGame(9)
    a, b = make_player(french, game, 1), make_player(english, game, 1)
    assert isinstance(a, MCTSPlayer) and isinstance(b, MCTSPlayer)
    assert a.settings == b.settings


def test_levels_grow_in_budget_and_hard_fits_two_seconds() -> None:
    game = NimGame(9)
    players = [make_player(name, game, 0) for name in ("easy", "medium", "hard", "expert")]
    budgets = [p.budget_seconds for p in players]  # type: ignore[attr-defined]
    assert budgets == sorted(budgets)
    assert budgets[2] is not None and budgets[2] <= 2.0
    easy, medium = players[0], players[1]
    assert isinstance(easy, MCTSPlayer) and isinstance(medium, MCTSPlayer)
    # the quick levels stop on an iteration budget first on a normal machine
    assert easy.settings.iterations is not None and medium.settings.iterations is not None
    assert easy.settings.iterations < medium.settings.iterations
    assert not easy.settings.use_knowledge and medium.settings.use_knowledge


def test_every_level_is_documented_with_a_method() -> None:
    assert {name for level in LEVELS for name in level.names} >= {
        "easy",
        "facile",
        "medium",
        "moyen",
        "hard",
        "difficile",
        "expert",
    }
    assert all(level.method for level in LEVELS)


def test_easy_plays_a_legal_move() -> None:
    game = NimGame(9)
    move = make_player("easy", game, 3).choose(game.new_state(seed=0).observation(0), 0)
    assert move in {"1", "2", "3"}


def test_every_level_but_easy_proves_wins_in_its_tree() -> None:
    game = NimGame(7)
    observation = game.new_state(seed=0).observation(0)
    proving = {}
    for name in ("easy", "medium", "hard", "expert"):
        player = make_player(name, game, 0)
        assert isinstance(player, MCTSPlayer)
        player.choose(observation, 0)
        proving[name] = player.last_report.proven
    assert proving["easy"] is None
    # 7 stones: taking 3 leaves a multiple of four, a proved win for the mover
    assert all(proving[name] == (1.0, -1.0) for name in ("medium", "hard", "expert"))


def test_hard_and_expert_spend_their_time_once_settled_easy_and_medium_stop() -> None:
    from dataclasses import replace

    import tablier

    settled = {level.names[0]: level.settings.stop_when_settled for level in LEVELS}
    assert settled == {"easy": True, "medium": True, "hard": False, "expert": False}
    # hard's own settings on a short clock: a quiet opening it cannot prove, so only the
    # budget ends the search
    hard = next(level for level in LEVELS if level.names[0] == "hard")
    game = tablier.load("kwinty")
    player = MCTSPlayer(game, 4, replace(hard.settings, seconds=0.4))
    state = game.new_state(seed=4)
    player.choose(state.observation(0), 0)
    assert player.last_report.proven is None
    assert player.last_report.seconds >= 0.3
