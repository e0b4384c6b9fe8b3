"""Sampling a full Qui'win position consistent with what one seat observes.

Every tile that ever mattered is a variable: the k-th tile each player commits
(the rest of his hand follows) and the bag in draw order. Walking the observed events
ties each variable to what the seat saw of it (an exact code or only a colour) and to
the measured lengths. Codes are then dealt to the variables uniformly among the
assignments that fit, and the public moves are replayed on that deal.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from tablier.games.quiwin.rules import Rules, rules_of
from tablier.games.quiwin.tiles import colour, length, normalise_code

if TYPE_CHECKING:
    from tablier.games.quiwin.game import QuiwinGame
    from tablier.games.quiwin.state import QuiwinState

MAX_TRIES = 20000


class _Vars:
    """Variable ids: hands[p][k] and bag[i]; constraints gathered while walking events."""

    def __init__(self, rules: Rules) -> None:
        size = rules.hand_size
        self.hands = [list(range(size)), list(range(size, 2 * size))]
        self.bag = list(range(2 * size, 2 * size + rules.bag_size))
        self.exact: dict[int, str] = {}
        self.colour: dict[int, str] = {}
        self.sums: list[tuple[list[int], int]] = []

    def see(self, var: int, shown: str) -> None:
        code = normalise_code(shown)
        if code is not None:
            if self.exact.get(var, code) != code:
                raise ValueError("the observation contradicts itself about a tile")
            self.exact[var] = code
        if self.colour.get(var, shown[0]) != shown[0]:
            raise ValueError("the observation contradicts itself about a tile's colour")
        self.colour[var] = shown[0]


def _is_commit(move: str) -> bool:
    return normalise_code(move) is not None or (len(move) == 2 and move.endswith("?"))


def _walk(obs: dict[str, Any], seat: int | None, rules: Rules) -> tuple[_Vars, list[int]]:
    v = _Vars(rules)
    if seat is not None:
        mine = [m for p, m in obs["moves"] if p == seat and _is_commit(m)]
        for k, code in enumerate([*mine, *obs["hand"]]):
            v.see(v.hands[seat][k], code)
    rows: list[list[int]] = [[], []]
    coins: list[int] = []
    drawn = 0
    step = -1
    transfer: tuple[int, int] | None = None
    for e in obs["events"]:
        kind = e["type"]
        if kind == "reveal":
            step = e["step"] - 1
            for p in (0, 1):
                var = v.hands[p][step]
                rows[p].append(var)
                v.see(var, e["tiles"][p])
        elif kind == "coin":
            coins.append(e["winner"])
        elif kind == "change":
            target = e["target"]
            v.see(rows[target][step], e["removed"])
            rows[target][step] = v.bag[drawn]
            v.see(v.bag[drawn], e["drawn"])
            drawn += 1
        elif kind == "transfer":
            transfer = (e["player"], rows[e["player"]][step])
            v.see(transfer[1], e["tile"])
        elif kind == "swap":
            assert transfer is not None
            giver, given = transfer
            slot = rules.palier_starts[rules.palier_of(step)] + e["slot"] - 1
            v.see(rows[e["player"]][slot], e["removed"])
            rows[e["player"]][slot] = given
            v.see(given, e["received"])
            rows[giver][step] = v.bag[drawn]
            v.see(v.bag[drawn], e["drawn"])
            drawn += 1
            transfer = None
        elif kind == "measure":
            palier = e["palier"] - 1
            start, size = rules.palier_starts[palier], rules.palier_sizes[palier]
            for p in (0, 1):
                # earlier paliers never change after their measure: each one adds its own
                previous = _cumulative(obs, palier - 1, p) if palier else 0
                v.sums.append((rows[p][start : start + size], e["lengths"][p] - previous))
    return v, coins


def _cumulative(obs: dict[str, Any], palier: int, player: int) -> int:
    for m in obs["measurements"]:
        if m["palier"] == palier + 1:
            value: int = m["lengths"][player]
            return value
    raise ValueError(f"the observation has no measurement for palier {palier + 1}")


def _assign(v: _Vars, rng: random.Random, counts: dict[str, int]) -> dict[int, str]:
    left = Counter(counts)
    codes: dict[int, str] = {}
    for var, code in v.exact.items():
        left[code] -= 1
        if left[code] < 0:
            raise ValueError(f"the observation shows more {code} tiles than exist")
        codes[var] = code
    by_colour: dict[str, list[int]] = {}
    for var, letter in v.colour.items():
        if var not in codes:
            by_colour.setdefault(letter, []).append(var)
    pools = {
        letter: [code for code, n in left.items() if colour(code) == letter for _ in range(n)]
        for letter in by_colour
    }
    for letter, vars_ in by_colour.items():
        if len(pools[letter]) < len(vars_):
            raise ValueError(f"the observation shows more {letter} tiles than exist")
    for _ in range(MAX_TRIES):
        trial = dict(codes)
        for letter, vars_ in by_colour.items():
            for var, code in zip(vars_, rng.sample(pools[letter], len(vars_)), strict=True):
                trial[var] = code
        if all(sum(length(trial[x]) for x in group) == total for group, total in v.sums):
            break
    else:
        raise ValueError("no deal fits the measured lengths of this observation")
    rest = Counter(counts)
    rest.subtract(trial.values())
    free = [code for code, n in rest.items() for _ in range(n)]
    rng.shuffle(free)
    all_vars = [*v.hands[0], *v.hands[1], *v.bag]
    for var in all_vars:
        if var not in trial:
            trial[var] = free.pop()
    return trial


def sample_state(
    game: QuiwinGame, obs: dict[str, Any], seat: int | None, rng: random.Random
) -> QuiwinState:
    """A position drawn uniformly among those that `seat` cannot tell from `obs`.

    The opponent's pending choice (a commitment or a declaration) is unknown, so the
    position returned is the one just before it: he is still awaited there.
    """
    rules = rules_of(game.options)
    v, coins = _walk(obs, seat, rules)
    codes = _assign(v, rng, dict(rules.tile_counts))
    deal = {
        "hands": [[codes[x] for x in v.hands[p]] for p in (0, 1)],
        "bag": [codes[x] for x in v.bag],
    }
    state = cast("QuiwinState", game.new_state(seed=rng.getrandbits(63), deal=deal, coins=coins))
    commits = [0, 0]
    for player, move in obs["moves"]:
        if player != seat and _is_commit(move):
            move = codes[v.hands[player][commits[player]]]
            commits[player] += 1
        state.apply(player, move)
    return state
