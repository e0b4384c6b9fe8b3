"""QuiAdiQuoi positions: the sabot, the questions, the die, tournaments and victory.

All the game's data lives in the plain dict `self.g` (lists, dicts, strings, ints) so
that the public part of it can be shown in observations and rebuilt by
`restore.restore_state`. Seats are 0..n-1 clockwise; the player after the reader is
the principal player of the turn.
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any

from tablier.core.errors import IllegalMove
from tablier.core.messages import Message
from tablier.core.move import Move
from tablier.core.state import State
from tablier.games.quiadiquoi.deck import CATEGORIES, CLUES_PER_FACE, Card
from tablier.games.quiadiquoi.matching import author_matches, quote_matches
from tablier.games.quiadiquoi.refusals import REFUSALS

if TYPE_CHECKING:
    from tablier.games.quiadiquoi.game import QuiAdiQuoiGame

TOKENS_PER_CATEGORY = 12
PEBBLES = 10
# the game stops when this many full rounds pass without anyone able to draw a card
STALL_ROUNDS = 2
BLUE, BORDEAUX = "blue", "bordeaux"
TEMPLATE_ANSWER = "answer:<text>"
TEMPLATE_RECITE = "recite:<text>"
TEMPLATE_NAME = "name:<author>|<quote>"

Action = tuple[Any, ...]


def flip(face: str) -> str:
    return BORDEAUX if face == BLUE else BLUE


class QuiAdiQuoiState(State):
    game: QuiAdiQuoiGame

    def __init__(self, game: QuiAdiQuoiGame, seed: int, num_players: int, deal: bool) -> None:
        super().__init__(game, seed, num_players)
        self.deck = game.deck
        n = num_players
        self.g: dict[str, Any] = {
            "comps": [[], [], []],  # front first; each slot is [card id, face forward]
            "out": [],  # cards set aside (mixed/separate packs: unanswered)
            "tokens": [dict.fromkeys(CATEGORIES, 0) for _ in range(n)],
            "cup": dict.fromkeys(CATEGORIES, TOKENS_PER_CATEGORY),
            "pebbles": [0] * n,
            "cup_pebbles": PEBBLES,
            "cards": [[] for _ in range(n)],
            "heard": [],  # ids of cards whose quotation was read aloud, in order
            "turn": -1,
            "principal": n - 1,
            "reader": n - 2,
            "die": None,
            "phase": "start",
            "question": None,
            "verdict": None,
            "tournament": None,
            "tournaments": 0,
            "cards_won": 0,
            "passes": 0,
            "winner": None,
            "end": None,
            "last": None,  # what the last question or action showed everyone
            "events": [],  # short public log lines, newest last
        }
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
                    self.g["comps"][number].append([card_id, face])
            self._start_turn()

    # ------------------------------------------------------------------ helpers
    def opt(self, name: str) -> Any:
        return self.game.options[name]

    def card(self, card_id: str) -> Card:
        return self.deck.card(card_id)

    @property
    def n(self) -> int:
        return self.num_players

    def timed(self) -> bool:
        return self.opt("answer_seconds") is not None

    def prep(self) -> bool:
        return bool(self.g["turn"] < self.opt("prep_rounds") * self.n)

    def log(self, text: str) -> None:
        events = self.g["events"]
        events.append(text)
        del events[:-12]

    def clone(self) -> QuiAdiQuoiState:
        twin = copy.copy(self)
        twin.g = copy.deepcopy(self.g)
        twin.history = list(self.history)
        twin.setup = dict(self.setup)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        return twin

    # ----------------------------------------------------------------- contract
    def current_players(self) -> list[int]:
        g = self.g
        phase = g["phase"]
        if phase == "choose":
            return [g["reader"] if g["die"] == "imposed" else g["principal"]]
        if phase in ("answer", "respeak"):
            return [g["question"]["current"]]
        if phase == "verdict":
            return [g["reader"]]
        if phase == "claims":
            return sorted(g["question"]["pending"])
        if phase == "challenge":
            return [g["principal"]]
        if phase in ("recite", "discard"):
            return [g["tournament"]["current"]]
        return []

    def is_terminal(self) -> bool:
        return bool(self.g["phase"] == "over")

    def returns(self) -> list[float]:
        g = self.g
        if not self.is_terminal():
            return [0.0] * self.n
        if g["winner"] is not None:
            return [1.0 if p == g["winner"] else -1.0 for p in range(self.n)]
        leaders = self.leaders()
        if len(leaders) == self.n:
            return [0.0] * self.n
        best = 1.0 if len(leaders) == 1 else 0.0
        return [best if p in leaders else -1.0 for p in range(self.n)]

    def leaders(self) -> list[int]:
        """When the cards run out: most cards, then most tokens."""
        g = self.g
        scores = [(len(g["cards"][p]), sum(g["tokens"][p].values())) for p in range(self.n)]
        top = max(scores)
        return [p for p in range(self.n) if scores[p] == top]

    def outcome(self) -> dict[str, Any] | None:
        if not self.is_terminal():
            return None
        out: dict[str, Any] = {"returns": self.returns(), "reason": self.g["end"]}
        if self.g["winner"] is not None:
            out["winner"] = self.g["winner"]
        return out

    def legal_moves(self, player: int) -> list[Move]:
        if player not in self.current_players():
            return []
        return [Move(m) for m in self._moves(player)]

    def _moves(self, player: int) -> list[str]:
        """Concrete moves first, then the templates of text moves."""
        g = self.g
        phase = g["phase"]
        timeout = ["timeout"] if self.timed() else []
        if phase == "choose":
            moves = [*self._choose_actions(), *timeout]
            if g["die"] == "steal_card" and self._opponent_cards():
                moves.append(TEMPLATE_NAME)
            return moves
        if phase in ("answer", "respeak"):
            return ["abstain", *timeout, TEMPLATE_ANSWER]
        if phase == "verdict":
            proposed = g["verdict"]["proposed"]
            return [*(["accept", "refuse"] if proposed else ["refuse", "accept"]), *timeout]
        if phase == "claims":
            return ["claim", "pass", *timeout]
        if phase == "challenge":
            return ["clue", "stop", *timeout]
        if phase == "recite":
            return ["pass", *timeout, TEMPLATE_RECITE]
        if phase == "discard":
            return [*self._discard_actions(player), *timeout]
        return []

    def example_text_moves(self, player: int, rng: random.Random) -> list[str]:
        """Filled-in text moves for simulations: the right answer (sometimes in lower
        case), wrong ones, heard and invented recitations, a named card."""
        g = self.g
        legal = self._moves(player)
        examples: list[str] = []
        question = g.get("question")
        if TEMPLATE_ANSWER in legal and question is not None:
            card = self.card(question["card"])
            right = card.author if question["face"] == "blue" else card.quote
            examples += [f"answer:{right}", f"answer:{right.lower()}", "answer:Victor Hugo"]
        if TEMPLATE_RECITE in legal:
            heard = [self.card(c).quote for c in g["heard"]]
            examples += [f"recite:{q}" for q in rng.sample(heard, min(2, len(heard)))]
            examples.append("recite:une phrase inventée")
        if TEMPLATE_NAME in legal:
            card = rng.choice(self.deck.cards)
            examples.append(f"name:{card.author}|{card.quote}")
        return examples

    def _apply(self, player: int, move: str) -> str:
        text = move.strip()
        g = self.g
        phase = g["phase"]
        if phase in ("answer", "respeak") and text.startswith("answer:"):
            answer = " ".join(text[len("answer:") :].split())
            self._answer(player, answer)
            return f"answer:{answer}"
        if phase == "recite" and text.startswith("recite:"):
            words = " ".join(text[len("recite:") :].split())
            self._recite(player, words)
            return f"recite:{words}"
        if phase == "choose" and text.startswith("name:"):
            if TEMPLATE_NAME not in self._moves(player):
                raise REFUSALS.refuse("refusal.name_power")
            body = text[len("name:") :]
            if "|" not in body:
                raise REFUSALS.refuse("refusal.name_format")
            author, words = (" ".join(part.split()) for part in body.split("|", 1))
            self._name_card(player, author, words)
            return f"name:{author}|{words}"
        canonical = " ".join(text.split())
        concrete = [m for m in self._moves(player) if "<" not in m]
        if canonical not in concrete:
            raise IllegalMove(self._refusal(canonical, concrete))
        self._play(player, canonical)
        return canonical

    def _refusal(self, move: str, concrete: list[str]) -> Message:
        phase = self.g["phase"]
        known = ("choose", "answer", "respeak", "verdict", "claims", "challenge", "recite")
        what = REFUSALS.message(f"what.{phase}" if phase in (*known, "discard") else "what.move")
        if phase == "choose" and move.startswith("take "):
            why = self._why_not_take(move[len("take ") :])
            if why is not None:
                return REFUSALS.message("refusal.not_possible", move=move, why=why)
        options = ", ".join(concrete)
        if phase in ("answer", "respeak"):
            options += ", answer:<text>"
        elif phase == "recite":
            options += ", recite:<text>"
        return REFUSALS.message("refusal.not_legal", move=move, what=what, options=options)

    def _play(self, player: int, move: str) -> None:
        phase = self.g["phase"]
        if move == "timeout" and phase not in ("answer", "respeak", "recite"):
            # answers and recitations record the timeout as such; elsewhere silence
            # stands for the move a table would take for granted
            self.log(f"player {player} runs out of time")
            self._play(player, self._timeout_move(player))
            return
        if phase == "choose":
            # a timed-out chooser with only a stolen-card power to use passes (`_timeout_choice`)
            self._choose(player, self._choose_actions().get(move, ("pass",)))
        elif phase in ("answer", "respeak"):
            self._no_answer(player, move)
        elif phase == "verdict":
            self._judge(move == "accept")
        elif phase == "claims":
            self._claim(player, move == "claim")
        elif phase == "challenge":
            self._challenge(move == "clue")
        elif phase == "recite":
            self._pebble(player, move)
        elif phase == "discard":
            self._discard(player, move)

    def _timeout_move(self, player: int) -> str:
        """What silence means when the clock runs out (see the rules pages)."""
        g = self.g
        phase = g["phase"]
        if phase == "choose":
            return self._timeout_choice()
        if phase == "verdict":
            return "accept" if g["verdict"]["proposed"] else "refuse"
        if phase == "claims":
            return "pass"
        if phase == "challenge":
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
        principal = self.g["principal"]
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

    # ------------------------------------------------------------------- turns
    def _start_turn(self) -> None:
        g = self.g
        if not any(g["comps"]):
            self._end("exhausted")
            return
        g["turn"] += 1
        g["principal"] = g["turn"] % self.n
        g["reader"] = (g["principal"] - 1) % self.n
        g["die"] = None
        rolls = g["principal"] not in self.game.seats_without_die
        if self.opt("die") and rolls and not self.prep():
            g["die"] = self.rng.choice(self.game.die_faces)
        g["phase"] = "choose"
        g["question"] = None
        g["verdict"] = None

    def _end_turn(self, gainer: int | None) -> None:
        g = self.g
        g["question"] = None
        g["verdict"] = None
        if gainer is not None:
            g["cards_won"] += 1
            if self.has_won(gainer):
                g["winner"] = gainer
                self._end("cards")
                return
            if self._tournament_due():
                self._start_tournament((gainer + 1) % self.n)
                return
        if g["passes"] >= STALL_ROUNDS * self.n:
            self._end("stalled")
            return
        self._start_turn()

    def _end(self, reason: str) -> None:
        self.g["phase"] = "over"
        self.g["end"] = reason
        self.g["question"] = None
        self.g["verdict"] = None

    def has_won(self, player: int) -> bool:
        held = self.g["cards"][player]
        categories = {self.card(c).category for c in held}
        return len(held) >= self.cards_to_win(player) and categories == set(CATEGORIES)

    def cards_to_win(self, player: int) -> int:
        return int(self.game.seats_cards_to_win.get(player, self.opt("cards_to_win")))

    # ------------------------------------------------------------- the choice
    def _pays(self, comp: int) -> bool:
        """Does drawing from `comp` cost a token (and can its card be won)?"""
        slots = self.g["comps"][comp - 1]
        if not slots:
            return False
        if self.opt("packs") == "blue":
            return bool(slots[0][1] == BORDEAUX)
        return comp == 3

    def _why_not_take(self, rest: str) -> Message | None:
        comp_text = rest.split(" ", 1)[0]
        if comp_text not in ("1", "2", "3"):
            return REFUSALS.message("why.compartments")
        comp = int(comp_text)
        if not self.g["comps"][comp - 1]:
            return REFUSALS.message("why.empty", comp=comp)
        if comp == 3 and self.prep():
            return REFUSALS.message("why.closed")
        if self._pays(comp) and " " not in rest:
            category = self.card(self.g["comps"][comp - 1][0][0]).category
            return REFUSALS.message("why.costs", category=category, player=self.g["principal"])
        return None

    def _opponent_cards(self) -> list[tuple[int, str]]:
        g = self.g
        return [
            (seat, card_id)
            for seat in range(self.n)
            if seat != g["principal"]
            for card_id in g["cards"][seat]
        ]

    def _choose_actions(self) -> dict[str, Action]:
        g = self.g
        principal = g["principal"]
        mine = g["tokens"][principal]
        actions: dict[str, Action] = {}
        for comp in (1, 2, 3):
            slots = g["comps"][comp - 1]
            if not slots or (comp == 3 and self.prep()):
                continue
            if not self._pays(comp):
                actions[f"take {comp}"] = ("take", comp, None)
                continue
            category = self.card(slots[0][0]).category
            if mine[category] > 0:
                actions[f"take {comp}"] = ("take", comp, (principal, category))
            if g["die"] == "magic":
                for other in CATEGORIES:
                    if other != category and mine[other] > 0:
                        actions[f"take {comp} with {other}"] = ("take", comp, (principal, other))
            if g["die"] == "steal_token" and mine[category] == 0:
                for seat in range(self.n):
                    if seat != principal and g["tokens"][seat][category] > 0:
                        actions[f"take {comp} from {seat}"] = ("take", comp, (seat, category))
        if g["die"] == "steal_card":
            for _seat, card_id in self._opponent_cards():
                actions[f"steal {card_id}"] = ("steal", card_id)
            for _seat, card_id in self._opponent_cards():
                actions[f"send {card_id}"] = ("send", card_id)
        if not actions:
            actions["pass"] = ("pass",)
        return actions

    def _choose(self, player: int, action: Action) -> None:
        g = self.g
        kind = action[0]
        principal = g["principal"]
        if kind == "pass":
            g["passes"] += 1
            self.log(f"player {principal} cannot draw any card and passes")
            self._end_turn(None)
            return
        g["passes"] = 0
        if kind == "take":
            _, comp, payment = action
            if payment is not None:
                payer, category = payment
                g["tokens"][payer][category] -= 1
                g["cup"][category] += 1
                who = "" if payer == principal else f" taken from player {payer}"
                self.log(f"player {principal} pays a {category} token{who}")
            card_id, face = g["comps"][comp - 1].pop(0)
            self._ask(card_id, face, comp, self._pays_for(comp, face))
            return
        card_id = action[1]
        owner = next(seat for seat, c in self._opponent_cards() if c == card_id)
        if kind == "steal":
            self.log(f"player {principal} tries to steal card {card_id} from player {owner}")
            self._ask(card_id, BORDEAUX, 0, True, owner=owner)
        else:  # send
            g["cards"][owner].remove(card_id)
            g["comps"][2].append([card_id, BORDEAUX])
            self.log(f"player {principal} sends card {card_id} of player {owner} to compartment 3")
            self._end_turn(None)

    def _pays_for(self, comp: int, face: str) -> bool:
        if self.opt("packs") == "blue":
            return face == BORDEAUX
        return comp == 3

    def _name_card(self, player: int, author: str, words: str) -> None:
        g = self.g
        principal = g["principal"]
        g["passes"] = 0
        for owner, card_id in self._opponent_cards():
            card = self.card(card_id)
            if author_matches(author, card, self.deck) and quote_matches(words, card.quote):
                g["cards"][owner].remove(card_id)
                g["cards"][principal].append(card_id)
                self._hear(card_id)
                self.log(f"player {owner} hands card {card_id} to player {principal}")
                g["last"] = self._summary(card_id, BORDEAUX, principal, "name")
                self._end_turn(principal)
                return
        self.log(f"nobody holds the quotation named by player {principal}")
        self._end_turn(None)

    # ---------------------------------------------------------------- questions
    def _ask(self, card_id: str, face: str, comp: int, winnable: bool, owner: int = -1) -> None:
        g = self.g
        principal, reader = g["principal"], g["reader"]
        steal = comp == 0
        challenge = self.opt("challenge") and not steal
        if steal or challenge:
            sequence = [principal]
        else:
            sequence = [(principal + i) % self.n for i in range(self.n)]
            sequence = [seat for seat in sequence if seat != reader]
        clue = 3 if g["die"] == "clues" and not steal else 1
        g["question"] = {
            "card": card_id,
            "category": self.card(card_id).category,
            "face": face,
            "comp": comp,
            "kind": "steal" if steal else "challenge" if challenge else "normal",
            "owner": owner,
            "winnable": winnable,
            "clue": clue,
            "sequence": sequence,
            "asked": 0,
            "current": principal,
            "first": [None] * self.n,  # "answered" / "abstained" at a seat's first ask
            "wrong_at": [None] * self.n,  # clues given when the seat last answered wrongly
            "respoke": [False] * self.n,
            "pending": [],
            "claimants": [],
            "window": None,
            "answers": [],
        }
        # the quotation counts as heard once the question is over (`_finish`), when the
        # answer is public too
        g["phase"] = "answer"

    def _hear(self, card_id: str) -> None:
        if card_id not in self.g["heard"]:
            self.g["heard"].append(card_id)

    def _is_right(self, text: str) -> bool:
        q = self.g["question"]
        card = self.card(q["card"])
        if q["face"] == BLUE:
            return author_matches(text, card, self.deck)
        return quote_matches(text, card.quote)

    def _answer(self, player: int, text: str) -> None:
        g = self.g
        q = g["question"]
        respeak = g["phase"] == "respeak"
        if not respeak and q["first"][player] is None:
            q["first"][player] = "answered"
        proposed = self._is_right(text)
        g["verdict"] = {"seat": player, "text": text, "proposed": proposed, "respeak": respeak}
        if self.opt("reader_confirms"):
            g["phase"] = "verdict"
        else:
            self._judge(proposed)

    def _judge(self, right: bool) -> None:
        g = self.g
        q = g["question"]
        verdict = g["verdict"]
        g["verdict"] = None
        seat = verdict["seat"]
        q["answers"].append(
            {
                "seat": seat,
                "text": verdict["text"],
                "result": "right" if right else "wrong",
                "respeak": verdict["respeak"],
                "clues": q["clue"],
            }
        )
        if right:
            self._finish(seat)
            return
        q["wrong_at"][seat] = q["clue"]
        if verdict["respeak"]:
            self._next_claimant()
        else:
            self._after_failure()

    def _no_answer(self, player: int, move: str) -> None:
        g = self.g
        q = g["question"]
        q["answers"].append(
            {
                "seat": player,
                "text": None,
                "result": move,
                "respeak": g["phase"] == "respeak",
                "clues": q["clue"],
            }
        )
        if g["phase"] == "respeak":
            self._next_claimant()
            return
        if q["first"][player] is None:
            q["first"][player] = "abstained"
        self._after_failure()

    def _after_failure(self) -> None:
        """The asked player failed: open the re-speak window, then the next clue."""
        g = self.g
        q = g["question"]
        if q["kind"] == "steal":
            self._finish(None)
            return
        if q["kind"] == "challenge":
            if q["clue"] >= CLUES_PER_FACE:
                self._finish(None)
            else:
                g["phase"] = "challenge"
            return
        eligible = self.respeak_eligible()
        if eligible:
            self._open_window(eligible, "respeak")
        else:
            self._next_clue()

    def respeak_eligible(self) -> list[int]:
        """Who may claim to speak again now: wrong before the latest clue, never abstained."""
        g = self.g
        q = g["question"]
        return [
            seat
            for seat in range(self.n)
            if seat != g["reader"]
            and q["first"][seat] == "answered"
            and q["wrong_at"][seat] is not None
            and q["wrong_at"][seat] < q["clue"]
            and not q["respoke"][seat]
        ]

    def _open_window(self, seats: list[int], window: str) -> None:
        q = self.g["question"]
        q["pending"] = sorted(seats)
        q["claimants"] = []
        q["window"] = window
        self.g["phase"] = "claims"

    def _claim(self, player: int, claims: bool) -> None:
        g = self.g
        q = g["question"]
        q["pending"].remove(player)
        if claims:
            q["claimants"].append(player)
        if q["pending"]:
            return
        reader = g["reader"]
        q["claimants"].sort(key=lambda seat: (seat - reader) % self.n)
        self._next_claimant(first=True)

    def _next_claimant(self, first: bool = False) -> None:
        g = self.g
        q = g["question"]
        if not first and q["claimants"]:
            q["claimants"].pop(0)
        if q["claimants"]:
            seat = q["claimants"][0]
            if q["window"] == "respeak":
                q["respoke"][seat] = True
            q["current"] = seat
            g["phase"] = "respeak"
            return
        self._next_clue()

    def _next_clue(self) -> None:
        g = self.g
        q = g["question"]
        q["window"] = None
        if q["clue"] >= CLUES_PER_FACE:
            self._finish(None)
            return
        q["clue"] += 1
        if q["kind"] == "challenge":
            q["current"] = g["principal"]
        else:
            q["asked"] += 1
            q["current"] = q["sequence"][q["asked"] % len(q["sequence"])]
        g["phase"] = "answer"

    def _challenge(self, more: bool) -> None:
        g = self.g
        if not more:
            self.log(f"player {g['principal']} refuses another clue")
            self._finish(None)
            return
        opponents = [s for s in range(self.n) if s not in (g["principal"], g["reader"])]
        self._open_window(opponents, "challenge")

    def _finish(self, winner: int | None) -> None:
        """The question is over: settle tokens and cards, and put the card away."""
        g = self.g
        q = g["question"]
        card_id, face = q["card"], q["face"]
        card = self.card(card_id)
        self._hear(card_id)
        g["last"] = self._summary(card_id, face, winner, q["kind"])
        gainer: int | None = None
        if q["kind"] == "steal":
            if winner is not None:
                g["cards"][q["owner"]].remove(card_id)
                g["cards"][winner].append(card_id)
                gainer = winner
                self.log(f"player {winner} steals card {card_id} from player {q['owner']}")
            else:
                self.log(f"player {g['principal']} fails to steal card {card_id}")
        elif winner is not None and q["winnable"]:
            g["cards"][winner].append(card_id)
            gainer = winner
            self.log(f"player {winner} wins card {card_id} ({card.category})")
        elif winner is not None:
            if g["cup"][card.category] > 0:
                g["cup"][card.category] -= 1
                g["tokens"][winner][card.category] += 1
                self.log(f"player {winner} takes a {card.category} token")
            else:
                self.log(f"player {winner} is right, but the cup has no {card.category} token")
            g["comps"][2].append([card_id, flip(face)])
        elif self.opt("packs") == "blue":
            g["comps"][2].append([card_id, face])
            self.log(f"nobody found it: card {card_id} goes back to compartment 3 unturned")
        else:
            g["out"].append(card_id)
            self.log(f"nobody found it: card {card_id} leaves the game")
        self._end_turn(gainer)

    def _summary(self, card_id: str, face: str, winner: int | None, kind: str) -> dict[str, Any]:
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

    # -------------------------------------------------------------- tournaments
    def _tournament_due(self) -> bool:
        g = self.g
        holders = sum(1 for held in g["cards"] if len(held) >= 2)
        due = {0: g["cards_won"] >= 1, 1: holders >= 1, 2: holders >= 2}
        return due.get(g["tournaments"], False)

    def _start_tournament(self, starter: int) -> None:
        g = self.g
        number = g["tournaments"] + 1
        g["tournament"] = {
            "number": number,
            "starter": starter,
            "current": starter,
            "steps": 0,
            "round_pebbles": [],
            "recited": [],
            "last_success": None,
            "attempt": None,
            "owed": [0] * self.n,
        }
        g["phase"] = "recite"
        self.log(f"tournament {number} begins with player {starter}")

    def matching_recitation(self, words: str) -> tuple[str | None, str | None]:
        """(a heard quotation not yet recited, else an already recited one) matching."""
        t = self.g["tournament"]
        fresh = already = None
        for card_id in self.g["heard"]:
            if quote_matches(words, self.card(card_id).quote):
                if card_id in t["recited"]:
                    already = already or card_id
                else:
                    fresh = card_id
                    break
        return fresh, already

    def _recite(self, player: int, words: str) -> None:
        t = self.g["tournament"]
        fresh, already = self.matching_recitation(words)
        if fresh is not None:
            t["recited"].append(fresh)
            t["last_success"] = player
            t["attempt"] = {"seat": player, "text": words, "result": "right", "card": fresh}
            self._next_reciter()
        else:
            result = "already" if already else "unknown"
            t["attempt"] = {"seat": player, "text": words, "result": result, "card": already}

    def _pebble(self, player: int, move: str) -> None:
        g = self.g
        t = g["tournament"]
        g["pebbles"][player] += 1
        g["cup_pebbles"] -= 1
        t["round_pebbles"].append(player)
        t["attempt"] = {"seat": player, "text": None, "result": move, "card": None}
        if g["cup_pebbles"] == 0:
            self.log("the pebbles have run out")
            self._end_tournament()
            return
        self._next_reciter()

    def _next_reciter(self) -> None:
        t = self.g["tournament"]
        t["steps"] += 1
        if t["steps"] % self.n == 0:
            if len(set(t["round_pebbles"])) == self.n:
                self._end_tournament()
                return
            t["round_pebbles"] = []
        t["current"] = (t["current"] + 1) % self.n

    def _end_tournament(self) -> None:
        g = self.g
        t = g["tournament"]
        for seat in range(self.n):
            if g["pebbles"][seat] > 0:
                g["pebbles"][seat] -= 1
            kept = g["pebbles"][seat]
            t["owed"][seat] = 0 if kept == 0 else 1 if kept <= 2 else 2
        g["pebbles"] = [0] * self.n
        g["cup_pebbles"] = PEBBLES
        t["order"] = [(t["starter"] + i) % self.n for i in range(self.n)]
        self.log(f"tournament {t['number']} is over")
        self._next_discard()

    def _next_discard(self) -> None:
        g = self.g
        t = g["tournament"]
        for seat in t["order"]:
            if t["owed"][seat] > 0 and (sum(g["tokens"][seat].values()) or g["cards"][seat]):
                t["current"] = seat
                g["phase"] = "discard"
                return
            t["owed"][seat] = 0
        self._finish_tournament()

    def _discard_actions(self, player: int) -> list[str]:
        g = self.g
        held = [c for c in CATEGORIES if g["tokens"][player][c] > 0]
        if held:
            return [f"discard {c}" for c in held]
        return [f"return {card_id}" for card_id in g["cards"][player]]

    def _discard(self, player: int, move: str) -> None:
        g = self.g
        t = g["tournament"]
        verb, what = move.split(" ", 1)
        if verb == "discard":
            g["tokens"][player][what] -= 1
            g["cup"][what] += 1
            self.log(f"player {player} discards a {what} token")
        else:
            g["cards"][player].remove(what)
            g["comps"][2].append([what, BORDEAUX])
            self.log(f"player {player} has no token left and returns card {what}")
        t["owed"][player] -= 1
        self._next_discard()

    def _draw_token(self, player: int) -> None:
        g = self.g
        pool = [c for c in CATEGORIES for _ in range(g["cup"][c])]
        if not pool:
            return
        category = self.rng.choice(pool)
        g["cup"][category] -= 1
        g["tokens"][player][category] += 1
        self.log(f"player {player} draws a {category} token from the cup")

    def _finish_tournament(self) -> None:
        g = self.g
        t = g["tournament"]
        if t["last_success"] is not None:
            self._draw_token(t["last_success"])
        if t["number"] == 3:
            for seat in t["order"]:
                self._draw_token(seat)
        g["tournaments"] = t["number"]
        g["tournament"] = None
        self._start_turn()

    # ------------------------------------------------------------- observation
    def observation(self, player: int | None = None) -> dict[str, Any]:
        from tablier.games.quiadiquoi.view import observe

        return observe(self, player)

    def render_text(self, viewer: int | None = None, lang: str = "fr") -> str:
        from tablier.games.quiadiquoi.view import render

        return render(self, viewer)
