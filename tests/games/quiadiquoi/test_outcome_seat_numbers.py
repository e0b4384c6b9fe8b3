"""The reason a QuiAdiQuoi game ended counts seats from 1, as every screen does."""

from __future__ import annotations

from tablier.core import registry


def test_the_winner_is_numbered_from_one_in_both_languages() -> None:
    game = registry.load("quiadiquoi", deck="test-fr")
    for seat in (0, 2):
        outcome = {"reason": "cards", "winner": seat, "returns": [0.0, 0.0, 0.0]}
        assert game.outcome_text(outcome, "fr") == (
            f"le joueur {seat + 1} gagne en réunissant les trois catégories"
        )
        assert game.outcome_text(outcome, "en") == f"player {seat + 1} wins with three categories"
    # the outcome itself (what records keep) still names the engine's seat
    assert outcome["winner"] == 2
