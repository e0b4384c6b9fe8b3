"""A game's result as clients are told it."""

from tablier.core.game import Game
from tablier.core.outcome import Outcome


class ToldOutcome(Outcome):
    """An outcome as the server sends it: the game's data and two fields of its own."""

    # why the game ended, {"fr": ..., "en": ...}
    reason_text: dict[str, str]
    # whether the game's rules deal again at once after it (a void Qui'win game)
    new_deal: bool


def told_outcome(game: Game, result: Outcome | None) -> ToldOutcome | None:
    """The result's data, why the game ended in both languages (`reason_text`), and
    whether the game's rules deal again at once after it (`new_deal`)."""
    if result is None:
        return None
    return {
        **result,
        "reason_text": game.outcome_message(result).texts(),
        "new_deal": result.get("reason") in game.new_deal_reasons,
    }
