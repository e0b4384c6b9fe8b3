"""Qui'win in OpenSpiel: simultaneous moves, hidden hands, explicit chance nodes.

Registered as `python_tablier_quiwin`, parameters `open_lengths` (default False) and
`reduced` (default False: `python_tablier_quiwin(reduced=True)` is the small game
of `games/quiwin/rules.py`, solved exactly by `quiwin_cfr.py`).

- **Chance nodes** decide every chance event when it happens: first each seat's hand
  (one node per hand; outcome `i` is the `i`-th possible hand in `hands(rules)`, with
  its multivariate hypergeometric probability), then, during play, each draw from the
  bag (outcome = the code's number in the action table, probability proportional to
  the tiles of that code left in the bag) and each coin toss (outcome = the seat that
  wins the pawn, 1/2 each). The bag's order is never fixed in advance.
- **Simultaneous nodes** for every decision, as OpenSpiel's RL environment wants of a
  simultaneous game: when the engine awaits one seat only (a window only one seat may
  use, the answer `swap <n>` to a transfer), the other's only legal action is `pass`
  (number 8), which does nothing — the rules do not ask him.
- Actions are the 15 of `games/quiwin/actions.py`.
- The information state is perfect recall: as a string, the seat's observation as
  JSON; as a tensor, `quiwin_infostate.py` (declared: `provides_information_state_tensor`).

The engine state is built once the hands are dealt, with the undrawn tiles in a
provisional order; `games/quiwin/chance.py` puts the drawn code on top of the bag
just before the engine draws.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from functools import cache
from typing import Any, cast

import numpy as np
import pyspiel

from tablier.core.registry import load
from tablier.games.quiwin import chance
from tablier.games.quiwin.actions import CODES
from tablier.games.quiwin.rules import FULL, Rules, rules_of
from tablier.games.quiwin.state import QuiwinState
from tablier.research.interface import interface, legal_actions
from tablier.research.openspiel_observer import TablierObserver, make_observer
from tablier.research.quiwin_infostate import QuiwinInfoStateTensor

NAME = "python_tablier_quiwin"
PAWNS = ("change", "transfer")
IDLE = len(CODES)  # `pass` in the action table (after the 8 codes)
MAX_GAME_LENGTH = 100  # 8 steps × (2 moves + 2 declarations + swap + chance) fits


@cache
def hands(rules: Rules = FULL) -> tuple[tuple[int, ...], ...]:
    """Every possible hand, as counts per code (CODES order), in a fixed order."""
    size = rules.hand_size
    caps = [rules.tile_counts.get(c, 0) for c in CODES]
    found: list[tuple[int, ...]] = []

    def extend(prefix: list[int], left: int) -> None:
        index = len(prefix)
        if index == len(caps):
            if left == 0:
                found.append(tuple(prefix))
            return
        for n in range(min(caps[index], left) + 1):
            extend([*prefix, n], left - n)

    extend([], size)
    return tuple(found)


def _hand_codes(counts: tuple[int, ...]) -> list[str]:
    return [code for code, n in zip(CODES, counts, strict=True) for _ in range(n)]


GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Tablier Qui'win",
    dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"open_lengths": False, "reduced": False},
)


class QuiwinSpielGame(pyspiel.Game):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {"open_lengths": False, "reduced": False, **(params or {})}
        self.tablier_game = load(
            "quiwin", open_lengths=bool(params["open_lengths"]), reduced=bool(params["reduced"])
        )
        self.rules = rules_of(self.tablier_game.options)
        self.research = interface(self.tablier_game)
        # perfect recall: the move list and every event in order (quiwin_infostate.py)
        self.info_state = QuiwinInfoStateTensor(
            self.rules, int(self.tablier_game.max_game_length() or 0)
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.research.actions.size,
            max_chance_outcomes=len(hands(self.rules)),
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> QuiwinSpielState:
        return QuiwinSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TablierObserver:
        return make_observer(iig_obs_type, params, self.research.tensors, self.info_state, NAME)


class QuiwinSpielState(pyspiel.State):
    def __init__(self, game: QuiwinSpielGame) -> None:
        super().__init__(game)
        self.tablier_game = game.tablier_game
        self.rules: Rules = game.rules
        self.table = game.research.actions
        self.dealt: list[tuple[int, ...]] = []
        self.inner: QuiwinState | None = None
        # moves waiting for chance (a coin, a draw) before the engine may play them
        self.waiting: list[tuple[int, str]] = []
        self.coin_done = False
        self.draw_done = False

    # ---------------------------------------------------------------- whose turn
    def _chance_needed(self) -> str | None:
        if self.inner is None:
            return "deal"
        if not self.waiting:
            return None
        if self.inner.phase == "swap":
            return None if self.draw_done else "draw"
        wanted = [move for _, move in self.waiting if move in PAWNS]
        same = len(wanted) == 2 and wanted[0] == wanted[1]
        if same and not self.coin_done:
            return "coin"
        change = "change" in wanted  # a change asked for is always carried out
        if change and not self.draw_done:
            return "draw"
        return None

    def current_player(self) -> int:
        if self._chance_needed() is not None:
            return int(pyspiel.PlayerId.CHANCE)
        assert self.inner is not None
        awaited = self.inner.current_players()
        if not awaited:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        if self.inner is None or self._chance_needed() is not None:
            return []
        if player not in self.inner.current_players():
            return [IDLE]  # a seat the engine does not ask "passes": nothing happens
        return legal_actions(self.inner, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        need = self._chance_needed()
        if need == "deal":
            pool = Counter(self.rules.tile_counts)
            for counts in self.dealt:
                pool.subtract(dict(zip(CODES, counts, strict=True)))
            total = math.comb(sum(pool.values()), self.rules.hand_size)
            out = []
            for index, counts in enumerate(hands(self.rules)):
                ways = math.prod(math.comb(pool[c], n) for c, n in zip(CODES, counts, strict=True))
                if ways:
                    out.append((index, ways / total))
            return out
        if need == "coin":
            return [(0, 0.5), (1, 0.5)]
        assert need == "draw" and self.inner is not None
        left = chance.bag_counts(self.inner)
        size = sum(left.values())
        return [(CODES.index(c), n / size) for c, n in sorted(left.items()) if n]

    # ---------------------------------------------------------------- moves
    def _apply_action(self, action: int) -> None:
        need = self._chance_needed()
        if need == "deal":
            self.dealt.append(hands(self.rules)[action])
            if len(self.dealt) == 2:
                self._start()
            return
        if need == "coin":
            assert self.inner is not None
            chance.impose_coin(self.inner, action)
            self.coin_done = True
        elif need == "draw":
            assert self.inner is not None
            chance.put_on_top(self.inner, CODES[action])
            self.draw_done = True
        self._settle()

    def _apply_actions(self, actions: list[int]) -> None:
        assert self.inner is not None
        awaited = self.inner.current_players()
        self.waiting = [
            (p, str(self.table.decode(a))) for p, a in enumerate(actions) if p in awaited
        ]
        self._settle()

    def _settle(self) -> None:
        """Play the waiting moves once the chance they need is decided."""
        if self._chance_needed() is not None:
            return
        assert self.inner is not None
        for player, move in self.waiting:
            self.inner.apply(player, move)
        self.waiting = []
        self.coin_done = self.draw_done = False

    def _start(self) -> None:
        held = Counter(self.rules.tile_counts)
        hands_codes = [_hand_codes(counts) for counts in self.dealt]
        for hand in hands_codes:
            held.subtract(hand)
        bag = [code for code in CODES for _ in range(held[code])]  # provisional order
        self.inner = cast(
            "QuiwinState",
            self.tablier_game.new_state(seed=0, deal={"hands": hands_codes, "bag": bag}),
        )

    # ---------------------------------------------------------------- reading
    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            need = self._chance_needed()
            if need == "deal":
                return "deal " + " ".join(_hand_codes(hands(self.rules)[action]))
            if need == "coin":
                return f"coin to player {action}"
            return f"draw {CODES[action]}"
        return str(self.table.decode(action))

    def deal_string(self, player: int) -> str:
        mine = self.dealt[player] if player < len(self.dealt) else None
        return json.dumps({"dealing": True, "hand": None if mine is None else _hand_codes(mine)})

    def is_terminal(self) -> bool:
        return self.inner is not None and not self.waiting and self.inner.is_terminal()

    def returns(self) -> list[float]:
        if self.inner is None:
            return [0.0, 0.0]
        return [float(r) for r in self.inner.returns()]

    def __deepcopy__(self, memo: dict[int, Any]) -> QuiwinSpielState:
        twin = QuiwinSpielState(self.get_game())
        twin.dealt = list(self.dealt)
        twin.inner = None if self.inner is None else self.inner.clone()
        twin.waiting = list(self.waiting)
        twin.coin_done, twin.draw_done = self.coin_done, self.draw_done
        return twin

    def __str__(self) -> str:
        if self.inner is None:
            return f"dealing: {[_hand_codes(h) for h in self.dealt]}"
        return str(self.inner.render_text(None, "en"))


pyspiel.register_game(GAME_TYPE, QuiwinSpielGame)

__all__ = ["NAME", "QuiwinSpielGame", "QuiwinSpielState", "hands", "np"]
