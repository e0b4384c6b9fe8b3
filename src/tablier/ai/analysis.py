"""Post-game analysis: the engine looks at every position of a finished game.

**One point of view.** Every `value` the analysis gives (each position's, in the API
and on the page) is the *first player's* (seat 0, White) expected result in [-1, 1];
his winning chance is (value + 1) / 2. A move is judged from its *mover's* side: his
chances before it (the position's value, his best play assumed) against his chances
after it (the next position's value), both turned to his side, as lichess grades
moves. A position's value always comes from a search of that very position, with its
own mover to play, so two positions in a row are valued the same way.

**Exact where it can be.** Near the end of a perfect-information game the endgame
solver (`endgame.py`) settles the position (win, draw or loss), and the shortest forced
win within three moves, which the coach puts in words. Elsewhere an MCTS search with
the game's knowledge (a fixed number of iterations, seeded: reproducible) values it;
a result the search proves is exact too.

**Hidden information (Qui'win).** Each choice is judged by what its player knew: one
search from his own observation gives every option its chances (a choice made while
the other seat's simultaneous choice is pending sees nothing of it); near the end the
chances are exact (`quiwin_exact.py`: every world he could not tell apart played out,
against an opponent choosing uniformly) and marked so. The graph's value
is the first player's chance as a spectator could judge it: positions sampled from
the public view, played out by the game's playouts, so both seats are seen alike.
"""

from __future__ import annotations

import random
from typing import Any

from tablier.ai import endgame, quiwin_exact
from tablier.ai.knowledge import heuristics_for
from tablier.ai.mcts import MCTSPlayer, SearchSettings
from tablier.core import records, registry
from tablier.core.game import Game
from tablier.core.messages import Message
from tablier.core.records import Replayable
from tablier.core.state import State

# iterations per position: enough to see tactics, small enough for a game in seconds
ITERATIONS = 400
# the endgame solver's budget per position: nodes, not seconds, so that the analysis
# says the same on a busy machine (4000 nodes: 1-5 s on the reference machine); farther
# from the end, where it seldom reaches, a smaller one keeps its misses cheap
SOLVER_NODES = 4000
SOLVER_FAR_NODES = 1500
SOLVER_NEAR = 4
SOLVER_SECONDS: float | None = None
# ... tried only this many moves from the end of the record, where it can reach
SOLVER_REACH = 8
# the coach's question: a forced win within this many own moves, and its budget
WIN_IN = 3
WIN_IN_NODES = 3000
# playouts of the analysis go on this many moves: to the end of any game it analyses
FULL_PLAYOUT = 10_000
# spectator samples per Qui'win position for the graph
SPECTATOR_SAMPLES = 200
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


def _for_seat0(value: float, seat: int) -> float:
    return value if seat == 0 else -value


def _words(state: State, player: int, move: str | None) -> dict[str, str] | None:
    """The move in words, in each language, when the game can say it. Told as its
    player knows it: the analysis runs once the game is over, when nothing is hidden."""
    if move is None:
        return None
    describe = getattr(state, "describe_move", None)
    said = describe(player, move, player) if describe is not None else None
    return said.texts() if isinstance(said, Message) else None


