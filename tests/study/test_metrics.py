"""Each Ludii-style metric on small hand-made sequences whose answer is worked out."""

from __future__ import annotations

import math

import pytest

from tablier.study import metrics
from tablier.study.figures import game_metrics
from tablier.study.play import GameFacts

# a two-seat game's values: White leads, Black takes over, White leads for good
SEESAW = [[0.0, 0.0], [0.2, -0.2], [-0.4, 0.4], [0.1, -0.1], [0.6, -0.6], [1.0, -1.0]]


def test_the_leader_is_the_strict_top() -> None:
    assert metrics.leader([0.3, -0.3]) == 0
    assert metrics.leader([0.0, 0.0]) is None
    assert metrics.leader([0.1, 0.5, 0.5]) is None
    assert metrics.leader([0.1, 0.5, 0.2]) == 1


def test_forced_moves_decisions_branching_and_the_tree() -> None:
    branching = [1, 4, 1, 10, 2]
    assert metrics.forced_share(branching) == pytest.approx(2 / 5)
    assert metrics.decision_moves(branching) == 3
    assert metrics.mean_branching(branching) == pytest.approx(18 / 5)
    # 1·4·1·10·2 = 80 sequences of that shape
    assert metrics.tree_log10(branching) == pytest.approx(math.log10(80))
    assert metrics.forced_share([]) is None and metrics.tree_log10([]) is None


def test_lead_changes_skip_shared_leads() -> None:
    # leaders: (tie skipped) 0, 1, 0, 0, 0 -> 2 changes over 4 steps
    assert metrics.lead_changes(SEESAW) == pytest.approx(2 / 4)
    assert metrics.lead_changes([[0.0, 0.0], [0.0, 0.0]]) is None
    assert metrics.lead_changes([[0.5, 0.0], [0.7, 0.0], [1.0, -1.0]]) == 0.0


def test_drama_is_the_winners_mean_deficit_while_behind() -> None:
    # White (0) wins; he trails only at [-0.4, 0.4]: a gap of 0.8
    assert metrics.drama(SEESAW, winner=0) == pytest.approx(0.8)
    # Black never trails in a game he leads throughout
    assert metrics.drama([[-0.1, 0.1], [-1.0, 1.0]], winner=1) == 0.0
    assert metrics.drama(SEESAW, winner=None) is None
    # three seats: the winner's gap to whoever leads
    assert metrics.drama([[0.5, 0.1, 0.0], [0.0, 0.0, 1.0]], winner=2) == pytest.approx(0.5)


def test_the_decisive_point_is_where_the_winner_leads_for_good() -> None:
    # White leads for good from position 3 of 0..5: 3/5 of the way
    assert metrics.decisive_point(SEESAW, winner=0) == pytest.approx(3 / 5)
    # leading from the first position: decided at once
    assert metrics.decisive_point([[0.1, -0.1], [1.0, -1.0]], winner=0) == 0.0
    # the winner leads only at the end
    assert metrics.decisive_point([[0.3, -0.3], [-1.0, 1.0]], winner=1) == 1.0
    assert metrics.decisive_point(SEESAW, winner=None) is None


def test_stability_is_the_mean_variance_of_each_seats_value() -> None:
    values = [[0.0, 0.0], [1.0, -1.0]]
    # each seat: values 0 and ±1, population variance 0.25
    assert metrics.stability(values) == pytest.approx(0.25)
    assert metrics.stability([[0.3, -0.3]] * 4) == 0.0
    assert metrics.stability([[0.3, -0.3]]) is None


def test_clarity_narrowness_and_variance() -> None:
    # mean 0.25, best 1: the bar is 0.8125; one move of four reaches it
    assert metrics.clarity_narrowness([1.0, 0.0, 0.0, 0.0]) == pytest.approx(0.25)
    # every move as good as the best: nothing stands out
    assert metrics.clarity_narrowness([0.2, 0.2, 0.2]) == 1.0
    assert metrics.clarity_variance([1.0, 0.0, 0.0, 0.0]) == pytest.approx(0.1875)
    assert metrics.clarity_narrowness([0.5]) is None


def test_coverage() -> None:
    assert metrics.coverage(12, 48) == 0.25
    assert metrics.coverage(0, 0) is None


def test_one_games_metrics_together() -> None:
    game = GameFacts(
        index=0,
        returns=[1.0, -1.0],
        reason="line",
        moves=5,
        branching=[3, 1, 2, 2, 5],
        facts={},
        record={},
        values=SEESAW,
        move_values=[[1.0, 0.0, 0.0, 0.0], [0.2, 0.2]],
        cells=(10, 4),
    )
    said = game_metrics(game)
    assert said["forced_share"] == pytest.approx(0.2)
    assert said["decision_moves"] == 4
    assert said["drama"] == pytest.approx(0.8)
    assert said["decisive_point"] == pytest.approx(0.6)
    # the clarity of a game: the mean over its measured positions
    assert said["clarity_narrowness"] == pytest.approx((0.25 + 1.0) / 2)
    assert said["coverage"] == pytest.approx(0.4)
    # a game stopped at the cap has no winner: no drama, no decisive point
    game.truncated = True
    cut = game_metrics(game)
    assert cut["drama"] is None and cut["decisive_point"] is None
