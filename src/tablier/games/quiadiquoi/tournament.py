"""Tournaments: reciting heard quotations, pebbles, then the discards they cost.

A tournament starts after the first card won, then when one and later two players
hold two cards. Players in turn recite a quotation heard in the game and not yet
recited in this tournament, or take a pebble; it ends when a whole round is only
pebbles or the cup of pebbles is empty. Pebbles kept (after one is forgiven) cost
tokens (or cards); the last to recite well and, after the third, everyone draw a token.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from tablier.games.quiadiquoi.base import RulesBase
from tablier.games.quiadiquoi.deck import CATEGORIES
from tablier.games.quiadiquoi.events import event
from tablier.games.quiadiquoi.matching import card_quote_matches
from tablier.games.quiadiquoi.phases import Phase
from tablier.games.quiadiquoi.table import BORDEAUX, PEBBLES, Slot


class Attempt(TypedDict):
    """The last recitation (or pebble) of the tournament."""

    seat: int
    text: str | None
    result: str  # "right", "already", "unknown", "pass" or "timeout"
    card: str | None  # the card recited (or already recited)


@dataclass
class Tournament:
    number: int  # 1, 2 or 3
    starter: int
    current: int  # the seat to recite (or to discard)
    steps: int = 0  # turns taken so far
    round_pebbles: list[int] = field(default_factory=list)  # pebbles of the current round
    recited: list[str] = field(default_factory=list)  # cards recited, in order
    last_success: int | None = None
    attempt: Attempt | None = None
    owed: list[int] = field(default_factory=list)  # discards each seat still owes
    order: list[int] = field(default_factory=list)  # the discard order, once it is over


class TournamentRules(RulesBase):
    @property
    def tour(self) -> Tournament:
        """The tournament being held (only called while there is one)."""
        tournament = self.table.tournament
        assert tournament is not None
        return tournament

    def _tournament_due(self) -> bool:
        t = self.table
        holders = sum(1 for held in t.cards if len(held) >= 2)
        due = {0: t.cards_won >= 1, 1: holders >= 1, 2: holders >= 2}
        return due.get(t.tournaments, False)

    def _start_tournament(self, starter: int) -> None:
        number = self.table.tournaments + 1
        self.table.tournament = Tournament(
            number=number, starter=starter, current=starter, owed=[0] * self.n
        )
        self.table.phase = Phase.RECITE
        self.log(event("event.tournament_begins", number=number, player=starter))

    def matching_recitation(self, words: str) -> tuple[str | None, str | None]:
        """(a heard quotation not yet recited, else an already recited one) matching."""
        tour = self.tour
        fresh = already = None
        for card_id in self.table.heard:
            if card_quote_matches(words, self.card(card_id)):
                if card_id in tour.recited:
                    already = already or card_id
                else:
                    fresh = card_id
                    break
        return fresh, already

    def _recite(self, player: int, words: str) -> None:
        tour = self.tour
        fresh, already = self.matching_recitation(words)
        if fresh is not None:
            tour.recited.append(fresh)
            tour.last_success = player
            tour.attempt = Attempt(seat=player, text=words, result="right", card=fresh)
            self._next_reciter()
        else:
            result = "already" if already else "unknown"
            tour.attempt = Attempt(seat=player, text=words, result=result, card=already)

    def _pebble(self, player: int, move: str) -> None:
        t = self.table
        tour = self.tour
        t.pebbles[player] += 1
        t.cup_pebbles -= 1
        tour.round_pebbles.append(player)
        tour.attempt = Attempt(seat=player, text=None, result=move, card=None)
        if t.cup_pebbles == 0:
            self.log(event("event.pebbles_out"))
            self._end_tournament()
            return
        self._next_reciter()

    def _next_reciter(self) -> None:
        tour = self.tour
        tour.steps += 1
        if tour.steps % self.n == 0:
            if len(set(tour.round_pebbles)) == self.n:
                self._end_tournament()
                return
            tour.round_pebbles = []
        tour.current = (tour.current + 1) % self.n

    def _end_tournament(self) -> None:
        t = self.table
        tour = self.tour
        for seat in range(self.n):
            if t.pebbles[seat] > 0:
                t.pebbles[seat] -= 1
            kept = t.pebbles[seat]
            tour.owed[seat] = 0 if kept == 0 else 1 if kept <= 2 else 2
        t.pebbles = [0] * self.n
        t.cup_pebbles = PEBBLES
        tour.order = [(tour.starter + i) % self.n for i in range(self.n)]
        self.log(event("event.tournament_over", number=tour.number))
        self._next_discard()

    def _next_discard(self) -> None:
        t = self.table
        tour = self.tour
        for seat in tour.order:
            holds = sum(t.tokens[seat].values()) > 0 or bool(t.cards[seat])
            if tour.owed[seat] > 0 and holds:
                tour.current = seat
                t.phase = Phase.DISCARD
                return
            tour.owed[seat] = 0
        self._finish_tournament()

    def _discard_actions(self, player: int) -> list[str]:
        t = self.table
        held = [c for c in CATEGORIES if t.tokens[player][c] > 0]
        if held:
            return [f"discard {c}" for c in held]
        return [f"return {card_id}" for card_id in t.cards[player]]

    def _discard(self, player: int, move: str) -> None:
        t = self.table
        verb, what = move.split(" ", 1)
        if verb == "discard":
            t.tokens[player][what] -= 1
            t.cup[what] += 1
            self.log(event("event.discards", player=player, category=what))
        else:
            t.cards[player].remove(what)
            t.comps[2].append(Slot(what, BORDEAUX))
            self.log(event("event.returns_card", player=player, card=what))
        self.tour.owed[player] -= 1
        self._next_discard()

    def _draw_token(self, player: int) -> None:
        t = self.table
        pool = [c for c in CATEGORIES for _ in range(t.cup[c])]
        if not pool:
            return
        category = self.rng.choice(pool)
        t.cup[category] -= 1
        t.tokens[player][category] += 1
        self.log(event("event.draws_token", player=player, category=category))

    def _finish_tournament(self) -> None:
        t = self.table
        tour = self.tour
        if tour.last_success is not None:
            self._draw_token(tour.last_success)
        if tour.number == 3:
            for seat in tour.order:
                self._draw_token(seat)
        t.tournaments = tour.number
        t.tournament = None
        self._start_turn()