def analyse_choice(record: Replayable, index: int, iterations: int = ITERATIONS) -> dict:
    """Move `index` of `record` judged from what its player knew: the chances of each of
    his options (hidden-information games). Runs in a worker of the computer pool."""
    state = records.replay(record, upto=index)
    mover, played = record["moves"][index]
    player = MCTSPlayer(
        state.game, 7919 * (index + 1), SearchSettings(iterations=iterations), name="analysis"
    )
    seen = state.observation(mover)
    solved = quiwin_exact.exact_choices(state.game, seen, mover)
    certain: list[str] = []
    if solved is not None:
        # every world the player could not tell apart, played out to the end
        best = solved.best
        values = {m: odds.value for m, odds in solved.options.items()}
        # told apart from the rounded chances: 99.96 % is not a certain win
        certain = sorted(m for m, odds in solved.options.items() if odds.win > 1 - 1e-9)
    else:
        best = player.choose(seen, mover)
        values = {str(m): v for m, v in player.last_report.values.items()}
    ranked = sorted(((round((v + 1) / 2, 3), str(m)) for m, v in values.items()),
                    key=lambda item: (-item[0], item[1]))  # fmt: skip
    options = [{"move": move, "chance": chance, "words": _words(state, mover, move)}
               for chance, move in ranked]  # fmt: skip
    return {
        "index": index,
        "mover": mover,
        "best": best,
        "played": str(played),
        "options": options,
        "exact": solved is not None,
        "certain": certain,
        "value": spectator_value(state, iterations, 104729 * (index + 1)),
        "best_words": _words(state, mover, best),
    }


def spectator_value(state: State, samples: int, seed: int) -> float:
    """Seat 0's expected result as someone who sees only the public table would judge
    it: positions sampled from the spectator's view, each played out by the game's own
    playouts (the same for both seats)."""
    if state.is_terminal():
        return float(state.returns()[0])
    rng = random.Random(seed)
    knowledge = heuristics_for(state.game)
    seen = state.observation(None)
    total = 0.0
    count = max(1, min(samples, SPECTATOR_SAMPLES))
    for _ in range(count):
        sample = state.game.state_from_observation(seen, None, rng)
        total += knowledge.playout(sample, rng)[0]
    return round(total / count, 3)


def analyse_step(record: Replayable, index: int, iterations: int = ITERATIONS) -> dict:
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
    found = _search(state, iterations, seed, depth)
    return found[0] if seat == 0 else -found[0]


def _search(
    state: State, iterations: int, seed: int, depth: int = 0
) -> tuple[float, str | None, bool]:
    """Seat 0's value of `state`, the mover's best move and whether the value is exact,
    from one MCTS search of `state` itself (its mover to play)."""
    if state.is_terminal():
        return float(state.returns()[0]), None, True
    mover = state.current_players()[0]
    player = _searcher(state.game, seed, iterations)
    best = player.choose(state.observation(mover), mover)
    report = player.last_report
    if report.proven is not None:
        return float(report.proven[0]), best, True
    if report.forced:
        return _for_seat0(1.0, mover), best, True  # a win the game's own search proved
    if best in report.values:
        # the mean over the whole root, weighted by visits: the best-looking child's own
        # mean is the maximum of noisy estimates and flatters the mover, so that positions
        # searched by alternate movers would read alternately good for each (in
        # Counterplays, with hundreds of moves, it is the mean of a few lucky playouts)
        visits = sum(report.visits.get(m, 0) for m in report.values)
        mean = sum(v * report.visits.get(m, 0) for m, v in report.values.items()) / max(visits, 1)
        return _for_seat0(mean, mover), best, False
    if depth < 4:
        # a move the game's knowledge forces (a win, a block) is not searched: look after it
        after = state.clone()
        after.apply(mover, best)
        value, _, exact = _search(after, iterations, seed + 1, depth + 1)
        return value, best, exact
    return 0.0, best, False


def _searcher(game: Game, seed: int, iterations: int) -> MCTSPlayer:
    """The analysis's search: the game's knowledge, but playouts to the end of the game.

    A playout cut after a few moves and scored by the game's evaluation favours whoever
    moved last in it (in Counterplays, who last reached the top level), so consecutive
    positions, searched by alternate movers, would read alternately good for each; a
    finished game's result knows no such parity.
    """
    player = MCTSPlayer(game, seed, SearchSettings(iterations=iterations), name="analysis")
    if player.knowledge.playout_depth is not None:
        player.knowledge.playout_depth = FULL_PLAYOUT
    return player


