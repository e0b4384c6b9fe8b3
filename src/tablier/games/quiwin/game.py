"""The Qui'win rule set: options, the deal, and positions sampled for computer players."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from tablier.core.facts import Presentation, RuleFacts
from tablier.core.game import Game
from tablier.core.hooks import Hooks
from tablier.core.messages import WHITE_BLACK, Message
from tablier.core.options import Option
from tablier.core.state import State
from tablier.games.quiwin import render
from tablier.games.quiwin.rules import rules_of
from tablier.games.quiwin.sampling import sample_state
from tablier.games.quiwin.state import QuiwinState
from tablier.games.quiwin.tiles import check_deal


class QuiwinGame(Game):
    id: ClassVar[str] = "quiwin"
    name: ClassVar[str] = "Qui'win"
    facts = RuleFacts(
        # the hands and the bag are hidden, dealt by the seeded generator (coin tosses too)
        hidden_information=True,
        chance=True,
        # both seats lay their tiles and declare their pawns without seeing the other's
        simultaneous_moves=True,
        # a void deal (equal at every tie-break) is played again with a new deal
        new_deal_reasons=frozenset({"void"}),
        # the reduced game and the open lengths are rated apart
        rated_apart=("reduced", "open_lengths"),
    )
    presentation = Presentation(
        rank=2,
        pitch={
            "fr": "Posez vos tuiles en même temps que l'adversaire, au plus court, au plus "
            "long puis au plus court sur trois paliers : bluff, mesure et une action "
            "décisive.",
            "en": "Lay tiles at the same time as your opponent, shortest then longest then "
            "shortest again, over three paliers: bluff, measure and one daring action.",
        },
        duration_minutes=(8, 20),
        seat_names=WHITE_BLACK,
        player_labels={
            "rule-of-thumb": {"fr": "intuitif", "en": "rule of thumb"},
            "planner": {"fr": "planificateur", "en": "planner"},
        },
    )
    hooks = Hooks(
        named_players={
            "rule-of-thumb": "tablier.games.quiwin.heuristics:rule_of_thumb_player",
            "planner": "tablier.games.quiwin.heuristics:planner_player",
        },
        heuristics="tablier.games.quiwin.heuristics:make_heuristics",
        research_interface="tablier.games.quiwin.actions:interface",
        # chance nodes and simultaneous moves: OpenSpiel gets a game of its own
        openspiel_game="tablier.research.openspiel_quiwin:NAME",
        web_assets={
            "board": "js/boards/quiwin-board.js",
            "messages": "i18n/boards/quiwin.{lang}.json",
        },
    )
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "open_lengths",
            label={"fr": "Longueurs visibles", "en": "Open lengths"},
            default=False,
            kind=bool,
            help={
                "en": "show the length of every placed tile, orange and red included",
                "fr": "montrer la longueur de toutes les tuiles posées, orange et rouges comprises",
            },
        ),
        Option(
            "reduced",
            label={"fr": "Version réduite (recherche)", "en": "Reduced game (research)"},
            default=False,
            kind=bool,
            help={
                "en": "a small game for exact solvers: 8 tiles (two green of 22 mm, three "
                "orange of 23 mm, three orange of 25 mm), hands of 3, three one-step levels",
                "fr": "une petite partie pour les solveurs exacts : 8 tuiles (deux vertes de "
                "22 mm, trois orange de 23 mm, trois orange de 25 mm), mains de 3, trois "
                "paliers d'une étape",
            },
        ),
    )

    def max_game_length(self) -> int:
        # per step at most two tiles laid, two declarations and one swap
        return 5 * rules_of(self.options).steps

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> State:
        unknown = sorted(set(setup) - {"deal", "coins"})
        if unknown:
            raise ValueError(f"unknown setup {unknown[0]!r} for quiwin; allowed: deal (and coins)")
        deal = setup.get("deal")
        rules = rules_of(self.options)
        checked = None if deal is None else check_deal(deal, rules.tile_counts, rules.hand_size)
        coins = setup.get("coins")
        if coins is not None and (
            not isinstance(coins, list) or any(type(c) is not int or c not in (0, 1) for c in coins)
        ):
            raise ValueError("coins must be a list of seats (0 or 1) won by successive tosses")
        return QuiwinState(self, seed, checked, coins)

    def outcome_message(self, outcome: Mapping[str, Any]) -> Message:
        if outcome.get("reason") in ("palier3", "tiebreak", "void"):
            return render.outcome_message(outcome["reason"], outcome.get("tiebreak_tile"))
        return super().outcome_message(outcome)

    def state_from_observation(
        self, observation: dict[str, Any], seat: int | None, rng: random.Random
    ) -> State:
        return sample_state(self, observation, seat, rng)
