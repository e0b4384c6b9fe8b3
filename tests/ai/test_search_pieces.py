"""The search's pieces on their own: the returned report, proofs, the budget, the kept tree."""

from __future__ import annotations

import gc
import math

from ai_toys import DuelGame, NimGame

from tablier.ai.mcts import MCTSPlayer, SearchReport, SearchSettings
from tablier.ai.search_budget import CHECK_EVERY, Budget, spend
from tablier.ai.search_solver import back_up_proof, prove
from tablier.ai.search_tree import Edge, Node
from tablier.ai.tree_reuse import Kept


def test_search_returns_its_report_and_leaves_the_last_one_alone() -> None:
    game = NimGame(10)
    observation = game.new_state(seed=0).observation(0)
    player = MCTSPlayer(
        game, 4, SearchSettings(iterations=300, solve=False, stop_when_settled=False)
    )
    before = player.last_report
    move, report = player.search(observation, 0)
    assert player.last_report is before and before == SearchReport()
    assert report.iterations == 300 and sum(report.visits.values()) == 300
    assert set(report.visits) == {"1", "2", "3"} and move in report.visits
    # choose is the same search, its report kept: same seed, same figures
    assert player.choose(observation, 0) == move
    kept = player.last_report
    assert (kept.iterations, kept.visits, kept.values) == (
        report.iterations,
        report.visits,
        report.values,
    )


def test_a_hidden_information_search_reports_every_sampled_move() -> None:
    game = DuelGame()
    state = game.new_state(seed=2)
    seat = state.current_players()[0]
    move, report = MCTSPlayer(game, 1, SearchSettings(iterations=200)).search(
        state.observation(seat), seat
    )
    assert report.proven is None and report.reused == 0
    assert move in report.visits and sum(report.visits.values()) <= 200


def _proved(returns: tuple[float, ...]) -> Node:
    return Node(proven=returns)


def test_one_won_child_proves_its_parent_and_a_lost_one_is_marked() -> None:
    parent = Node(untried={0: ["c"]})
    parent.children[((0, "a"),)] = _proved((-1.0, 1.0))
    assert not prove(parent, 0)  # a move untried, nothing won: not yet
    parent.children[((0, "b"),)] = _proved((1.0, -1.0))
    assert prove(parent, 0) and parent.proven == (1.0, -1.0)


def test_a_proof_goes_up_while_it_decides_each_parent() -> None:
    root = Node(untried={0: []})
    middle = root.children[((0, "x"),)] = Node(untried={1: []})
    leaf = middle.children[((1, "y"),)] = _proved((1.0, -1.0))
    assert leaf.proven is not None
    back_up_proof([(root, ((0, "x"),)), (middle, ((1, "y"),))])
    # the only reply loses for player 1: the middle node and the root are won for 0
    assert middle.lost == {"y"} and middle.proven == (1.0, -1.0)
    assert root.proven == (1.0, -1.0) and root.lost is None


def test_the_budget_stops_at_its_limit_or_when_told_and_restores_collection() -> None:
    calls: list[int] = []
    budget = Budget(start=0.0, deadline=math.inf, limit=10)
    assert spend(budget, calls.append, lambda done: False) == 10 and calls == list(range(10))
    early = spend(Budget(0.0, math.inf, 1000), lambda done: None, lambda done: True)
    assert early == CHECK_EVERY
    assert gc.isenabled()


def test_a_kept_tree_serves_only_its_own_position() -> None:
    game = NimGame(10)
    state = game.new_state(seed=0)
    root = Node()
    child = root.children[((0, "2"),)] = Node(edges={1: {"1": Edge(visits=3)}})
    kept = Kept.of(state.observation(0), root, state.clone())
    state.apply(0, "2")
    assert kept.follow(state.observation(1), 1) is child
    other = game.new_state(seed=0)
    other.apply(0, "3")
    assert kept.follow(other.observation(1), 1) is None
    assert Kept.of(other.observation(1), root, other).follow(state.observation(1), 1) is None
