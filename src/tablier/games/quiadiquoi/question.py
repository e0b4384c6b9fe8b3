"""A question: asking, answering, the reader's verdict, speaking again, and settling it.

The asked player answers or abstains; after a failure, those who answered wrongly
before the latest clue may claim to speak again (the re-speak window); then the next
clue comes, up to four. `_finish` settles tokens and cards and puts the card away.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypedDict

from tablier.games.quiadiquoi.base import RulesBase
from tablier.games.quiadiquoi.deck import CLUES_PER_FACE
from tablier.games.quiadiquoi.events import event
from tablier.games.quiadiquoi.matching import Judgement, judge_author, judge_card_quote
from tablier.games.quiadiquoi.phases import Phase
from tablier.games.quiadiquoi.table import BLUE, Slot, Summary, flip


class Answer(TypedDict):
    """One answer (or abstention, timeout) given to a question, in order."""

    seat: int
    text: str | None  # None for an abstention or a timeout
    result: str  # "right", "wrong", "abstain" or "timeout"
    respeak: bool  # given while speaking again
    clues: int  # clues shown when it was given


@dataclass
class Question:
    card: str | None  # None in the observation of a seat that may not see it
    category: str
    face: str  # the face read: "blue" asks the author, "bordeaux" the quotation
    comp: int  # the compartment drawn from (0: a stolen card)
    kind: str  # "normal", "challenge" or "steal"
    owner: int  # the holder of a card being stolen, else -1
    winnable: bool  # a right answer wins the card (else a token)
    clue: int  # clues shown so far
    sequence: list[int]  # who is asked, in turn
    asked: int = 0
    current: int = 0  # the seat answering (or who last failed, during a window)
    # "answered" / "abstained" at each seat's first ask
    first: list[str | None] = field(default_factory=list)
    # clues shown when each seat last answered wrongly
    wrong_at: list[int | None] = field(default_factory=list)
    respoke: list[bool] = field(default_factory=list)
    pending: list[int] = field(default_factory=list)  # who has still to claim or pass
    claimants: list[int] = field(default_factory=list)
    window: str | None = None  # "respeak" or "challenge" while claims are open
    answers: list[Answer] = field(default_factory=list)


@dataclass
class Verdict:
    """An answer waiting for the reader's verdict; `proposed` is the automatic check,
    `reason` why it proposes so (a coded message, text in French and English: "un autre
    mot : *fesse* au lieu de *messe*"). Both only for the reader's eyes."""

    seat: int
    text: str
    proposed: bool | None  # None in the observation of a seat other than the reader
    respeak: bool
    reason: dict[str, Any] | None = None  # `Message.to_json()` of the check's reason


class QuestionRules(RulesBase):
    def _ask(self, card_id: str, face: str, comp: int, winnable: bool, owner: int = -1) -> None:
        t = self.table
        principal, reader = t.principal, t.reader
        steal = comp == 0
        challenge = self.opt("challenge") and not steal
        if steal or challenge:
            sequence = [principal]
        else:
            sequence = [(principal + i) % self.n for i in range(self.n)]
            sequence = [seat for seat in sequence if seat != reader]
        clue = 3 if t.die == "clues" and not steal else 1
        t.question = Question(
            card=card_id,
            category=self.card(card_id).category,
            face=face,
            comp=comp,
            kind="steal" if steal else "challenge" if challenge else "normal",
            owner=owner,
            winnable=winnable,
            clue=clue,
            sequence=sequence,
            current=principal,
            first=[None] * self.n,
            wrong_at=[None] * self.n,
            respoke=[False] * self.n,
        )
        # the quotation counts as heard once the question is over (`_finish`), when the
        # answer is public too
        t.phase = Phase.ANSWER

    @property
    def q(self) -> Question:
        """The question being asked (only called while there is one)."""
        question = self.table.question
        assert question is not None
        return question

    def _hear(self, card_id: str) -> None:
        if card_id not in self.table.heard:
            self.table.heard.append(card_id)

    def _check(self, text: str) -> Judgement:
        """The automatic check of an answer: a proposal and its reason; the reader decides."""
        q = self.q
        assert q.card is not None
        card = self.card(q.card)
        if q.face == BLUE:
            return judge_author(text, card, self.deck)
        return judge_card_quote(text, card)

    def _answer(self, player: int, text: str) -> None:
        t = self.table
        q = self.q
        respeak = t.phase == Phase.RESPEAK
        if not respeak and q.first[player] is None:
            q.first[player] = "answered"
        check = self._check(text)
        proposed = check.accepted
        t.verdict = Verdict(
            seat=player, text=text, proposed=proposed, respeak=respeak, reason=check.to_json()
        )
        if self.opt("reader_confirms"):
            t.phase = Phase.VERDICT
        else:
            self._judge(proposed)

    def _judge(self, right: bool) -> None:
        t = self.table
        q = self.q
        verdict = t.verdict
        assert verdict is not None
        t.verdict = None
        seat = verdict.seat
        q.answers.append(
            Answer(
                seat=seat,
                text=verdict.text,
                result="right" if right else "wrong",
                respeak=verdict.respeak,
                clues=q.clue,
            )
        )
        if right:
            self._finish(seat)
            return
        q.wrong_at[seat] = q.clue
        if verdict.respeak:
            self._next_claimant()
        else:
            self._after_failure()

    def _no_answer(self, player: int, move: str) -> None:
        t = self.table
        q = self.q
        respeak = t.phase == Phase.RESPEAK
        q.answers.append(Answer(seat=player, text=None, result=move, respeak=respeak, clues=q.clue))
        if respeak:
            self._next_claimant()
            return
        if q.first[player] is None:
            q.first[player] = "abstained"
        self._after_failure()

    def _after_failure(self) -> None:
        """The asked player failed: open the re-speak window, then the next clue."""
        q = self.q
        if q.kind == "steal":
            self._finish(None)
            return
        if q.kind == "challenge":
            if q.clue >= CLUES_PER_FACE:
                self._finish(None)
            else:
                self.table.phase = Phase.CHALLENGE
            return
        eligible = self.respeak_eligible()
        if eligible:
            self._open_window(eligible, "respeak")
        else:
            self._next_clue()

    def respeak_eligible(self) -> list[int]:
        """Who may claim to speak again now.

        A seat that answered at its first ask, answered wrongly before the latest clue
        (it has heard a further clue since), has not spoken again yet, and is not the
        seat whose own answer or abstention opens this window (`current`).
        """
        t = self.table
        q = self.q
        return [
            seat
            for seat in range(self.n)
            if seat != t.reader
            and seat != q.current
            and q.first[seat] == "answered"
            and (wrong := q.wrong_at[seat]) is not None
            and wrong < q.clue
            and not q.respoke[seat]
        ]

    def _open_window(self, seats: list[int], window: str) -> None:
        q = self.q
        q.pending = sorted(seats)
        q.claimants = []
        q.window = window
        self.table.phase = Phase.CLAIMS

    def _claim(self, player: int, claims: bool) -> None:
        q = self.q
        q.pending.remove(player)
        if claims:
            q.claimants.append(player)
        if q.pending:
            return
        reader = self.table.reader
        q.claimants.sort(key=lambda seat: (seat - reader) % self.n)
        self._next_claimant(first=True)

    def _next_claimant(self, first: bool = False) -> None:
        q = self.q
        if not first and q.claimants:
            q.claimants.pop(0)
        if q.claimants:
            seat = q.claimants[0]
            if q.window == "respeak":
                q.respoke[seat] = True
            q.current = seat
            self.table.phase = Phase.RESPEAK
            return
        self._next_clue()

    def _next_clue(self) -> None:
        q = self.q
        q.window = None
        if q.clue >= CLUES_PER_FACE:
            self._finish(None)
            return
        q.clue += 1
        if q.kind == "challenge":
            q.current = self.table.principal
        else:
            q.asked += 1
            q.current = q.sequence[q.asked % len(q.sequence)]
        self.table.phase = Phase.ANSWER

    def _challenge(self, more: bool) -> None:
        t = self.table
        if not more:
            self.log(event("event.refuses_clue", player=t.principal))
            self._finish(None)
            return
        opponents = [s for s in range(self.n) if s not in (t.principal, t.reader)]
        self._open_window(opponents, "challenge")

    def _finish(self, winner: int | None) -> None:
        """The question is over: settle tokens and cards, and put the card away."""
        t = self.table
        q = self.q
        card_id, face = q.card, q.face
        assert card_id is not None
        card = self.card(card_id)
        self._hear(card_id)
        t.last = self._summary(card_id, face, winner, q.kind)
        gainer: int | None = None
        if q.kind == "steal":
            if winner is not None:
                t.cards[q.owner].remove(card_id)
                t.cards[winner].append(card_id)
                gainer = winner
                self.log(event("event.steals", player=winner, card=card_id, owner=q.owner))
            else:
                self.log(event("event.steal_fails", player=t.principal, card=card_id))
        elif winner is not None and q.winnable:
            t.cards[winner].append(card_id)
            gainer = winner
            self.log(event("event.wins_card", player=winner, card=card_id, category=card.category))
        elif winner is not None:
            if t.cup[card.category] > 0:
                t.cup[card.category] -= 1
                t.tokens[winner][card.category] += 1
                self.log(event("event.takes_token", player=winner, category=card.category))
            else:
                self.log(event("event.cup_empty", player=winner, category=card.category))
            t.comps[2].append(Slot(card_id, flip(face)))
        elif self.opt("packs") == "blue":
            t.comps[2].append(Slot(card_id, face))
            self.log(event("event.back_unturned", card=card_id))
        else:
            t.out.append(card_id)
            self.log(event("event.leaves", card=card_id))
        self._end_turn(gainer)

    def _summary(self, card_id: str, face: str, winner: int | None, kind: str) -> Summary:
        card = self.card(card_id)
        return {
            "card": card_id,
            "category": card.category,
            "face": face,
            "quote": card.quote,
            "author": card.author,
            "source": card.source,
            "anecdote": card.anecdote if winner is not None else None,
            "winner": winner,
            "kind": kind,
        }
