"""Rebuilding a full QuiAdiQuoi state from one seat's observation (for computer players).

The observation's `public` part is the game data without its hidden parts. What is
missing — which card sits where in the sabot, and the card of a question the seat is
not reading — is sampled from the cards not seen elsewhere, keeping each compartment's
size and the colour and category of its front face.
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any

from tablier.games.quiadiquoi.state import BLUE, BORDEAUX, QuiAdiQuoiState
from tablier.games.quiadiquoi.table import Table

if TYPE_CHECKING:
    from tablier.games.quiadiquoi.game import QuiAdiQuoiGame


def _take(pool: list[str], state: QuiAdiQuoiState, category: str | None) -> str:
    for index, card_id in enumerate(pool):
        if category is None or state.card(card_id).category == category:
            return pool.pop(index)
    return pool.pop()


def restore_state(
    game: QuiAdiQuoiGame, observation: dict[str, Any], rng: random.Random
) -> QuiAdiQuoiState:
    num_players = observation["num_players"]
    state = QuiAdiQuoiState(game, rng.getrandbits(63), num_players, deal=False)
    data = copy.deepcopy(observation["public"])
    sabot = data["comps"]
    known = {c for held in data["cards"] for c in held} | set(data["out"])
    question = data["question"]
    if question is not None and question["card"] is not None:
        known.add(question["card"])
    pool = [card.id for card in game.active_cards if card.id not in known]
    rng.shuffle(pool)
    if question is not None and question["card"] is None:
        question["card"] = _take(pool, state, question["category"])
    if data["verdict"] is not None and data["verdict"]["proposed"] is None:
        data["verdict"]["proposed"] = False
    mode = game.options["packs"]
    comps: list[list[list[str]]] = [[], [], []]
    # the fronts first, so that their categories are still in the pool
    for number, comp in enumerate(sabot):
        if comp["count"] and comp["front"] is not None and pool:
            card_id = _take(pool, state, comp["front"]["category"])
            comps[number].append([card_id, comp["front"]["face"]])
    for number, comp in enumerate(sabot):
        while len(comps[number]) < comp["count"] and pool:
            if number == 2 or mode == "mixed":
                face = rng.choice((BLUE, BORDEAUX))
            else:
                face = BORDEAUX if (mode == "separate" and number == 1) else BLUE
            comps[number].append([pool.pop(), face])
    data["comps"] = comps
    if data["heard"] is None:
        # the cards known to have been read aloud: those won, set aside, recited, the last
        heard = [c for held in data["cards"] for c in held] + list(data["out"])
        if data["tournament"] is not None:
            heard += data["tournament"]["recited"]
        if data["last"] is not None:
            heard.append(data["last"]["card"])
        data["heard"] = list(dict.fromkeys(heard))
    state.table = Table.from_public(num_players, data)
    state.history = [(int(p), str(m)) for p, m in observation["moves"]]
    return state
