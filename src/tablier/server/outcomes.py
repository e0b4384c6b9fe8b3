"""A game's result as clients are told it."""

from __future__ import annotations

from typing import Any

from tablier.core.game import Game


def told_outcome(game: Game, result: dict[str, Any] | None) -> dict[str, Any] | None:
    """The result's data, why the game ended in both languages (`reason_text`), and
    whether the game's rules deal again at once after it (`new_deal`)."""
    if result is None:
        return None
    return {
        **result,
        "reason_text": game.outcome_message(result).texts(),
        "new_deal": result.get("reason") in game.new_deal_reasons,
    }
