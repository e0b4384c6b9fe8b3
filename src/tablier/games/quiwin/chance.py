"""Chance decided from outside, one event at a time, for frameworks with chance nodes.

A Qui'win state normally draws everything from its seed: the deal, the bag's order,
coin tosses. Research frameworks (OpenSpiel) model each of those as an explicit
chance node decided when it happens. A state started with an explicit deal has a
bag whose order nobody has seen; `put_on_top` reorders the undrawn tiles so the next
draw is a tile of the chosen code, and `impose_coin` fixes the next coin toss. Both
keep `setup` up to date, so `record()` still replays to the same position.
"""

from __future__ import annotations

from collections import Counter

from tablier.games.quiwin.state import QuiwinState


def bag_counts(state: QuiwinState) -> Counter[str]:
    """The codes still in the bag (known to chance only)."""
    return Counter(state.codes[t] for t in state.bag)


def put_on_top(state: QuiwinState, code: str) -> None:
    """Make the next draw a tile of `code`, which must still be in the bag."""
    deal = state.setup.get("deal")
    if deal is None:
        raise ValueError("put_on_top needs a state started with an explicit deal")
    found = next((t for t in state.bag if state.codes[t] == code), None)
    if found is None:
        raise ValueError(f"no {code} is left in the bag")
    # clones share `codes` and `setup`'s insides: replace them, never change them
    codes = list(state.codes)
    top = state.bag[0]
    codes[top], codes[found] = codes[found], codes[top]
    state.codes = codes
    first_bag_tile = len(codes) - len(deal["bag"])
    state.setup["deal"] = {"hands": deal["hands"], "bag": codes[first_bag_tile:]}


def impose_coin(state: QuiwinState, winner: int) -> None:
    """Make the next coin toss go to `winner`."""
    state.coins = [*state.coins, winner]
    state.setup["coins"] = [*state.setup.get("coins", []), winner]