def analyse_position(record: Replayable, upto: int, iterations: int = ITERATIONS) -> dict:
    """Position `upto` (moves played) of `record`: who moves, the best move, seat 0's
    value, whether it is exact and, when the mover forces a win within a few moves,
    how soon. Runs in a worker of the server's computer pool."""
    state = records.replay(record, upto=upto)
    if state.is_terminal():
        return {"index": upto, "mover": None, "best": None, "value": state.returns()[0],
                "exact": True}  # fmt: skip
    mover = state.current_players()[0]
    found = _exact(state, len(record["moves"]) - upto)
    if found is not None:
        value, best = float(found.returns()[0]), found.best
        exact = True
    else:
        value, searched, exact = _search(state, iterations, 7919 * (upto + 1))
        best = searched or str(state.legal_moves(mover)[0])
    result: dict[str, Any] = {"index": upto, "mover": mover, "best": best, "value": value,
                              "exact": exact, "best_words": _words(state, mover, best)}  # fmt: skip
    if exact and _for_seat0(value, mover) > 0:
        short = endgame.shortest_win(state, mover, WIN_IN, WIN_IN_NODES)
        if short is not None:
            move, moves = short
            result["win_in"] = moves
            result["win_line"] = _line(state, mover, move, moves)
    return result


def solver_budget(left: int) -> int:
    """The solver's nodes for a position `left` moves before the record's end (0: none)."""
    if left > SOLVER_REACH:
        return 0
    return SOLVER_NODES if left <= SOLVER_NEAR else SOLVER_FAR_NODES


def _exact(state: State, left: int) -> endgame.Solution | None:
    """The position solved, when the record's end is near enough for the solver."""
    nodes = solver_budget(left)
    if not nodes or state.game.hidden_information:
        return None
    return endgame.solve(state, nodes, SOLVER_SECONDS)


def _line(state: State, winner: int, first: str, moves: int) -> list[dict[str, Any]]:
    """The winner's forced line in words: his first move, then (after the defender's
    best try) his next ones, as far as the short search settles them."""
    line: list[dict[str, Any]] = []
    position = state.clone()
    move: str | None = first
    for _ in range(moves):
        if move is None or position.is_terminal():
            break
        line.append({"move": move, "words": _words(position, winner, move)})
        position.apply(winner, move)
        while not position.is_terminal() and position.current_players()[0] != winner:
            defender = position.current_players()[0]
            reply = str(position.legal_moves(defender)[0])
            position.apply(defender, reply)
        if position.is_terminal():
            break
        short = endgame.shortest_win(position, winner, WIN_IN, WIN_IN_NODES)
        move = short[0] if short is not None else None
    return line


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
    """Each move played, with its verdict: positions[i] is before move i, [i+1] after.

    The mover's chances before (his best play) and after (the position his move left),
    both from his side; a move that turns a proved win into a loss or a draw is a
    blunder whatever the search said of the rest.
    """
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
        name = "best" if best else verdict(drop)
        if "options" in before:
            # a choice's chances are exact when every world was played out
            certain = before.get("certain") or []
            thrown = bool(before.get("exact") and certain) and str(move) not in certain
        else:
            thrown = bool(
                before.get("exact") and after.get("exact")
                and chances(before["value"], player) == 1.0 and played_chances < 1.0
            )  # fmt: skip
        if thrown:
            name = "blunder"
        entry: dict[str, Any] = {
            "index": i,
            "player": player,
            "move": str(move),
            "best": before["best"],
            "best_words": before.get("best_words"),
            "before": round(best_chances, 3),
            "after": round(played_chances, 3),
            "drop": round(drop, 3),
            "verdict": name,
        }
        if (
            name in ("mistake", "blunder")
            and after.get("win_in")
            and after.get("mover")
            not in (
                None,
                player,
            )
        ):
            # the coach's words: the opponent now forces a win, and how soon
            entry["loses_in"] = after["win_in"]
            entry["line"] = after.get("win_line", [])
        judged.append(entry)
    return judged
