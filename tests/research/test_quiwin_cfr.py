"""Reduced Qui'win: the engine option, and CFR through OpenSpiel on one of its deals."""

from __future__ import annotations

import random

from tests_research_support import need

import tablier
from tablier.ai.players import make_player

need("open_spiel")
pyspiel = need("pyspiel")

from tablier.research.openspiel_quiwin import hands  # noqa: E402
from tablier.research.quiwin_cfr import REDUCED, player_policy, solve, write_tree  # noqa: E402


def test_reduced_quiwin_is_an_option_the_players_can_play() -> None:
    game = tablier.load("quiwin", reduced=True)
    rng = random.Random(0)
    players = [make_player("rule-of-thumb", game, 1), make_player("planner", game, 2)]
    for seed in range(20):
        state = game.new_state(seed=seed)
        assert len(state.observation(0)["hand"]) == 3 and state.observation(0)["bag_size"] == 2
        while not state.is_terminal():
            for seat in state.current_players():
                move = players[seat].choose(state.observation(seat), seat)
                assert move in state.legal_moves(seat)
                state.apply(seat, move)
        assert len(state.observation(None)["rows"][0]) == 3
        assert state.outcome()["reason"] in ("palier3", "tiebreak", "void")
        assert game.state_from_observation(state.observation(1), 1, rng).is_terminal()


def one_deal():
    """The reduced game below one deal: White V22 O23 O25, Black O23 O25 O25."""
    game = pyspiel.load_game(REDUCED)
    root = game.new_initial_state()
    deal = hands(game.rules)
    root.apply_action(deal.index((1, 0, 0, 0, 0, 0, 1, 1)))
    root.apply_action(deal.index((0, 0, 0, 0, 0, 0, 1, 2)))
    return game, root


def test_cfr_solves_a_deal_of_reduced_quiwin_and_the_players_are_measured() -> None:
    game, root = one_deal()
    tree = write_tree(game, root)
    assert tree.terminals > 100 and all(len(t) > 10 for t in tree.infosets)
    efg = pyspiel.load_efg_game(tree.efg)
    assert efg.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    solved = solve(efg, "cfr+", target=0.01, max_iterations=2000)
    assert solved.exploitability <= 0.01
    uniform = pyspiel.exploitability(efg, player_policy(efg, tree, None))
    rule = make_player("rule-of-thumb", game.tablier_game, 0)
    thumb = pyspiel.exploitability(efg, player_policy(efg, tree, rule.choose))
    assert uniform > 0.05 and thumb > solved.exploitability
