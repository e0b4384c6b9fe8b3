"""Qui'win's last choices valued exactly, from what their player knows.

From a seat's observation, every position it cannot tell apart is listed with its
probability (`games/quiwin/worlds.py`); the rest of the game is then played out in
full: every draw from the bag (each code as likely as its count there) and every coin
toss (half and half) is a branch, not a sample.

**The opponent model: uniform.** Qui'win's choices are simultaneous and hidden, so the
honest value of a position is a game between two players who each know only their own
tiles; solving that (a matrix game per information set) is out of this module's
reach. What it computes is exact and stated: the seat's chances when the opponent
chooses uniformly among his legal moves, and the seat plays his best *with only his
own information* (positions he cannot tell apart get the same choice, so he never
profits from a hand he cannot see). Two values need no model: a choice valued 1 wins
against every opponent and every draw, and one valued 0 loses against all of them, so
a choice that throws away a certain win is found exactly whatever the opponent does.

`exact_choices` returns None, never a guess, when the worlds or the positions to play
out go beyond its budget.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from tablier.core.game import Game
from tablier.core.state import State
from tablier.games.quiwin.chance import bag_counts, impose_coin, put_on_top
from tablier.games.quiwin.game import QuiwinGame
from tablier.games.quiwin.state import QuiwinState
from tablier.games.quiwin.worlds import TooManyWorlds, world_list

# budgets: positions the seat cannot tell apart, and moves applied while playing out
MAX_WORLDS = 600
MAX_NODES = 30_000


class _OutOfReach(Exception):
    pass


@dataclass
class Odds:
    """Probabilities of the seat's win, draw and loss."""

    win: float = 0.0
    draw: float = 0.0
    loss: float = 0.0

    @property
    def value(self) -> float:
        """The expected result in [-1, 1]."""
        return self.win - self.loss

    @property
    def chance(self) -> float:
        """Winning chances as the analysis counts them (a draw is half)."""
        return self.win + self.draw / 2

    def add(self, other: Odds, weight: float = 1.0) -> None:
        self.win += weight * other.win
        self.draw += weight * other.draw
        self.loss += weight * other.loss


@dataclass
class ExactChoice:
    seat: int
    options: dict[str, Odds]
    worlds: int
    nodes: int = 0
    best: str = field(default="")


Particle = tuple[float, QuiwinState]


class _Evaluator:
    def __init__(self, seat: int, max_nodes: int, own: str = "best") -> None:
        self.seat = seat
        self.own = own
        self.max_nodes = max_nodes
        self.nodes = 0

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfReach

    def play(self, state: QuiwinState, player: int, move: str) -> list[Particle]:
        """`move` applied, each coin toss and draw it causes being a branch."""
        self._tick()
        trial = state.clone()
        coins_before = _coins(state)
        bag_before = len(state.bag)
        trial.apply(player, move)
        tosses: list[tuple[float, int | None]] = [(1.0, None)]
        if _coins(trial) > coins_before:
            tosses = [(0.5, 0), (0.5, 1)]
        elif len(trial.bag) == bag_before:
            return [(1.0, trial)]
        out: list[Particle] = []
        for coin_weight, winner in tosses:
            base = state.clone()
            if winner is not None:
                impose_coin(base, winner)
                self._tick()
                probe = base.clone()
                probe.apply(player, move)
                if len(probe.bag) == bag_before:
                    out.append((coin_weight, probe))
                    continue
            counts = bag_counts(state)
            for code, n in sorted(counts.items()):
                self._tick()
                branch = base.clone()
                put_on_top(branch, code)
                branch.apply(player, move)
                out.append((coin_weight * n / bag_before, branch))
        return out

    def advance(self, particles: list[Particle]) -> list[Particle]:
        """Play the opponent's choices (uniform) until the seat chooses or the end."""
        done: list[Particle] = []
        stack = list(particles)
        while stack:
            weight, state = stack.pop()
            if state.is_terminal() or self.seat in state.current_players():
                done.append((weight, state))
                continue
            other = state.current_players()[0]
            moves = state.legal_moves(other)
            for move in moves:
                for w, child in self.play(state, other, str(move)):
                    stack.append((weight * w / len(moves), child))
        return done

    def after(self, particles: list[Particle], move: str) -> Odds:
        """Unnormalised odds when the seat plays `move` in every one of `particles`."""
        children: list[Particle] = []
        for weight, state in particles:
            children += [(weight * w, s) for w, s in self.play(state, self.seat, move)]
        return self.best(self.advance(children))

    def best(self, particles: list[Particle]) -> Odds:
        odds = Odds()
        groups: dict[str, list[Particle]] = defaultdict(list)
        for weight, state in particles:
            if state.is_terminal():
                odds.add(_result(state, self.seat), weight)
            else:
                groups[_seen(state, self.seat)].append((weight, state))
        for group in groups.values():
            moves = [str(m) for m in group[0][1].legal_moves(self.seat)]
            options = [self.after(group, m) for m in moves]
            if self.own == "uniform":
                for option in options:
                    odds.add(option, 1 / len(options))
            else:
                odds.add(max(options, key=lambda o: (o.value, o.win)))
        return odds


def _coins(state: QuiwinState) -> int:
    return sum(1 for e in state.events if e["type"] == "coin")


def _result(state: State, seat: int) -> Odds:
    score = state.returns()[seat]
    return Odds(win=float(score > 0), draw=float(score == 0), loss=float(score < 0))


def _seen(state: QuiwinState, seat: int) -> str:
    """All the seat knows of the position: positions alike for it share one choice."""
    obs = state.observation(seat)
    return json.dumps(obs, sort_keys=True, default=str)


def exact_choices(
    game: Game,
    obs: dict[str, Any],
    seat: int,
    max_worlds: int = MAX_WORLDS,
    max_nodes: int = MAX_NODES,
    own: str = "best",
) -> ExactChoice | None:
    """Each legal choice of `seat` with its exact odds (see the module's opponent
    model), or None when the game is not Qui'win or the position is out of reach.

    `own="uniform"` makes the seat's own later choices uniform too: a value a plain
    Monte-Carlo estimate can check (the tests do)."""
    if not isinstance(game, QuiwinGame) or obs.get("terminal"):
        return None
    try:
        listed = world_list(game, obs, seat, max_worlds)
    except TooManyWorlds:
        return None
    first = listed[0][1].position()
    if seat not in first.current_players():
        return None
    moves = [str(m) for m in first.legal_moves(seat)]
    # one world first: when it alone costs more than its share of the budget, the
    # others will too (a miss then costs a fraction of the budget, not all of it)
    probe = _Evaluator(seat, max_nodes // len(listed) + 1, own)
    try:
        for m in moves:
            probe.after([(1.0, first)], m)
    except _OutOfReach:
        return None
    worlds = [(weight, world.position()) for weight, world in listed]
    evaluator = _Evaluator(seat, max_nodes, own)
    try:
        options = {m: evaluator.after(worlds, m) for m in moves}
    except _OutOfReach:
        return None
    best = max(moves, key=lambda m: (options[m].value, options[m].win, m))
    return ExactChoice(seat, options, len(worlds), evaluator.nodes, best)
