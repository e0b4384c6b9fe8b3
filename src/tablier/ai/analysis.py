"""Post-game analysis: the engine looks at every position of a finished game.

For each position it searches (MCTS with the game's knowledge, a fixed number of
iterations, so the analysis is reproducible) and keeps the best move and the position's
value. Each move played then gets a verdict from what it cost the player: the drop in
his winning chances between the best move and the move he chose, as lichess grades
moves. Winning chances are (value + 1) / 2 of a return between -1 and 1.

In a game with hidden information (Qui'win) a choice is judged by what its player
knew: the search starts from his own observation (the positions it samples agree with
it), and each of his options gets its winning chances from that one search.
"""

from __future__ import annotations

from typing import Any

from tablier.ai.mcts import MCTSPlayer, SearchSettings
from tablier.core import records, registry
from tablier.core.game import Game
from tablier.core.state import State

# iterations per position: enough to see tactics, small enough for a game in seconds
ITERATIONS = 400
# (verdict, the largest drop in winning chances it allows); "best" is the engine's move
VERDICTS: tuple[tuple[str, float], ...] = (
    ("good", 0.06),
    ("inaccuracy", 0.12),
    ("mistake", 0.25),
    ("blunder", 1.01),
)


def analysable(game: Game | type[Game]) -> bool:
    """Whether the analysis can judge this game's moves: turns and choices among listed
    moves (a quiz, whose moves are written answers, is not analysed)."""
    return not game.text_move_templates


def analyse_choice(record: dict[str, Any], index: int, iterations: int = ITERATIONS) -> dict:
    """Move `index` of `record` judged from what its player knew: the chances of each of
    his options (hidden-information games). Runs in a worker of the computer pool."""
    state = records.replay(record, upto=index)
    mover, played = record["moves"][index]
    player = MCTSPlayer(
        state.game, 7919 * (index + 1), SearchSettings(iterations=iterations), name="analysis"
    )
    best = player.choose(state.observation(mover), mover)
    values = player.last_report.values
    ranked = sorted(((round((v + 1) / 2, 3), str(m)) for m, v in values.items()),
                    key=lambda item: (-item[0], item[1]))  # fmt: skip
    options = [{"move": move, "chance": chance} for chance, move in ranked]
    own = values.get(best, 0.0) if values else 0.0
    return {
        "index": index,
        "mover": mover,
        "best": best,
        "played": str(played),
        "options": options,
        "value": own if mover == 0 else -own,
    }


def analyse_step(record: dict[str, Any], index: int, iterations: int = ITERATIONS) -> dict:
    """What the analysis computes for position `index`, whichever kind the game is."""
    game_class = registry.game_class(record["game"])
    if game_class.hidden_information:
        if index >= len(record["moves"]):
            final = records.replay(record)
            return {"index": index, "mover": None, "best": None, "value": final.returns()[0]}
        return analyse_choice(record, index, iterations)
    return analyse_position(record, index, iterations)


def _value(state: State, seat: int, iterations: int, seed: int, depth: int = 0) -> float:
    """The value of `state` for `seat` (in [-1, 1]) as the search sees it."""
    if state.is_terminal():
        return float(state.returns()[seat])
    mover = state.current_players()[0]
    player = MCTSPlayer(state.game, seed, SearchSettings(iterations=iterations), name="analysis")
    best = player.choose(state.observation(mover), mover)
    report = player.last_report
    values = report.values
    if report.proven is not None:
        value = report.proven[mover]  # the search proved it: exact
    elif report.forced:
        value = 1.0  # a win the game's own search proved
    elif best in values:
        value = values[best]
    elif depth < 4:
        # a move the game's knowledge forces (a win, a block) is not searched: look after it
        after = state.clone()
        after.apply(mover, best)
        value = _value(after, mover, iterations, seed + 1, depth + 1)
    else:
        value = 0.0
    return value if mover == seat else -value


def analyse_position(record: dict[str, Any], upto: int, iterations: int = ITERATIONS) -> dict:
    """Position `upto` (moves played) of `record`: who moves, the best move, the value
    for seat 0. Runs in a worker of the server's computer pool."""
    state = records.replay(record, upto=upto)
    if state.is_terminal():
        return {"index": upto, "mover": None, "best": None, "value": state.returns()[0]}
    mover = state.current_players()[0]
    player = MCTSPlayer(
        state.game, 7919 * (upto + 1), SearchSettings(iterations=iterations), name="analysis"
    )
    best = player.choose(state.observation(mover), mover)
    after = state.clone()
    after.apply(mover, best)
    value_for_mover = _value(after, mover, iterations, 104729 * (upto + 1))
    value = value_for_mover if mover == 0 else -value_for_mover
    return {"index": upto, "mover": mover, "best": best, "value": value}


def chances(value: float, seat: int) -> float:
    """Winning chances of `seat` from a value for seat 0 (two-player zero-sum games)."""
    own = value if seat == 0 else -value
    return (own + 1.0) / 2.0


def verdict(drop: float) -> str:
    for name, limit in VERDICTS:
        if drop <= limit:
            return name
    return VERDICTS[-1][0]


def judge(moves: list[list[Any]], positions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each move played, with its verdict: positions[i] is before move i, [i+1] after."""
    judged = []
    for i, (player, move) in enumerate(moves):
        before, after = positions[i], positions[i + 1]
        best = str(move) == before["best"]
        if "options" in before:
            # a choice judged from one search over the player's options
            table = {o["move"]: o["chance"] for o in before["options"]}
            best_chances = max(table.values(), default=0.5)
            played_chances = table.get(str(move), best_chances)
        else:
            best_chances = chances(before["value"], player)
            played_chances = chances(after["value"], player)
        drop = 0.0 if best else max(0.0, best_chances - played_chances)
        judged.append(
            {
                "index": i,
                "player": player,
                "move": str(move),
                "best": before["best"],
                "drop": round(drop, 3),
                "verdict": "best" if best else verdict(drop),
            }
        )
    return judged
