"""QuiAdiQuoi positions: the deal, the contract (who plays, what is legal) and dispatch.

The game's data is the typed `Table` in `self.table` (table.py); the rules live in
turn.py (the die, the choice and its price), question.py (asking, answering,
speaking again) and tournament.py (reciting, pebbles, discards). Seats are 0..n-1
clockwise; the player after the reader is the principal player of the turn.
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any

from tablier.core.messages import Message
from tablier.core.move import Move
from tablier.core.outcome import Outcome
from tablier.games.quiadiquoi.events import event
from tablier.games.quiadiquoi.phases import ANSWERING, Phase
from tablier.games.quiadiquoi.question import QuestionRules
from tablier.games.quiadiquoi.refusals import REFUSALS, TASKS
from tablier.games.quiadiquoi.table import BLUE, BORDEAUX, Slot, Table, flip
from tablier.games.quiadiquoi.tournament import TournamentRules
from tablier.games.quiadiquoi.turn import STALL_ROUNDS, TurnRules
from tablier.games.quiadiquoi.words import describe

if TYPE_CHECKING:
    from tablier.games.quiadiquoi.game import QuiAdiQuoiGame

TEMPLATE_ANSWER = "answer:<text>"
TEMPLATE_RECITE = "recite:<text>"
TEMPLATE_NAME = "name:<author>|<quote>"

# moves whose text is a quotation or an author as a player said it: the move list keeps
# their kind and drops their words until the game is over (no written memory aid)
SPOKEN_KINDS = ("answer", "recite", "name")

__all__ = [
    "BLUE",
    "BORDEAUX",
    "STALL_ROUNDS",
    "TEMPLATE_ANSWER",
    "TEMPLATE_NAME",
    "TEMPLATE_RECITE",
    "Phase",
    "QuiAdiQuoiState",
    "flip",
]


class QuiAdiQuoiState(TurnRules, QuestionRules, TournamentRules):
    game: QuiAdiQuoiGame

    def __init__(self, game: QuiAdiQuoiGame, seed: int, num_players: int, deal: bool) -> None:
        super().__init__(game, seed, num_players)
        self.deck = game.deck
        self.table = Table.new(num_players)
        if deal:
            ids = [card.id for card in game.active_cards]
            self.rng.shuffle(ids)
            packs = (ids[0::2], ids[1::2])
            mode = self.opt("packs")
            for number, pack in enumerate(packs):
                for card_id in pack:
                    if mode == "mixed":
                        face = self.rng.choice((BLUE, BORDEAUX))
                    elif mode == "separate":
                        face = BLUE if number == 0 else BORDEAUX
                    else:
                        face = BLUE
                    self.table.comps[number].append(Slot(card_id, face))
            self._start_turn()

    def clone(self) -> QuiAdiQuoiState:
        twin = copy.copy(self)
        twin.table = copy.deepcopy(self.table)
        twin.history = list(self.history)
        twin.setup = dict(self.setup)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        return twin

    # ----------------------------------------------------------------- contract
    def current_players(self) -> list[int]:
        t = self.table
        phase = t.phase
        if phase == Phase.CHOOSE:
            return [t.reader if t.die == "imposed" else t.principal]
        if phase in ANSWERING:
            return [self.q.current]
        if phase == Phase.VERDICT:
            return [t.reader]
        if phase == Phase.CLAIMS:
            return sorted(self.q.pending)
        if phase == Phase.CHALLENGE:
            return [t.principal]
        if phase in (Phase.RECITE, Phase.DISCARD):
            return [self.tour.current]
        return []

    def is_terminal(self) -> bool:
        return self.table.phase == Phase.OVER

    def returns(self) -> list[float]:
        t = self.table
        if not self.is_terminal():
            return [0.0] * self.n
        if t.winner is not None:
            return [1.0 if p == t.winner else -1.0 for p in range(self.n)]
        leaders = self.leaders()
        if len(leaders) == self.n:
            return [0.0] * self.n
        best = 1.0 if len(leaders) == 1 else 0.0
        return [best if p in leaders else -1.0 for p in range(self.n)]

    def leaders(self) -> list[int]:
        """When the cards run out: most cards, then most tokens."""
        t = self.table
        scores = [(len(t.cards[p]), sum(t.tokens[p].values())) for p in range(self.n)]
        top = max(scores)
        return [p for p in range(self.n) if scores[p] == top]

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        assert self.table.end is not None  # set together with the OVER phase (turn.py)
        out: Outcome = {"returns": self.returns(), "reason": self.table.end}
        if self.table.winner is not None:
            out["winner"] = self.table.winner
        return out

    def public_history(self, viewer: int | None = None) -> list[list[Any]]:
        """The move list; while the game goes on, spoken words are reduced to their kind.

        Everyone heard them once at the table; a written list of them would defeat the
        tournaments, where players recite from memory. At the end, everything is shown.
        """
        if self.is_terminal():
            return [[p, m] for p, m in self.history]
        return [[p, spoken_kind(m)] for p, m in self.history]

    def describe_move(self, player: int, move: str, viewer: int | None = None) -> Message | None:
        return describe(move)

    def move_words(self, viewer: int | None = None) -> list[Message | None]:
        """Each entry of `public_history(viewer)` in words, from the entry alone."""
        return [describe(str(move)) for _player, move in self.public_history(viewer)]

    def example_text_moves(self, player: int, rng: random.Random) -> list[str]:
        """Filled-in text moves for simulations: the right answer (sometimes in lower
        case), a wrong one, heard and invented recitations, a named card."""
        t = self.table
        legal = self._moves(player) if player in self.current_players() else []
        examples: list[str] = []
        question = t.question
        if TEMPLATE_ANSWER in legal and question is not None and question.card is not None:
            card = self.deck.card(question.card)
            right = card.author if question.face == "blue" else card.quote
            examples += [f"answer:{right}", f"answer:{right.lower()}", "answer:Victor Hugo"]
        if TEMPLATE_RECITE in legal:
            heard = [self.deck.card(c).quote for c in t.heard]
            examples += [f"recite:{q}" for q in rng.sample(heard, min(2, len(heard)))]
            examples.append("recite:une phrase inventée")
        if TEMPLATE_NAME in legal:
            card = rng.choice(self.deck.cards)
            examples.append(f"name:{card.author}|{card.quote}")
        return examples

    def legal_moves(self, player: int) -> list[Move]:
        if player not in self.current_players():
            return []
        return [Move(m) for m in self._moves(player)]

    def _moves(self, player: int) -> list[str]:
        """Concrete moves first, then the templates of text moves."""
        t = self.table
        phase = t.phase
        timeout = ["timeout"] if self.timed() else []
        if phase == Phase.CHOOSE:
            moves = [*self._choose_actions(), *timeout]
            if t.die == "steal_card" and self._opponent_cards():
                moves.append(TEMPLATE_NAME)
            return moves
        if phase in ANSWERING:
            return ["abstain", *timeout, TEMPLATE_ANSWER]
        if phase == Phase.VERDICT:
            assert t.verdict is not None
            proposed = t.verdict.proposed
            return [*(["accept", "refuse"] if proposed else ["refuse", "accept"]), *timeout]
        if phase == Phase.CLAIMS:
            return ["claim", "pass", *timeout]
        if phase == Phase.CHALLENGE:
            return ["clue", "stop", *timeout]
        if phase == Phase.RECITE:
            return ["pass", *timeout, TEMPLATE_RECITE]
        if phase == Phase.DISCARD:
            return [*self._discard_actions(player), *timeout]
        return []

    def _apply(self, player: int, move: str) -> str:
        text = move.strip()
        phase = self.table.phase
        if phase in ANSWERING and text.startswith("answer:"):
            answer = " ".join(text[len("answer:") :].split())
            self._answer(player, answer)
            return f"answer:{answer}"
        if phase == Phase.RECITE and text.startswith("recite:"):
            words = " ".join(text[len("recite:") :].split())
            self._recite(player, words)
            return f"recite:{words}"
        if phase == Phase.CHOOSE and text.startswith("name:"):
            if TEMPLATE_NAME not in self._moves(player):
                raise REFUSALS.refuse("refusal.name_needs_power")
            body = text[len("name:") :]
            if "|" not in body:
                raise REFUSALS.refuse("refusal.name_format")
            author, words = (" ".join(part.split()) for part in body.split("|", 1))
            self._name_card(player, author, words)
            return f"name:{author}|{words}"
        canonical = " ".join(text.split())
        concrete = [m for m in self._moves(player) if "<" not in m]
        if canonical not in concrete:
            raise self._refusal(canonical, concrete)
        self._play(player, canonical)
        return canonical

    def _refusal(self, move: str, concrete: list[str]) -> Exception:
        phase = self.table.phase
        task = phase.value if phase.value in TASKS.entries else "move"
        if phase == Phase.CHOOSE and move.startswith("take "):
            why = self._why_not_take(move[len("take ") :])
            if why:
                return REFUSALS.refuse("refusal.take_impossible", move=move, why=why)
        options = ", ".join(concrete)
        if phase in ANSWERING:
            options += ", " + TEMPLATE_ANSWER
        elif phase == Phase.RECITE:
            options += ", " + TEMPLATE_RECITE
        return REFUSALS.refuse(
            "refusal.not_legal", move=move, task=TASKS.message(task), options=options
        )

    def _play(self, player: int, move: str) -> None:
        phase = self.table.phase
        if move == "timeout" and phase not in (*ANSWERING, Phase.RECITE):
            # answers and recitations record the timeout as such; elsewhere silence
            # stands for the move a table would take for granted
            self.log(event("event.timeout", player=player))
            self._play(player, self._timeout_move(player))
            return
        if phase == Phase.CHOOSE:
            # a timed-out chooser with only a stolen-card power to use passes (`_timeout_choice`)
            self._choose(player, self._choose_actions().get(move, ("pass",)))
        elif phase in ANSWERING:
            self._no_answer(player, move)
        elif phase == Phase.VERDICT:
            self._judge(move == "accept")
        elif phase == Phase.CLAIMS:
            self._claim(player, move == "claim")
        elif phase == Phase.CHALLENGE:
            self._challenge(move == "clue")
        elif phase == Phase.RECITE:
            self._pebble(player, move)
        elif phase == Phase.DISCARD:
            self._discard(player, move)

    # ------------------------------------------------------------- observation
    def observation(self, player: int | None = None) -> dict[str, Any]:
        from tablier.games.quiadiquoi.observation import observe

        return observe(self, player)

    def render_text(self, viewer: int | None = None, lang: str = "fr") -> str:
        from tablier.games.quiadiquoi.render import render

        return render(self, viewer, lang)


def spoken_kind(move: str) -> str:
    """`answer:Victor Hugo` -> `answer:…`; a move without spoken words is kept whole."""
    kind, colon, _ = move.partition(":")
    return f"{kind}:…" if colon and kind in SPOKEN_KINDS else move
