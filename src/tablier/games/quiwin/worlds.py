"""Every Qui'win position one seat cannot tell from its observation, with its weight.

`sampling.py` draws one such position at random; this module lists them all, for the
exact evaluation of a choice near the end (`tablier.ai.quiwin_exact`). The unknowns are
the opponent's tiles still in hand and every tile the seat saw by colour only (the
opponent's orange and red tiles, placed or set aside), tied to the measured lengths.
The bag is not enumerated: its tiles are whatever is left, and a draw is decided when
it happens (`chance.put_on_top`), each code as likely as its count in the bag.

Weights: the deal is a uniform shuffle of distinguishable tiles, so an assignment of
codes to the unknowns weighs the number of ways of picking those tiles from what the
seat cannot see. As in `sampling.py`, the opponent's past choices are taken to tell
nothing of his hand (the seat does not know how he chooses), so nothing else biases it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from tablier.games.quiwin.rules import rules_of
from tablier.games.quiwin.sampling import _is_commit, _walk
from tablier.games.quiwin.tiles import colour, length

if TYPE_CHECKING:
    from tablier.games.quiwin.game import QuiwinGame
    from tablier.games.quiwin.state import QuiwinState


class TooManyWorlds(Exception):
    """The seat's information leaves more positions than the caller allowed."""


def enumerate_worlds(
    game: QuiwinGame, obs: dict[str, Any], seat: int, limit: int
) -> list[tuple[float, QuiwinState]]:
    """(probability, position) for each position `seat` cannot tell apart, the
    probabilities summing to 1. Raises TooManyWorlds beyond `limit` positions.

    As in `sample_state`, a choice of the opponent still secret is not made in the
    positions returned: he is still awaited there.
    """
    return [(w, world.position()) for w, world in world_list(game, obs, seat, limit)]


class World:
    """One assignment of codes to the seat's unknowns; its position is built on demand
    (replaying the game costs more than listing the assignments)."""

    def __init__(
        self, game: QuiwinGame, obs: dict[str, Any], seat: int, walked: Any,
        trial: dict[int, str],
    ) -> None:  # fmt: skip
        self.game, self.obs, self.seat, self.walked, self.trial = game, obs, seat, walked, trial

    def position(self) -> QuiwinState:
        v, coins = self.walked
        return _position(self.game, self.obs, self.seat, v, coins, self.trial)


def world_list(
    game: QuiwinGame, obs: dict[str, Any], seat: int, limit: int
) -> list[tuple[float, World]]:
    """(probability, world) for each assignment `seat` cannot tell apart."""
    rules = rules_of(game.options)
    v, coins = _walk(obs, seat, rules)
    pool = Counter(rules.tile_counts)
    for code in v.exact.values():
        pool[code] -= 1
    if any(n < 0 for n in pool.values()):
        raise ValueError("the observation shows more tiles of a code than exist")
    by_colour = [var for var in v.colour if var not in v.exact]
    hand = [var for var in v.hands[1 - seat] if var not in v.exact and var not in v.colour]
    assignments: list[tuple[float, dict[int, str]]] = []
    codes_sorted = sorted(pool)

    def fits(trial: dict[int, str]) -> bool:
        merged = {**v.exact, **trial}
        return all(
            sum(length(merged[x]) for x in group) == total
            for group, total in v.sums
            if all(x in merged for x in group)
        )

    def deal_hand(left: Counter[str], trial: dict[int, str], weight: float) -> None:
        # the opponent's hand is a set of tiles: its codes counted once, in code order
        def place(i: int, start: int, w: float, picked: Counter[str]) -> None:
            if i == len(hand):
                assignments.append((w, dict(trial)))
                if len(assignments) > limit:
                    raise TooManyWorlds
                return
            for j in range(start, len(codes_sorted)):
                code = codes_sorted[j]
                if left[code] - picked[code] <= 0:
                    continue
                picked[code] += 1
                trial[hand[i]] = code
                # C(n, m) ways for m tiles of a code, built one factor at a time
                factor = (left[code] - picked[code] + 1) / picked[code]
                place(i + 1, j, w * factor, picked)
                picked[code] -= 1
                del trial[hand[i]]

        place(0, 0, weight, Counter())

    def deal_colour(i: int, left: Counter[str], trial: dict[int, str], weight: float) -> None:
        if i == len(by_colour):
            if fits(trial):
                deal_hand(left, trial, weight)
            return
        var = by_colour[i]
        for code in codes_sorted:
            if colour(code) != v.colour[var] or left[code] <= 0:
                continue
            trial[var] = code
            if fits(trial):
                n = left[code]
                left[code] -= 1
                deal_colour(i + 1, left, trial, weight * n)
                left[code] += 1
            del trial[var]

    deal_colour(0, pool, {}, 1.0)
    total = sum(w for w, _ in assignments)
    if not assignments or total <= 0:
        raise ValueError("no deal fits this observation")
    walked = (v, coins)
    return [(w / total, World(game, obs, seat, walked, trial)) for w, trial in assignments]


def _position(
    game: QuiwinGame, obs: dict[str, Any], seat: int, v: Any, coins: list[int],
    trial: dict[int, str],
) -> QuiwinState:  # fmt: skip
    rules = rules_of(game.options)
    codes = {**v.exact, **trial}
    rest = Counter(rules.tile_counts)
    rest.subtract(codes.values())
    free = sorted(code for code, n in rest.items() for _ in range(n))
    for var in [*v.hands[0], *v.hands[1], *v.bag]:
        if var not in codes:
            codes[var] = free.pop()
    deal = {
        "hands": [[codes[x] for x in v.hands[p]] for p in (0, 1)],
        "bag": [codes[x] for x in v.bag],
    }
    state = cast("QuiwinState", game.new_state(seed=0, deal=deal, coins=coins))
    commits = [0, 0]
    for player, move in obs["moves"]:
        if player != seat and _is_commit(move):
            move = codes[v.hands[player][commits[player]]]
            commits[player] += 1
        state.apply(player, move)
    return state
