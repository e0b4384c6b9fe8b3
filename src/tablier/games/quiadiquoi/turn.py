"""A turn: the die, the choice of a compartment and its price, the die's powers, the end.

The player after the reader is the principal player of the turn. Drawing a card that
can be won costs a token of its category; the die may change what he can do
(magic token, stolen token, stolen card, imposed choice, three clues).
"""

from __future__ import annotations

from typing import Any

from tablier.core.messages import Message
from tablier.games.quiadiquoi.base import RulesBase
from tablier.games.quiadiquoi.deck import CATEGORIES
from tablier.games.quiadiquoi.events import CATEGORY_NAMES, event
from tablier.games.quiadiquoi.matching import author_matches, card_quote_matches
from tablier.games.quiadiquoi.phases import Phase
from tablier.games.quiadiquoi.refusals import REFUSALS
from tablier.games.quiadiquoi.table import BORDEAUX, Slot

# the game stops when this many full rounds pass without anyone able to draw a card
STALL_ROUNDS = 2

Action = tuple[Any, ...]


class TurnRules(RulesBase):
    def _start_turn(self) -> None:
        t = self.table
        if not any(t.comps):
            self._end("exhausted")
            return
        t.turn += 1
        t.principal = t.turn % self.n
        t.reader = (t.principal - 1) % self.n
        t.die = None
        rolls = t.principal not in self.game.seats_without_die
        if self.opt("die") and rolls and not self.prep():
            t.die = self.rng.choice(self.game.die_faces)
        t.phase = Phase.CHOOSE
        t.question = None
        t.verdict = None

    def _end_turn(self, gainer: int | None) -> None:
        t = self.table
        t.question = None
        t.verdict = None
        if gainer is not None:
            t.cards_won += 1
            if self.has_won(gainer):
                t.winner = gainer
                self._end("cards")
                return
            if self._tournament_due():
                self._start_tournament((gainer + 1) % self.n)
                return
        if t.passes >= STALL_ROUNDS * self.n:
            self._end("stalled")
            return
        self._start_turn()

    def _end(self, reason: str) -> None:
        t = self.table
        t.phase = Phase.OVER
        t.end = reason
        t.question = None
        t.verdict = None

    def has_won(self, player: int) -> bool:
        held = self.table.cards[player]
        categories = {self.card(c).category for c in held}
        return len(held) >= self.cards_to_win(player) and categories == set(CATEGORIES)

    def cards_to_win(self, player: int) -> int:
        return int(self.game.seats_cards_to_win.get(player, self.opt("cards_to_win")))

    # ---------------------------------------------------------------- the choice
    def _pays(self, comp: int) -> bool:
        """Does drawing from `comp` cost a token (and can its card be won)?"""
        slots = self.table.comps[comp - 1]
        if not slots:
            return False
        if self.opt("packs") == "blue":
            return slots[0].face == BORDEAUX
        return comp == 3

    def _why_not_take(self, rest: str) -> Message | None:
        t = self.table
        comp_text = rest.split(" ", 1)[0]
        if comp_text not in ("1", "2", "3"):
            return REFUSALS.message("why.no_compartment")
        comp = int(comp_text)
        if not t.comps[comp - 1]:
            return REFUSALS.message("why.empty", comp=comp)
        if comp == 3 and self.prep():
            return REFUSALS.message("why.closed")
        category = self.card(t.comps[comp - 1][0].card).category
        named = {"fr": CATEGORY_NAMES[category]["fr"], "en": category}
        if self._pays(comp) and " " not in rest:
            return REFUSALS.message("why.no_token", category=named, player=t.principal)
        mine = t.tokens[t.principal][category]
        if self._pays(comp) and " with " in rest and t.die == "magic" and mine > 0:
            return REFUSALS.message("why.magic_not_needed", category=named, player=t.principal)
        return None

    def _opponent_cards(self) -> list[tuple[int, str]]:
        t = self.table
        return [
            (seat, card_id)
            for seat in range(self.n)
            if seat != t.principal
            for card_id in t.cards[seat]
        ]

    def _choose_actions(self) -> dict[str, Action]:
        t = self.table
        principal = t.principal
        mine = t.tokens[principal]
        actions: dict[str, Action] = {}
        for comp in (1, 2, 3):
            slots = t.comps[comp - 1]
            if not slots or (comp == 3 and self.prep()):
                continue
            if not self._pays(comp):
                actions[f"take {comp}"] = ("take", comp, None)
                continue
            category = self.card(slots[0].card).category
            if mine[category] > 0:
                actions[f"take {comp}"] = ("take", comp, (principal, category))
            # the magic token stands in only for a token he lacks
            if t.die == "magic" and mine[category] == 0:
                for other in CATEGORIES:
                    if other != category and mine[other] > 0:
                        actions[f"take {comp} with {other}"] = ("take", comp, (principal, other))
            if t.die == "steal_token" and mine[category] == 0:
                for seat in range(self.n):
                    if seat != principal and t.tokens[seat][category] > 0:
                        actions[f"take {comp} from {seat}"] = ("take", comp, (seat, category))
        if t.die == "steal_card":
            for _seat, card_id in self._opponent_cards():
                actions[f"steal {card_id}"] = ("steal", card_id)
            for _seat, card_id in self._opponent_cards():
                actions[f"send {card_id}"] = ("send", card_id)
        if not actions:
            actions["pass"] = ("pass",)
        return actions

    def _choose(self, player: int, action: Action) -> None:
        t = self.table
        kind = action[0]
        principal = t.principal
        if kind == "pass":
            t.passes += 1
            self.log(event("event.passes", player=principal))
            self._end_turn(None)
            return
        t.passes = 0
        if kind == "take":
            _, comp, payment = action
            if payment is not None:
                payer, category = payment
                t.tokens[payer][category] -= 1
                t.cup[category] += 1
                if payer == principal:
                    self.log(event("event.pays", player=principal, category=category))
                else:
                    self.log(
                        event("event.pays_from", player=principal, category=category, payer=payer)
                    )
            card_id, face = t.comps[comp - 1].pop(0)
            self._ask(card_id, face, comp, self._pays_for(comp, face))
            return
        card_id = action[1]
        owner = next(seat for seat, c in self._opponent_cards() if c == card_id)
        if kind == "steal":
            self.log(event("event.tries_steal", player=principal, card=card_id, owner=owner))
            self._ask(card_id, BORDEAUX, 0, True, owner=owner)
        else:  # send
            t.cards[owner].remove(card_id)
            t.comps[2].append(Slot(card_id, BORDEAUX))
            self.log(event("event.sends", player=principal, card=card_id, owner=owner))
            self._end_turn(None)

    def _pays_for(self, comp: int, face: str) -> bool:
        if self.opt("packs") == "blue":
            return face == BORDEAUX
        return comp == 3

    def _name_card(self, player: int, author: str, words: str) -> None:
        t = self.table
        principal = t.principal
        t.passes = 0
        for owner, card_id in self._opponent_cards():
            card = self.card(card_id)
            if author_matches(author, card, self.deck) and card_quote_matches(words, card):
                t.cards[owner].remove(card_id)
                t.cards[principal].append(card_id)
                self._hear(card_id)
                self.log(event("event.hands", owner=owner, card=card_id, player=principal))
                t.last = self._summary(card_id, BORDEAUX, principal, "name")
                self._end_turn(principal)
                return
        self.log(event("event.named_nobody", player=principal))
        self._end_turn(None)

    # ---------------------------------------------------------------- the clock
    def _timeout_move(self, player: int) -> str:
        """What silence means when the clock runs out (see the rules pages)."""
        t = self.table
        phase = t.phase
        if phase == Phase.CHOOSE:
            return self._timeout_choice()
        if phase == Phase.VERDICT:
            assert t.verdict is not None
            return "accept" if t.verdict.proposed else "refuse"
        if phase == Phase.CLAIMS:
            return "pass"
        if phase == Phase.CHALLENGE:
            return "stop"
        return self._discard_actions(player)[0]

    def _timeout_choice(self) -> str:
        """The lowest compartment open to the chooser, paid as plainly as possible.

        A price is paid with the principal's own token of the card's category when he has
        one, else with his first other category (magic token), else with a token of the
        first player after him clockwise who has one (stolen token). The stolen card's
        options need a decision nobody can take for him: with no compartment open, the
        turn goes by as a pass.
        """
        actions = self._choose_actions()
        principal = self.table.principal
        for comp in (1, 2, 3):
            plain = f"take {comp}"
            if plain in actions:
                return plain
            magic = [m for m in actions if m.startswith(f"{plain} with ")]
            if magic:
                return magic[0]
            stolen = [m for m in actions if m.startswith(f"{plain} from ")]
            if stolen:
                return min(stolen, key=lambda m: (int(m.rsplit(" ", 1)[1]) - principal) % self.n)
        return "pass"
